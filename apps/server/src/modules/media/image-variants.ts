import {
  IMAGE_TOO_MANY_PIXELS,
  IMAGE_UNREADABLE,
  IMAGE_WIDTHS,
  IMAGES_BUSY,
  MAX_IMAGE_PIXELS,
} from '@lunara/shared/media';
import sharp, { type Metadata } from 'sharp';
import type { MediaVariant } from '../../db/schema/media.ts';
import { badRequest, busy } from '../../errors.ts';

type ImageKind = keyof typeof IMAGE_WIDTHS;

// Each upload is decoded once per variant from its own file: libvips' cache would only keep decoded
// images of files already deleted in memory.
sharp.cache(false);

/** The formats stored at each width: AVIF and WebP for browsers that take them, then the fallback. */
const FORMATS = {
  avif: { contentType: 'image/avif', options: { quality: 55, effort: 2 } },
  webp: { contentType: 'image/webp', options: { quality: 80, effort: 3 } },
  jpg: { contentType: 'image/jpeg', options: { quality: 82, mozjpeg: true } },
  png: { contentType: 'image/png', options: { compressionLevel: 8 } },
} as const;

export interface ProcessedImage {
  variants: MediaVariant[];
  /** The largest variant's size. */
  width: number;
  height: number;
  /** The fallback's type (JPEG, or PNG for an image with transparency). */
  contentType: string;
}

/**
 * The widths an image is stored at: those of its kind it is at least as wide as, and its own width when
 * it is narrower than the largest (so the largest stored is never less than what was uploaded, up to
 * the kind's largest width). Never wider than the upload.
 */
export function widthsFor(kind: ImageKind, imageWidth: number): number[] {
  const listed: readonly number[] = IMAGE_WIDTHS[kind];
  const widths = listed.filter((width) => width <= imageWidth);
  const largest = listed.at(-1) as number;
  if (imageWidth < largest && !widths.includes(imageWidth)) widths.push(imageWidth);
  return widths;
}

/**
 * Images processed at once in this process: decoding one of up to 50 megapixels takes a few hundred MB,
 * and sharp already spreads each over the cores; the rest wait their turn.
 */
const IMAGES_AT_ONCE = 2;
/**
 * Images that may wait their turn; beyond, a 503 says to try again. Every waiting image holds a temporary
 * file and an open request, so the line must not grow without end (each member has at most
 * UPLOADS_IN_FLIGHT_MAX uploads running, but many members together could).
 */
export const IMAGES_WAITING_MAX = 24;
let running = 0;
const waiting: Array<() => void> = [];
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= IMAGES_AT_ONCE) {
    if (waiting.length >= IMAGES_WAITING_MAX) throw busy(IMAGES_BUSY);
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

const isPixelLimitError = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

/**
 * Makes every stored variant of the image in `file` and hands each to `store` (`{width}.{avif|webp|jpg|png}`).
 * A decompression bomb is refused from its header, before anything is decoded; EXIF orientation is
 * applied; nothing of the upload's metadata (EXIF, GPS, XMP, comments) is written, since sharp keeps
 * none unless asked. An animated GIF or WebP becomes its first frame.
 */
export function processImage(
  file: string,
  kind: ImageKind,
  store: (name: string, bytes: Buffer, contentType: string) => Promise<void>,
): Promise<ProcessedImage> {
  return inTurn(() => makeVariants(file, kind, store));
}

async function makeVariants(
  file: string,
  kind: ImageKind,
  store: (name: string, bytes: Buffer, contentType: string) => Promise<void>,
): Promise<ProcessedImage> {
  const input = () => sharp(file, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' });
  let metadata: Metadata;
  try {
    metadata = await input().metadata();
  } catch (error) {
    throw badRequest(isPixelLimitError(error) ? IMAGE_TOO_MANY_PIXELS : IMAGE_UNREADABLE);
  }
  if (!metadata.width || !metadata.height) throw badRequest(IMAGE_UNREADABLE);
  if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) throw badRequest(IMAGE_TOO_MANY_PIXELS);

  const uprightWidth = metadata.autoOrient?.width ?? metadata.width;
  const fallback = metadata.hasAlpha ? 'png' : 'jpg';
  const variants: MediaVariant[] = [];
  let largest = { width: 0, height: 0 };
  for (const width of widthsFor(kind, uprightWidth)) {
    const resized = input().rotate().resize({ width, withoutEnlargement: true });
    for (const extension of ['avif', 'webp', fallback] as const) {
      const output = resized.clone();
      if (extension === 'avif') output.avif(FORMATS.avif.options);
      else if (extension === 'webp') output.webp(FORMATS.webp.options);
      else if (extension === 'jpg') output.jpeg(FORMATS.jpg.options);
      else output.png(FORMATS.png.options);
      // Whatever sharp refuses is the image's fault; a storage failure below is the server's.
      const { data, info } = await output.toBuffer({ resolveWithObject: true }).catch((error: unknown) => {
        throw badRequest(isPixelLimitError(error) ? IMAGE_TOO_MANY_PIXELS : IMAGE_UNREADABLE);
      });
      const name = `${width}.${extension}`;
      const { contentType } = FORMATS[extension];
      await store(name, data, contentType);
      variants.push({ name, contentType, bytes: data.length, width: info.width });
      if (info.width > largest.width) largest = { width: info.width, height: info.height };
    }
  }
  return { variants, ...largest, contentType: FORMATS[fallback].contentType };
}
