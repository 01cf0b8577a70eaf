import { z } from 'zod';
import { pageOf, postSchema } from './feed.ts';
import { topicSummarySchema } from './forums.ts';

/** Saving posts and forum topics to read later (issue 31): private, only she sees her list. */
export const BOOKMARK_KINDS = ['post', 'topic'] as const;
export type BookmarkKind = (typeof BOOKMARK_KINDS)[number];

export const BOOKMARKS_PAGE_SIZE = 20;
/** Her list and the reads that filter it stay bounded. */
export const MAX_BOOKMARKS = 1000;
export const BOOKMARK_LIMIT_REACHED = `You have saved ${MAX_BOOKMARKS} items, the most we keep. Remove one to save another.`;

export const bookmarkStateSchema = z.object({ saved: z.boolean() });
export type BookmarkState = z.infer<typeof bookmarkStateSchema>;

export const savedItemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('post'), savedAt: z.string(), post: postSchema }),
  z.object({ kind: z.literal('topic'), savedAt: z.string(), topic: topicSummarySchema }),
]);
export type SavedItem = z.infer<typeof savedItemSchema>;
export const savedPageSchema = pageOf(savedItemSchema);
export type SavedPage = z.infer<typeof savedPageSchema>;
