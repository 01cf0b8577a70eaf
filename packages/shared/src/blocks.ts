import { z } from 'zod';
import { authorSchema } from './feed.ts';

export {
  BLOCK_LIMIT_REACHED,
  BLOCKED_PAGE_SIZE,
  CANNOT_MESSAGE_MEMBER,
  HIDDEN_BLOCKED_LINE,
  MAX_BLOCKS,
  NO_SELF_BLOCK,
} from './blocks-constants.ts';

/**
 * Blocking and muting (issue 30). Blocking is private: the member who is blocked is never told, and no
 * answer she can get says so; she only finds she cannot reach the other.
 */

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
