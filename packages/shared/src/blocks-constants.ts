/**
 * Blocking's limits and what it says.
 * No zod here, so that a page's first load can read them (zod-free-modules.test.ts): blocks.ts
 * re-exports them beside its schemas.
 */

/** What either member of a blocked pair reads when she tries to write to the other: it never says who blocked whom. */
export const CANNOT_MESSAGE_MEMBER = "You can't message this member";

export const NO_SELF_BLOCK = "You can't block yourself";

/** How many members one member may block: her list and every read's filter stay bounded. */
export const MAX_BLOCKS = 1000;

export const BLOCK_LIMIT_REACHED = `You have blocked ${MAX_BLOCKS} members, the most we keep. Unblock someone to block another.`;

export const BLOCKED_PAGE_SIZE = 20;

/** The line the blocker sees in a thread where the blocked member wrote. */
export const HIDDEN_BLOCKED_LINE = 'Hidden: you blocked this member';
