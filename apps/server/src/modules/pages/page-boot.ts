import type { PageBoot } from '@lunara/shared/page-boot';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getPublicConfig } from '../app-config/service.ts';
import { getSubscriptionStatus } from '../billing/subscription-service.ts';
import { openSession } from '../session/service.ts';

/** A visitor's boot data: the same for everyone, so her pages can be made once. */
export async function visitorBoot(app: FastifyInstance): Promise<PageBoot> {
  return { config: await getPublicConfig(app), me: { user: null }, subscription: null };
}

/**
 * What /api/config, /api/me and /api/billing/subscription would answer this request, read the same
 * way (opening a page is the daily visit, as /api/me is).
 */
export async function loadPageBoot(app: FastifyInstance, request: FastifyRequest): Promise<PageBoot> {
  const member = await request.getSessionUser();
  if (!member) return visitorBoot(app);
  const [me, subscription, config] = await Promise.all([
    openSession(app.db, member, request.log),
    getSubscriptionStatus(app.db, member),
    getPublicConfig(app),
  ]);
  return { config, me, subscription: me.user ? subscription : null };
}
