import { z } from 'zod';
import { authorSchema } from './feed.ts';
import { singleLineText } from './text.ts';

/** What community search finds, in the order the filter lists them. */
export const SEARCH_KINDS = [
  'post',
  'comment',
  'topic',
  'reply',
  'course',
  'lesson',
  'event',
  'circle',
  'member',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  post: 'Posts',
  comment: 'Comments',
  topic: 'Forum topics',
  reply: 'Forum replies',
  course: 'Courses',
  lesson: 'Lessons',
  event: 'Events',
  circle: 'Circles',
  member: 'Members',
};

export const SEARCH_SINCE = ['any', 'week', 'month', 'year'] as const;
export type SearchSince = (typeof SEARCH_SINCE)[number];

export const SEARCH_SINCE_LABELS: Record<SearchSince, string> = {
  any: 'Any time',
  week: 'Past week',
  month: 'Past month',
  year: 'Past year',
};

export const SEARCH_QUERY_MAX = 100;
/** Each kind's best few on the grouped page; "more of this kind" pages by the kind filter. */
export const SEARCH_GROUP_SIZE = 3;
/** The spec's 10 search results, as the page size of one kind. */
export const SEARCH_PAGE_SIZE = 10;
/** How deep one kind pages: each kind ranks at most this many of its matches (see search-service.ts). */
export const SEARCH_MAX_OFFSET = 190;

/**
 * Around each matched word in `title` and `snippet`: the web turns the text between them into <mark>
 * elements (never HTML from the server). Private-use characters, removed from the text before marking.
 */
export const MARK_START = '\uE000';
export const MARK_END = '\uE001';

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

/** A marked text as parts, for rendering: odd parts were matched. Unbalanced marks are dropped. */
export function splitMarked(text: string): { text: string; marked: boolean }[] {
  const parts: { text: string; marked: boolean }[] = [];
  let marked = false;
  let current = '';
  for (const char of text) {
    if (char === MARK_START || char === MARK_END) {
      if (current) parts.push({ text: current, marked });
      current = '';
      marked = char === MARK_START;
      continue;
    }
    current += char;
  }
  if (current) parts.push({ text: current, marked });
  return parts;
}
