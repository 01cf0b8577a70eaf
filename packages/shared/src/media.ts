import type { z } from 'zod';
import type { mediaSchema, postImageSchema, storageTotalsSchema } from './media-schemas.ts';

/** What an upload is for: it decides the size limit, the accepted types, who may upload and who may read. */
export const MEDIA_KINDS = [
  'avatar',
  'post_image',
  'course_cover',
  'lesson_video',
  'lesson_file',
  'lesson_image',
] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export const IMAGE_KINDS = [
  'avatar',
  'post_image',
  'course_cover',
  'lesson_image',
] as const satisfies readonly MediaKind[];
export const isImageKind = (kind: MediaKind) => (IMAGE_KINDS as readonly MediaKind[]).includes(kind);

const MB = 1024 * 1024;
/** Default largest upload per kind, in bytes; each is configurable (UPLOAD_LIMIT_<KIND>_MB). */
export const DEFAULT_UPLOAD_LIMITS: Record<MediaKind, number> = {
  avatar: 5 * MB,
  post_image: 10 * MB,
  course_cover: 10 * MB,
  lesson_file: 100 * MB,
  lesson_video: 2048 * MB,
  lesson_image: 10 * MB,
};

/**
 * The widths (CSS px x the densities shown) each image kind is stored at. An image is served at
 * `/media/{id}/{width}` in the best format the browser accepts (AVIF, WebP, else JPEG or PNG), never
 * larger than it was uploaded. `/media/{id}` is the largest.
 */
export const IMAGE_WIDTHS = {
  avatar: [64, 128, 256],
  post_image: [340, 680, 1360, 2048],
  course_cover: [400, 800, 1600],
  /** Pictures in a lesson's text (the column is at most 720 px wide). */
  lesson_image: [400, 800, 1600],
} as const satisfies Record<(typeof IMAGE_KINDS)[number], readonly number[]>;

/** Images larger than this many pixels are refused before they are decoded (a decompression bomb). */
export const MAX_IMAGE_PIXELS = 50_000_000;

export const POST_IMAGES_MAX = 4;
export const POST_IMAGES_TOO_MANY = `A post can have at most ${POST_IMAGES_MAX} images`;
export const IMAGE_ALT_MAX = 300;

/** Where a stored file is served: images take `/{width}` after it. */
export const mediaUrl = (id: string) => `/media/${id}`;
/** An image's address at one of its stored widths. */
export const mediaImageUrl = (baseUrl: string, width: number) => `${baseUrl}/${width}`;

/** The stored image width that covers `cssWidth` at `density`, or the largest. */
export function pickImageWidth(widths: readonly number[], cssWidth: number, density = 1): number {
  const wanted = cssWidth * density;
  return widths.find((width) => width >= wanted) ?? (widths.at(-1) as number);
}

/** Header carrying the file's name (encodeURIComponent), since the body is the file itself. */
export const FILE_NAME_HEADER = 'x-file-name';

// The response and request schemas live in media-schemas.ts: a page that shows images or checks a file's
// type needs these constants without zod (about 25 kB gzip) in its first load.
export type Media = z.infer<typeof mediaSchema>;
export type PostImage = z.infer<typeof postImageSchema>;
export type StorageTotals = z.infer<typeof storageTotalsSchema>;

const KIND_NOUNS: Record<MediaKind, string> = {
  avatar: 'A profile photo',
  post_image: 'An image',
  course_cover: 'A cover image',
  lesson_file: 'A lesson file',
  lesson_video: 'A lesson video',
  lesson_image: 'A lesson picture',
};

/** "12.5 MB", "800 KB", "2 GB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * MB) return `${Number((bytes / (1024 * MB)).toFixed(1))} GB`;
  if (bytes >= MB) return `${Number((bytes / MB).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

export const fileTooLargeMessage = (kind: MediaKind, limit: number) =>
  `${KIND_NOUNS[kind]} can be at most ${formatBytes(limit)}`;
/** Uploads one member may have running at once (the composer sends up to four images together). */
export const UPLOADS_IN_FLIGHT_MAX = 4;
export const TOO_MANY_UPLOADS_AT_ONCE = `You can send ${UPLOADS_IN_FLIGHT_MAX} files at a time. Please wait for one to finish`;
/** Post images one member may have uploaded and not yet posted (each is deleted a day after upload). */
export const UNPOSTED_IMAGES_MAX = 20;
export const TOO_MANY_UNPOSTED_IMAGES = `You have ${UNPOSTED_IMAGES_MAX} images waiting to be posted. Share or remove some first`;
export const IMAGES_BUSY = 'Many images are being prepared right now. Please try again in a minute';
export const FILE_EMPTY = 'That file is empty';
export const FILE_INCOMPLETE = 'The upload did not finish. Please try again';
export const IMAGE_TOO_MANY_PIXELS = 'That image is too large to process. Please use one under 50 megapixels';
export const IMAGE_UNREADABLE = 'That image could not be read. Please try another one';

/** What each kind accepts, for the message that refuses anything else (checked by content, not name). */
export const ACCEPTED_TYPES_TEXT: Record<MediaKind, string> = {
  avatar: 'a JPEG, PNG, WebP, AVIF or GIF image',
  post_image: 'a JPEG, PNG, WebP, AVIF or GIF image',
  course_cover: 'a JPEG, PNG, WebP, AVIF or GIF image',
  lesson_video: 'an MP4, WebM or MOV video',
  lesson_file: 'a PDF, an MP3, M4A or WAV audio file, or an image',
  lesson_image: 'a JPEG, PNG, WebP, AVIF or GIF image',
};
export const wrongTypeMessage = (kind: MediaKind) => `That file is not ${ACCEPTED_TYPES_TEXT[kind]}`;

/** The `accept` attribute of each kind's file picker (a hint only: the server checks the content). */
export const ACCEPT_ATTRIBUTE: Record<MediaKind, string> = {
  avatar: 'image/jpeg,image/png,image/webp,image/avif,image/gif',
  post_image: 'image/jpeg,image/png,image/webp,image/avif,image/gif',
  course_cover: 'image/jpeg,image/png,image/webp,image/avif,image/gif',
  lesson_video: 'video/mp4,video/webm,video/quicktime',
  lesson_file: 'application/pdf,audio/mpeg,audio/mp4,audio/x-m4a,audio/wav,image/*',
  lesson_image: 'image/jpeg,image/png,image/webp,image/avif,image/gif',
};

/** What admins upload for the courses (covers, lesson videos, files and pictures): they alone may. */
export const COURSE_MEDIA_KINDS = [
  'course_cover',
  'lesson_video',
  'lesson_file',
  'lesson_image',
] as const satisfies readonly MediaKind[];
export const isCourseMediaKind = (kind: string) => (COURSE_MEDIA_KINDS as readonly string[]).includes(kind);
