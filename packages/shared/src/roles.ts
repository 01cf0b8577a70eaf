import { z } from 'zod';

export const ROLES = ['admin', 'moderator', 'user'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** The spec's fallback: a user without a role row (or whose lookup failed) is a plain user. */
export const DEFAULT_ROLE: Role = 'user';

export const isAdminRole = (role: Role) => role === 'admin';
export const isModeratorRole = (role: Role) => role === 'moderator' || role === 'admin';

export const assignRoleBodySchema = z.object({ role: roleSchema });
export type AssignRoleBody = z.infer<typeof assignRoleBodySchema>;
