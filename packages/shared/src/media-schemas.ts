import { z } from 'zod';
import { IMAGE_ALT_MAX, MEDIA_KINDS, POST_IMAGES_MAX, POST_IMAGES_TOO_MANY } from './media.ts';
import { positiveInt32Param } from './params.ts';
import { optionalSingleLineText } from './text.ts';

/* The media API's schemas (their types are in media.ts, which holds the constants and stays free of zod). */

export const mediaSchema = z.object({
  id: z.string(),
  kind: z.enum(MEDIA_KINDS),
  /** `/media/{id}`. */
  url: z.string(),
  contentType: z.string(),
  /** Bytes stored for it, every size and format counted. */
  byteSize: z.number().int(),
  /** Images only: the size after processing (never more than 2048 px wide). */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** The file's name as uploaded, cleaned (shown for downloads). */
  fileName: z.string(),
});

/** An image shown on a post. */
export const postImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
});

/** The images a new post carries: uploads of kind `post_image` of the author's, not on a post yet. */
export const postImagesInputSchema = z
  .array(
    z.object({
      mediaId: z.uuid({ message: 'That image is not one of your uploads' }),
      alt: optionalSingleLineText(IMAGE_ALT_MAX, 'The image description').default(''),
    }),
  )
  .max(POST_IMAGES_MAX, POST_IMAGES_TOO_MANY)
  .refine((images) => new Set(images.map((image) => image.mediaId)).size === images.length, 'An image is there twice')
  .default([]);

/** The upload's query: `POST /api/media/{kind}` with the file as the raw body. */
export const uploadQuerySchema = z.object({
  /** course_cover: the course it is the cover of. */
  courseId: positiveInt32Param('That course does not exist').optional(),
  /** lesson_video, lesson_file, lesson_image: the lesson it belongs to. */
  lessonId: z
    .string()
    .regex(/^[\w-]{1,100}$/, 'That lesson does not exist')
    .optional(),
});

export const storageTotalsSchema = z.object({
  totalBytes: z.number().int(),
  files: z.number().int(),
  byKind: z.array(z.object({ kind: z.enum(MEDIA_KINDS), bytes: z.number().int(), files: z.number().int() })),
  members: z.array(
    z.object({ userId: z.string(), displayName: z.string(), bytes: z.number().int(), files: z.number().int() }),
  ),
});
