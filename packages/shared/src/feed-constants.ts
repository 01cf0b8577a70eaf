/**
 * The feed's limits and texts.
 * No zod here, so that a page's first load can read them (zod-free-modules.test.ts): feed.ts
 * re-exports them beside its schemas.
 */

export const FILL_ALL_FIELDS = 'Please fill in all fields';

export const POST_TITLE_MAX = 200;

export const POST_CONTENT_MAX = 10_000;

export const COMMENT_MAX = 2_000;

export const FEED_PAGE_SIZE = 20;

export const COMMENTS_PAGE_SIZE = 50;
