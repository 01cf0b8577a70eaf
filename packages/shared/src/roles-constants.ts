/**
 * The roles and what they may do.
 * No zod here, so that a page's first load can read them (zod-free-modules.test.ts): roles.ts
 * re-exports them beside its schemas.
 */

export const ROLES = ['admin', 'moderator', 'user'] as const;
export type Role = (typeof ROLES)[number];

/** The spec's fallback: a user without a role row (or whose lookup failed) is a plain user. */
export const DEFAULT_ROLE: Role = 'user';

export const isAdminRole = (role: Role) => role === 'admin';

export const isModeratorRole = (role: Role) => role === 'moderator' || role === 'admin';
