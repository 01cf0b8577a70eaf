import { z } from 'zod';
import { POST_CATEGORY_KEYS } from './community.ts';
import { COMMENT_MAX, FILL_ALL_FIELDS, POST_CONTENT_MAX, POST_TITLE_MAX } from './feed-constants.ts';
import { postImageSchema, postImagesInputSchema } from './media-schemas.ts';
import { cursorSchema } from './params.ts';
import { reactionCountsSchema, reactionKeySchema } from './reactions.ts';
import { multiLineText, singleLineText } from './text.ts';

export {
  COMMENT_MAX,
  COMMENTS_PAGE_SIZE,
  FEED_PAGE_SIZE,
  FILL_ALL_FIELDS,
  POST_CONTENT_MAX,
  POST_TITLE_MAX,
} from './feed-constants.ts';

export const createPostBodySchema = z.object({
  // Blank answers with the spec's "Please fill in all fields".
  title: singleLineText(POST_TITLE_MAX, FILL_ALL_FIELDS, 'The title'),
  content: multiLineText(POST_CONTENT_MAX, FILL_ALL_FIELDS, 'The post'),
  category: z.enum(POST_CATEGORY_KEYS, { message: 'Choose one of the categories' }).default('general'),
  /** Uploads of the author's (`POST /api/media/post_image`) shown with the post, in this order. */
  images: postImagesInputSchema,
  /** Posting in a circle: only its members (and staff) will see it. Absent: the main feed. */
  circleId: z.uuid('Unknown circle').optional(),
});
export type CreatePostBody = z.input<typeof createPostBodySchema>;

export const createCommentBodySchema = z.object({
  content: multiLineText(COMMENT_MAX, 'Write a comment first', 'A comment'),
});

export const authorSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  avatarUrl: z.string().nullable(),
});
export type Author = z.infer<typeof authorSchema>;

export const postSchema = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  category: z.enum(POST_CATEGORY_KEYS),
  isPinned: z.boolean(),
  likesCount: z.number().int(),
  commentsCount: z.number().int(),
  createdAt: z.string(),
  author: authorSchema,
  likedByMe: z.boolean(),
  /** How many members gave each reaction (shared); which of them the viewer gave, and whether she saved it. */
  reactionCounts: reactionCountsSchema,
  myReactions: z.array(reactionKeySchema),
  savedByMe: z.boolean(),
  /** In the order the author chose (at most POST_IMAGES_MAX). */
  images: z.array(postImageSchema),
  /** Only to its author and staff while reports hide it from everyone else (moderation). */
  hiddenForReview: z.boolean().optional(),
  /** When its author last edited it; null if never. */
  editedAt: z.string().nullable(),
  /** The circle it was posted in (seen only by its members and staff); null on the main feed. */
  circle: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type Post = z.infer<typeof postSchema>;

/** A page of a keyset-paged list; `nextCursor` is null on the last page. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });

export const postPageSchema = pageOf(postSchema);
export type PostPage = z.infer<typeof postPageSchema>;

export const commentSchema = z.object({
  id: z.string(),
  postId: z.string(),
  content: z.string(),
  createdAt: z.string(),
  author: authorSchema,
  /** Only to a member who blocked its author: the text is not sent, a "hidden" line shows instead. */
  hiddenByBlock: z.boolean().optional(),
  /** Only to its author and staff while reports hide it from everyone else (moderation). */
  hiddenForReview: z.boolean().optional(),
  /** When its author last edited it; null if never. */
  editedAt: z.string().nullable(),
});
export type Comment = z.infer<typeof commentSchema>;
export const commentPageSchema = pageOf(commentSchema);
export type CommentPage = z.infer<typeof commentPageSchema>;

export const cursorQuerySchema = z.object({ cursor: cursorSchema.optional() });

export const likeResponseSchema = z.object({ liked: z.boolean(), likesCount: z.number().int() });
export type LikeResponse = z.infer<typeof likeResponseSchema>;

/** A post's images that are no longer hers to attach (someone else's, on a post already, or not uploaded). */
export const POST_IMAGES_UNAVAILABLE = 'One of the images is no longer available. Please remove it and add it again';

export const pinBodySchema = z.object({ isPinned: z.boolean() });
