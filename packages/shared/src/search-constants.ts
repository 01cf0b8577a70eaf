/**
 * Community search's kinds, limits and marks.
 * No zod here, so that a page's first load can read them (zod-free-modules.test.ts): search.ts
 * re-exports them beside its schemas.
 */

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
