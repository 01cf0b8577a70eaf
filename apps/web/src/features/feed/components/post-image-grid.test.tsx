import type { PostImage } from '@lunara/shared/media';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { feedSrcSet, PostImageGrid } from './post-image-grid.tsx';

const image = (n: number, width = 2048, height = 1365, alt = ''): PostImage => ({
  id: `id-${n}`,
  url: `/media/id-${n}`,
  width,
  height,
  alt,
});

describe('a post’s images in the feed', () => {
  it('offer the stored widths up to 1360, described by the width each really has, never the original', () => {
    expect(feedSrcSet(image(1))).toBe('/media/id-1/340 340w, /media/id-1/680 680w, /media/id-1/1360 1360w');
    // A 900 px upload is served at 900 under the larger name: the browser is told so.
    expect(feedSrcSet(image(2, 900))).toBe('/media/id-2/340 340w, /media/id-2/680 680w, /media/id-2/1360 900w');
    expect(feedSrcSet(image(3, 200))).toBe('/media/id-3/340 200w');
    const html = renderToStaticMarkup(<PostImageGrid images={[1, 2, 3, 4].map((n) => image(n))} authorName="Luna" />);
    expect(html).not.toContain('/2048');
  });

  it('show one at the column’s width with its size known before it loads, lazily', () => {
    const html = renderToStaticMarkup(<PostImageGrid images={[image(1, 2048, 1365, 'A candle')]} authorName="Luna" />);
    expect(html).toContain('src="/media/id-1/680"');
    expect(html).toContain('sizes="(min-width: 48rem) 680px, calc(100vw - 4.625rem)"');
    expect(html).toContain('width="2048"');
    expect(html).toContain('height="1365"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('alt="A candle"');
  });

  it('name images without a description by their place and author, and halve the sizes in a grid', () => {
    const html = renderToStaticMarkup(
      <PostImageGrid images={[image(1, 2048, 1365, 'The altar'), image(2), image(3)]} authorName="Luna" />,
    );
    expect(html).toContain('alt="The altar"');
    expect(html).toContain('alt="Image 2 of 3 from Luna"');
    expect(html).toContain('alt="Image 3 of 3 from Luna"');
    // Three: the first across the top, the other two side by side.
    expect(html.match(/sizes="\(min-width: 48rem\) 680px/g)).toHaveLength(1);
    expect(html.match(/sizes="\(min-width: 48rem\) 338px/g)).toHaveLength(2);
    expect(renderToStaticMarkup(<PostImageGrid images={[image(1)]} authorName="Luna" />)).toContain(
      'alt="Image from Luna"',
    );
    expect(renderToStaticMarkup(<PostImageGrid images={[]} authorName="Luna" />)).toBe('');
  });
});
