import { z } from 'zod';
import { authorSchema } from './feed.ts';
import { SEARCH_KINDS, SEARCH_MAX_OFFSET, SEARCH_QUERY_MAX, SEARCH_SINCE } from './search-constants.ts';
import { singleLineText } from './text.ts';

export type { SearchKind, SearchSince } from './search-constants.ts';
export {
  MARK_END,
  MARK_START,
  SEARCH_GROUP_SIZE,
  SEARCH_KIND_LABELS,
  SEARCH_KINDS,
  SEARCH_MAX_OFFSET,
  SEARCH_PAGE_SIZE,
  SEARCH_QUERY_MAX,
  SEARCH_SINCE,
  SEARCH_SINCE_LABELS,
  splitMarked,
} from './search-constants.ts';

export const searchQuerySchema = z.object({
  q: singleLineText(SEARCH_QUERY_MAX, 'Type something to search for', 'The search'),
  kind: z.enum(SEARCH_KINDS, { message: 'Choose one of the kinds of results' }).optional(),
  since: z.enum(SEARCH_SINCE, { message: 'Choose any time, the past week, month or year' }).default('any'),
  /** The offset of a kind's next page, as `nextCursor` gave it. */
  cursor: z
    .string()
    .regex(/^\d{1,3}$/, 'The page cursor is not valid: start again from the first page')
    .transform(Number)
    .refine((offset) => offset <= SEARCH_MAX_OFFSET, 'The page cursor is not valid: start again from the first page')
    .optional(),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

export const searchResultSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.string(),
  /** Marked with MARK_START / MARK_END around the matched words. */
  title: z.string(),
  snippet: z.string(),
  /** The post of a comment, the topic of a reply, the course of a lesson, the circle of an event. */
  parentId: z.string().nullable(),
  author: authorSchema.nullable(),
  createdAt: z.string().nullable(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchGroupSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  items: z.array(searchResultSchema),
  /** More of this kind than shown: ask again with `kind` (grouped page) or `cursor` (a kind's page). */
  hasMore: z.boolean(),
});
export type SearchGroup = z.infer<typeof searchGroupSchema>;

export const searchResponseSchema = z.object({
  /** Best group first. */
  groups: z.array(searchGroupSchema),
  /** With `kind`: the next page's cursor, null at the end. */
  nextCursor: z.string().nullable(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
