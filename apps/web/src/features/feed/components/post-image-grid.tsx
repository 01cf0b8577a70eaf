import type { PostImage } from '@lunara/shared/media';
import { IMAGE_WIDTHS, mediaImageUrl } from '@lunara/shared/media';
import { useState } from 'react';
import { lazyPart } from '../../../components/lazy-part.tsx';
import { cn } from '../../../lib/cn.ts';
import { useOpenedOnce } from '../../../lib/use-opened-once.ts';

// The viewer's code (a Radix dialog) downloads when a picture is first opened, not with the feed.
const ImageViewer = lazyPart(
  'components/image-viewer.tsx',
  () => import('../../../components/image-viewer.tsx').then((module) => module.ImageViewer),
  null,
);

/** The original's width: shown only in the viewer, never in the feed. */
const VIEWER_WIDTH = IMAGE_WIDTHS.post_image.at(-1) as number;
/** What the feed may load: every stored width below the original. */
const FEED_WIDTHS = IMAGE_WIDTHS.post_image.filter((width) => width < VIEWER_WIDTH);

// The feed column is 720 px at most (45rem), less the card's padding and border: 680 px of image. Below
// that, the page's and the card's padding come off the viewport's width.
const FULL_SIZES = '(min-width: 48rem) 680px, calc(100vw - 4.625rem)';
const HALF_SIZES = '(min-width: 48rem) 338px, calc(50vw - 2.5rem)';

/**
 * The stored widths as a srcset, each described by the width it really has: a smaller upload is served
 * at its own width under the larger names, and the browser should not think it sharper than it is.
 */
export function feedSrcSet(image: PostImage): string {
  const seen = new Set<number>();
  const entries: string[] = [];
  for (const width of FEED_WIDTHS) {
    const actual = Math.min(width, image.width);
    if (seen.has(actual)) continue;
    seen.add(actual);
    entries.push(`${mediaImageUrl(image.url, width)} ${actual}w`);
  }
  return entries.join(', ');
}

export const imageAlt = (image: PostImage, index: number, count: number, authorName: string) =>
  image.alt || (count === 1 ? `Image from ${authorName}` : `Image ${index + 1} of ${count} from ${authorName}`);

/**
 * A post's images: one at the column's full width, two to four in a grid (three: the first across the
 * top). Each opens the full-size viewer. Width and height are given so nothing moves as they load.
 */
export function PostImageGrid({ images, authorName }: { images: PostImage[]; authorName: string }) {
  const [shown, setShown] = useState<number | null>(null);
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const viewerOpened = useOpenedOnce(shown !== null);
  if (images.length === 0) return null;
  const count = images.length;
  const alts = images.map((image, index) => imageAlt(image, index, count, authorName));

  return (
    <>
      <ul
        aria-label={count === 1 ? 'Image' : `${count} images`}
        className={cn('grid gap-1 overflow-hidden rounded-[var(--radius-control)]', count > 1 && 'grid-cols-2')}
      >
        {images.map((image, index) => {
          const wide = count === 1 || (count === 3 && index === 0);
          return (
            <li key={image.id} className={cn(count === 3 && index === 0 && 'col-span-2')}>
              <button
                type="button"
                className={cn(
                  'block w-full cursor-zoom-in bg-moon-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-gold-400',
                  count > 1 && (wide ? 'aspect-[2/1]' : 'aspect-square'),
                )}
                onClick={(event) => {
                  setOpener(event.currentTarget);
                  setShown(index);
                }}
              >
                <img
                  src={mediaImageUrl(image.url, count === 1 ? 680 : 340)}
                  srcSet={feedSrcSet(image)}
                  sizes={wide ? FULL_SIZES : HALF_SIZES}
                  width={image.width}
                  height={image.height}
                  alt={alts[index]}
                  loading="lazy"
                  decoding="async"
                  className={cn('w-full object-cover', count === 1 ? 'h-auto max-h-[36rem]' : 'h-full')}
                />
              </button>
            </li>
          );
        })}
      </ul>
      {viewerOpened && (
        <ImageViewer
          images={images.map((image, index) => ({
            src: mediaImageUrl(image.url, VIEWER_WIDTH),
            alt: alts[index] as string,
            width: image.width,
            height: image.height,
          }))}
          index={shown}
          onIndexChange={setShown}
          onClose={() => setShown(null)}
          title={`Images from ${authorName}`}
          returnFocusTo={opener}
        />
      )}
    </>
  );
}
