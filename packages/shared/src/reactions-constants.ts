/**
 * The reactions beside the like.
 * No zod here, so that a page's first load can read them (zod-free-modules.test.ts): reactions.ts
 * re-exports them beside its schemas.
 */

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

/** Members listed per page in "who reacted". */
export const REACTORS_PAGE_SIZE = 20;
