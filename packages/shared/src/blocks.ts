import { z } from 'zod';
import { authorSchema } from './feed.ts';

/**
 * Blocking and muting (issue 30). Blocking is private: the member who is blocked is never told, and no
 * answer she can get says so; she only finds she cannot reach the other.
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

export const blockStateSchema = z.object({ blocked: z.boolean() });
export type BlockState = z.infer<typeof blockStateSchema>;

export const blockedMemberSchema = z.object({
  member: authorSchema,
  blockedAt: z.string(),
});
export type BlockedMember = z.infer<typeof blockedMemberSchema>;

export const blockedMemberPageSchema = z.object({
  items: z.array(blockedMemberSchema),
  nextCursor: z.string().nullable(),
});
export type BlockedMemberPage = z.infer<typeof blockedMemberPageSchema>;

export const muteStateSchema = z.object({ muted: z.boolean() });
export type MuteState = z.infer<typeof muteStateSchema>;
