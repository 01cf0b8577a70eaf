import { isModeratorRole } from '@lunara/shared/roles';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { hasActiveSubscription } from '../modules/billing/subscription-service.ts';
import type { SessionUser } from './auth.ts';

export const MEMBERSHIP_REQUIRED_MESSAGE = 'This is for members: an active membership is required';

/**
 * Her membership is active: the one rule behind every premium check (this guard, course access, media).
 * Within the period loaded with the session (dropped on any subscription change) no query is needed;
 * otherwise ask the database, which also renews or ends test memberships that are due.
 */
export async function hasActiveMembership(db: Db, member: SessionUser): Promise<boolean> {
  if (member.subscriptionEndsAt !== null && member.subscriptionEndsAt > Date.now()) return true;
  return hasActiveSubscription(db, member.id);
}

/**
 * onRequest guard for premium endpoints (before body validation, so visitors learn nothing): 401 without a session, 403 without an active subscription.
 * Staff (admins and moderators) pass where they work (community and rituals: allowStaff), not on the
 * course pages: the spec lets admins in, and a moderator must reach what she moderates (decision 016).
 */
export function requireSubscriber({ allowStaff }: { allowStaff: boolean }) {
  return async (request: FastifyRequest) => {
    const member = await request.getSessionUser();
    if (!member) throw unauthorized();
    if (allowStaff && isModeratorRole(member.role)) return;
    if (!(await hasActiveMembership(request.server.db, member))) throw forbidden(MEMBERSHIP_REQUIRED_MESSAGE);
  };
}
