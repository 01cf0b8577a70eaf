import { z } from 'zod';
import { FORUM_ICONS } from './community.ts';
import { authorSchema, pageOf } from './feed.ts';
import { topicReadStateSchema } from './reads.ts';
import { multiLineText, singleLineText } from './text.ts';

export const TOPIC_TITLE_MAX = 200;
export const TOPIC_CONTENT_MAX = 20_000;
export const REPLY_MAX = 10_000;
export const TOPICS_PAGE_SIZE = 20;
export const REPLIES_PAGE_SIZE = 50;
export const TOPIC_LOCKED = 'This topic is locked: it takes no new replies';

export const forumCategorySchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.enum(FORUM_ICONS),
  color: z.string(),
  topicsCount: z.number().int(),
  latestTopic: z.object({ id: z.string(), title: z.string(), createdAt: z.string(), userName: z.string() }).nullable(),
});
export type ForumCategory = z.infer<typeof forumCategorySchema>;
export const forumCategoryListSchema = z.object({ categories: z.array(forumCategorySchema) });

export const topicSummarySchema = z.object({
  id: z.string(),
  categoryId: z.string(),
  title: z.string(),
  isPinned: z.boolean(),
  isLocked: z.boolean(),
  repliesCount: z.number().int(),
  viewsCount: z.number().int(),
  createdAt: z.string(),
  lastReplyAt: z.string().nullable(),
  lastReplyUserName: z.string().nullable(),
  /** Whose reply that was: the server names no member either side of a block. */
  lastReplyUserId: z.string().nullable(),
  author: authorSchema,
  /** Per viewer, in lists only: whether it is new to her and how many replies came since she last opened it. */
  readState: topicReadStateSchema.optional(),
});
export type TopicSummary = z.infer<typeof topicSummarySchema>;
export const topicPageSchema = pageOf(topicSummarySchema);
export type TopicPage = z.infer<typeof topicPageSchema>;

export const topicDetailSchema = topicSummarySchema.extend({
  content: z.string(),
  category: z.object({ id: z.string(), name: z.string() }),
  /** Only to its author and staff while reports hide it from everyone else (moderation). */
  hiddenForReview: z.boolean().optional(),
  /** When its author last edited it; null if never. */
  editedAt: z.string().nullable(),
});
export type TopicDetail = z.infer<typeof topicDetailSchema>;

export const replySchema = z.object({
  id: z.string(),
  topicId: z.string(),
  content: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  author: authorSchema,
  /** Only to a member who blocked its author: the text is not sent, a "hidden" line shows instead. */
  hiddenByBlock: z.boolean().optional(),
  /** Only to its author and staff while reports hide it from everyone else (moderation). */
  hiddenForReview: z.boolean().optional(),
  /** When its author last edited it; null if never. */
  editedAt: z.string().nullable(),
});
export type Reply = z.infer<typeof replySchema>;
export const replyPageSchema = pageOf(replySchema);
export type ReplyPage = z.infer<typeof replyPageSchema>;

export const topicBodySchema = z.object({
  title: singleLineText(TOPIC_TITLE_MAX, 'Give your topic a title', 'The title'),
  content: multiLineText(TOPIC_CONTENT_MAX, 'Write what you would like to discuss', 'The topic'),
});
export type TopicBody = z.infer<typeof topicBodySchema>;
export const replyBodySchema = z.object({ content: multiLineText(REPLY_MAX, 'Write a reply first', 'A reply') });
export const lockBodySchema = z.object({ isLocked: z.boolean() });
