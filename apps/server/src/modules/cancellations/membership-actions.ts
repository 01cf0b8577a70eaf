import type { CancellationBody } from '@lunara/shared/billing-history';
import type { FastifyInstance } from 'fastify';
import { conflict } from '../../errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import {
  cancelTestMembership,
  findManagedSubscription,
  NO_MEMBERSHIP,
  pauseTestMembership,
  resumeTestMembership,
} from './cancellation-service.ts';
import { cancelStripeMembership, pauseStripeMembership, resumeStripeMembership } from './stripe-actions.ts';

export { getMembershipDetails } from './cancellation-service.ts';

const MANAGED_ELSEWHERE = 'This membership was granted to you: there is nothing to cancel or pause';

/** Her membership's provider decides how: the test provider here, Stripe through its API. */
async function providerOf(app: FastifyInstance, member: SessionUser) {
  const sub = await findManagedSubscription(app.db, member.id);
  if (!sub) throw conflict(NO_MEMBERSHIP);
  if (sub.provider !== 'test' && sub.provider !== 'stripe') throw conflict(MANAGED_ELSEWHERE);
  return sub;
}

export async function cancelMembership(app: FastifyInstance, member: SessionUser, body: CancellationBody) {
  const sub = await providerOf(app, member);
  if (sub.provider === 'stripe') return cancelStripeMembership(app, member.id, sub, body);
  return cancelTestMembership(app.db, member.id, body);
}

export async function pauseMembership(app: FastifyInstance, member: SessionUser, months: number) {
  const sub = await providerOf(app, member);
  if (sub.provider === 'stripe') return pauseStripeMembership(app, member.id, sub, months);
  return pauseTestMembership(app.db, member.id, months);
}

export async function resumePausedMembership(app: FastifyInstance, member: SessionUser) {
  const sub = await providerOf(app, member);
  if (sub.provider === 'stripe') return resumeStripeMembership(app, member.id, sub);
  return resumeTestMembership(app.db, member.id);
}
