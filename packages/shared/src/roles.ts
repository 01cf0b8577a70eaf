import { z } from 'zod';
import { ROLES } from './roles-constants.ts';

export type { Role } from './roles-constants.ts';
export { DEFAULT_ROLE, isAdminRole, isModeratorRole, ROLES } from './roles-constants.ts';

export const roleSchema = z.enum(ROLES);

export const assignRoleBodySchema = z.object({ role: roleSchema });
export type AssignRoleBody = z.infer<typeof assignRoleBodySchema>;
