import { z } from 'zod';
import { cursorSchema } from './params.ts';
import { REACTION_KEYS, type ReactionKey } from './reactions-constants.ts';

export type { ReactionKey } from './reactions-constants.ts';
export { REACTION_KEYS, REACTIONS, REACTORS_PAGE_SIZE } from './reactions-constants.ts';

export const reactionKeySchema = z.enum(REACTION_KEYS, { message: 'Choose one of the reactions' });

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
