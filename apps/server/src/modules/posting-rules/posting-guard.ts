import { VERIFY_EMAIL_TO_POST_MESSAGE } from '@lunara/shared/account-settings';
import type { FastifyRequest } from 'fastify';
import { AppError, unauthorized } from '../../errors.ts';
import { getPostingRules } from './service.ts';

/**
 * The one place the owner's "verified email before posting" rule is checked: an onRequest hook on each
 * create route (posts, comments, topics, replies, conversations and messages), after the route's own
 * guards, before the body is read. A confirmed member costs nothing; an unconfirmed one costs one read
 * of the setting, so a change applies at once in every process.
 */
export async function requireVerifiedEmailToPost(request: FastifyRequest): Promise<void> {
  const member = await request.getSessionUser();
  if (!member) throw unauthorized();
  if (member.emailVerified) return;
  if ((await getPostingRules(request.server.db)).requireVerifiedEmail) {
    throw new AppError('EMAIL_NOT_VERIFIED', 403, VERIFY_EMAIL_TO_POST_MESSAGE);
  }
}
