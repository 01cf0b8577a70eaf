import { IMAGE_WIDTHS, mediaImageUrl, pickImageWidth } from '@lunara/shared/media';
import { isOwnMediaPath } from '@lunara/shared/urls-constants';
import { useState } from 'react';
import { cn } from '../../lib/cn.ts';

// Tailwind's `size-N` is N x 4 CSS px; an avatar is 40 px (size-10) unless its class says otherwise.
const SIZE_CLASS = /(?:^|\s)size-(\d+)(?=\s|$)/;
const DEFAULT_SIZE_CLASS = 'size-10';

/** The CSS pixels an avatar is shown at, read from the `size-N` in its class (the one place it is set). */
export function avatarPixels(className: string | undefined): number {
  const step = className?.match(SIZE_CLASS)?.[1];
  return step ? Number(step) * 4 : 40;
}

// An upload as the server stores it: `/media/{id}`, served at each of IMAGE_WIDTHS.avatar.
const UPLOAD_PATH = /^\/media\/[\w-]+$/;

/**
 * Where the browser fetches the picture from, or null for the initial. Only this server's own uploads
 * are shown: an address elsewhere would tell that host who looks at it (the server blanks them too).
 * An upload is fetched at the stored width that covers its size, with a 2x for dense screens.
 */
export function avatarImage(src: string | null | undefined, px: number) {
  if (!src || !isOwnMediaPath(src)) return null;
  if (!UPLOAD_PATH.test(src)) return { src, srcSet: undefined };
  const at1x = mediaImageUrl(src, pickImageWidth(IMAGE_WIDTHS.avatar, px, 1));
  const at2x = mediaImageUrl(src, pickImageWidth(IMAGE_WIDTHS.avatar, px, 2));
  return { src: at1x, srcSet: at2x === at1x ? undefined : `${at1x} 1x, ${at2x} 2x` };
}

/** A member's picture, or her initial on a soft gradient while it loads, when it fails, or when she has none. */
export function Avatar({
  name,
  src,
  className,
}: {
  name: string;
  src?: string | null;
  /** Its size as a Tailwind `size-N` (size-7 to size-16 in the app), plus any text size for the initial. */
  className?: string;
}) {
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  const px = avatarPixels(className);
  const sizeClass = SIZE_CLASS.test(className ?? '') ? null : DEFAULT_SIZE_CLASS;
  const image = avatarImage(src, px);
  // Keyed by address, so a new photo starts from the initial again until it has loaded.
  const [loaded, setLoaded] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = image !== null && failed !== image.src;
  const isLoaded = showImage && loaded === image.src;
  return (
    <span
      role="img"
      aria-label={name}
      className={cn('relative inline-flex shrink-0 overflow-hidden rounded-full', sizeClass, className)}
    >
      {!isLoaded && (
        <span
          aria-hidden="true"
          className="flex size-full items-center justify-center bg-gradient-to-br from-rose-300 to-gold-300 font-semibold text-night-900"
        >
          {initial}
        </span>
      )}
      {showImage && (
        <img
          key={image.src}
          src={image.src}
          srcSet={image.srcSet}
          width={px}
          height={px}
          alt=""
          loading="lazy"
          decoding="async"
          // Already decoded (from the cache, or before hydration) fires no load event to wait for.
          ref={(node) => {
            if (node?.complete && node.naturalWidth > 0) setLoaded(image.src);
          }}
          onLoad={() => setLoaded(image.src)}
          onError={() => setFailed(image.src)}
          className={cn('absolute inset-0 size-full object-cover', !isLoaded && 'opacity-0')}
        />
      )}
    </span>
  );
}
