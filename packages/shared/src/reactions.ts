import { z } from 'zod';
import { cursorSchema } from './params.ts';

/**
 * Reactions beside the like (issue 31): a small fixed set. They carry no points (the like keeps those),
 * and a member may give several different ones to one post.
 */
export const REACTIONS = [
  { key: 'heart', emoji: '❤️', label: 'Heart' },
  { key: 'moon', emoji: '🌙', label: 'Moon' },
  { key: 'sparkles', emoji: '✨', label: 'Sparkles' },
  { key: 'hug', emoji: '🤗', label: 'Hug' },
  { key: 'fire', emoji: '🔥', label: 'Fire' },
] as const;

export const REACTION_KEYS = ['heart', 'moon', 'sparkles', 'hug', 'fire'] as const;
export type ReactionKey = (typeof REACTION_KEYS)[number];
export const reactionKeySchema = z.enum(REACTION_KEYS, { message: 'Choose one of the reactions' });

/** Members listed per page in "who reacted". */
export const REACTORS_PAGE_SIZE = 20;

/** How many members gave each reaction; a reaction nobody gave is left out. */
export const reactionCountsSchema = z.object(
  Object.fromEntries(REACTION_KEYS.map((key) => [key, z.number().int().optional()])) as Record<
    ReactionKey,
    z.ZodOptional<z.ZodNumber>
  >,
);
export type ReactionCounts = z.infer<typeof reactionCountsSchema>;

export const reactionStateSchema = z.object({
  reactionCounts: reactionCountsSchema,
  myReactions: z.array(reactionKeySchema),
});
export type ReactionState = z.infer<typeof reactionStateSchema>;

export const reactorsQuerySchema = z.object({
  reaction: reactionKeySchema,
  cursor: cursorSchema.optional(),
});

/** A member who reacted (the feed's author shape; not imported from feed.ts, which imports this file). */
export const reactorSchema = z.object({ id: z.string(), displayName: z.string(), avatarUrl: z.string().nullable() });
export const reactorPageSchema = z.object({ items: z.array(reactorSchema), nextCursor: z.string().nullable() });
export type ReactorPage = z.infer<typeof reactorPageSchema>;
