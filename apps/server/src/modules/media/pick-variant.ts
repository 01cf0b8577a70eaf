import { IMAGE_WIDTHS, isImageKind, type MediaKind } from '@lunara/shared/media';
import type { MediaVariant } from '../../db/schema/media.ts';

/** The image formats a browser says it takes, best first; the fallback (JPEG or PNG) is always taken. */
function acceptedImageTypes(accept: string | undefined): Set<string> {
  const types = new Set<string>();
  for (const part of (accept ?? '').split(',')) {
    const [type = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    types.add(type);
  }
  return types;
}

/**
 * The stored object to send: for an image, the width asked for (one of its kind's widths, or one it is
 * stored at; a listed width larger than the upload gets the largest stored) in the best format the
 * browser accepts: AVIF, WebP, else the fallback. `/media/{id}` (no width) is the largest. Undefined
 * when nothing fits (an unknown width, or a width for something that is not an image).
 */
export function pickVariant(
  kind: MediaKind,
  variants: readonly MediaVariant[],
  width: number | undefined,
  accept: string | undefined,
): MediaVariant | undefined {
  if (!isImageKind(kind)) return width === undefined ? variants[0] : undefined;
  const stored = [...new Set(variants.map((variant) => variant.width ?? 0))].sort((a, b) => a - b);
  const listed: readonly number[] = IMAGE_WIDTHS[kind as keyof typeof IMAGE_WIDTHS];
  let chosen: number | undefined;
  if (width === undefined) chosen = stored.at(-1);
  else if (stored.includes(width)) chosen = width;
  else if (listed.includes(width)) chosen = stored.filter((candidate) => candidate <= width).at(-1) ?? stored[0];
  if (chosen === undefined) return undefined;
  const atWidth = variants.filter((variant) => variant.width === chosen);
  const accepted = acceptedImageTypes(accept);
  for (const type of ['image/avif', 'image/webp']) {
    const variant = atWidth.find((candidate) => candidate.contentType === type);
    if (variant && accepted.has(type)) return variant;
  }
  return atWidth.find((variant) => variant.contentType !== 'image/avif' && variant.contentType !== 'image/webp');
}
