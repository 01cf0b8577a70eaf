import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Avatar, avatarPixels } from './avatar.tsx';

const ID = '0b9f8a52-6c1e-4c55-9d7e-1f6c2b7a9e10';

describe('an avatar', () => {
  it('fetches an upload at the stored width that fits its size, with a 2x for dense screens', () => {
    const listed = renderToStaticMarkup(<Avatar name="Luna" src={`/media/${ID}`} />);
    expect(listed).toContain(`src="/media/${ID}/64"`);
    expect(listed).toContain(`srcSet="/media/${ID}/64 1x, /media/${ID}/128 2x"`);
    expect(listed).toContain('width="40"');
    expect(listed).toContain('loading="lazy"');
    // 64 px already covers a 32 px avatar on a dense screen.
    const small = renderToStaticMarkup(<Avatar name="Luna" src={`/media/${ID}`} className="size-8" />);
    expect(small).toContain(`src="/media/${ID}/64"`);
    expect(small).not.toContain('srcSet');
    // The largest stored width (and never the original) only where it is shown large.
    const large = renderToStaticMarkup(<Avatar name="Luna" src={`/media/${ID}`} className="size-16 text-xl" />);
    expect(large).toContain(`src="/media/${ID}/64"`);
    expect(large).toContain(`/media/${ID}/128 2x`);
    const huge = renderToStaticMarkup(<Avatar name="Luna" src={`/media/${ID}`} className="size-24" />);
    expect(huge).toContain(`src="/media/${ID}/128"`);
    expect(huge).toContain(`/media/${ID}/256 2x`);
  });

  it('shows the initial, and fetches nothing, for an address that is not one of our uploads', () => {
    for (const src of [
      'https://tracker.example/me.png',
      '//tracker.example/me.png',
      'javascript:alert(1)',
      'data:image/svg+xml;base64,PHN2Zy8+',
      '/media/../tracker.example/me.png',
      null,
    ]) {
      const html = renderToStaticMarkup(<Avatar name="luna" src={src} />);
      expect(html, String(src)).not.toContain('<img');
      expect(html).toContain('>L</span>');
      expect(html).toContain('aria-label="luna"');
    }
  });

  it('is 40 px unless its class gives another size, which then is the only size class', () => {
    expect(avatarPixels(undefined)).toBe(40);
    expect(avatarPixels('size-9 text-lg')).toBe(36);
    expect(avatarPixels('text-lg size-14')).toBe(56);
    expect(renderToStaticMarkup(<Avatar name="A" className="size-9" />)).not.toContain('size-10');
    expect(renderToStaticMarkup(<Avatar name="A" />)).toContain('size-10');
  });
});
