import {
  adminAnnouncementPageSchema,
  announcementCursorQuerySchema,
  announcementPinBodySchema,
  createAnnouncementBodySchema,
  pinnedAnnouncementListSchema,
  UNSUBSCRIBE_BAD_TOKEN,
  unsubscribeInfoSchema,
  unsubscribeQuerySchema,
} from '@lunara/shared/announcements';
import { errorResponseSchema } from '@lunara/shared/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../errors.ts';
import { requireRole, sessionUserOf } from '../../plugins/auth.ts';
import { requireSubscriber } from '../../plugins/membership-guards.ts';
import {
  createAnnouncement,
  deleteAnnouncement,
  dismissAnnouncement,
  listAnnouncements,
  listPinnedForMember,
  setAnnouncementPinned,
} from './announcement-service.ts';
import { unsubscribeKeyOf, wakeAnnouncementEmails } from './email-runner.ts';
import { unsubscribeFromAnnouncements, unsubscribeInfo } from './unsubscribe-service.ts';
import { verifyUnsubscribeToken } from './unsubscribe-token.ts';

const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const ok = z.object({ ok: z.literal(true) });
const announcementParams = z.object({ announcementId: z.uuid('Unknown announcement') });
const adminOnly = requireRole('admin', 'Only admins can send announcements');
const tags = ['announcements'];

/** The address a one-click unsubscribe is posted to (exempt from the cross-site check, see there). */
export const ONE_CLICK_UNSUBSCRIBE_PATH = '/api/email/unsubscribe';

/** Creates per admin: a few a minute is plenty for a person, and caps a runaway script's emails. */
const CREATES_PER_TEN_MINUTES = 10;

/** Members: the pinned announcements above the feed, and closing one. */
const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireSubscriber({ allowStaff: true }));
  app.get(
    '/api/announcements/pinned',
    {
      schema: {
        tags,
        summary: 'The announcements pinned above the feed for this member, newest first',
        response: { 200: pinnedAnnouncementListSchema, ...errors },
      },
    },
    async (request) => ({ items: await listPinnedForMember(app.db, (await sessionUserOf(request)).id) }),
  );
  app.post(
    '/api/announcements/:announcementId/dismiss',
    {
      schema: {
        tags,
        summary: 'Close a pinned announcement for this member',
        params: announcementParams,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await dismissAnnouncement(app.db, (await sessionUserOf(request)).id, request.params.announcementId);
      return { ok: true as const };
    },
  );
};

/** Admins: compose, list with delivery progress, unpin, delete. */
const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', adminOnly);
  app.get(
    '/api/admin/announcements',
    {
      schema: {
        tags,
        summary: 'Announcements sent, newest first, with their email progress',
        querystring: announcementCursorQuerySchema,
        response: { 200: adminAnnouncementPageSchema, ...errors },
      },
    },
    async (request) => listAnnouncements(app.db, request.query.cursor),
  );
  app.post(
    '/api/admin/announcements',
    {
      config: {
        rateLimit: {
          // After validation: a refused body uses none of her allowance.
          hook: 'preHandler',
          max: CREATES_PER_TEN_MINUTES,
          timeWindow: 10 * 60_000,
          keyGenerator: async (request: FastifyRequest) => `announcement:${(await sessionUserOf(request)).id}`,
        },
      },
      schema: {
        tags,
        summary: 'Send an announcement (pinned in the feed; emailed when asked)',
        body: createAnnouncementBodySchema,
        response: { 200: z.object({ id: z.string() }), 409: errorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const created = await createAnnouncement(app.db, (await sessionUserOf(request)).id, request.body);
      if (request.body.sendEmail) wakeAnnouncementEmails(app);
      return created;
    },
  );
  app.put(
    '/api/admin/announcements/:announcementId/pin',
    {
      schema: {
        tags,
        summary: 'Pin or unpin an announcement',
        params: announcementParams,
        body: announcementPinBodySchema,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      const actor = await sessionUserOf(request);
      await setAnnouncementPinned(app.db, actor.id, request.params.announcementId, request.body.isPinned);
      return { ok: true as const };
    },
  );
  app.delete(
    '/api/admin/announcements/:announcementId',
    {
      schema: {
        tags,
        summary: 'Delete an announcement (it leaves the feed; emails not queued yet are not sent)',
        params: announcementParams,
        response: { 200: ok, ...errors },
      },
    },
    async (request) => {
      await deleteAnnouncement(app.db, (await sessionUserOf(request)).id, request.params.announcementId);
      return { ok: true as const };
    },
  );
};

async function memberOfToken(app: FastifyInstance, token: string): Promise<string> {
  const userId = verifyUnsubscribeToken(await unsubscribeKeyOf(app), token);
  if (!userId) throw badRequest(UNSUBSCRIBE_BAD_TOKEN);
  return userId;
}

/**
 * The unsubscribe link, signed out: GET says what will happen (and never changes anything), POST
 * turns announcement emails off. The POST is what a mail client sends for RFC 8058's one-click
 * (`List-Unsubscribe=One-Click`, form-encoded or multipart; the body says nothing the token does not,
 * so it is read and ignored), from no page of ours: the cross-site check exempts this route alone.
 */
const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only in this plugin's scope: the rest of the API takes JSON only.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, _body, done) => done(null, undefined),
  );
  app.get(
    ONE_CLICK_UNSUBSCRIBE_PATH,
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'What the unsubscribe link will do (changes nothing)',
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribeInfoSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const userId = await memberOfToken(app, request.query.token);
      return { ...(await unsubscribeInfo(app.db, userId)), productName: app.config.productName };
    },
  );
  app.post(
    ONE_CLICK_UNSUBSCRIBE_PATH,
    {
      config: { rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: 'Stop announcement emails (RFC 8058 one-click; no sign-in, the token decides)',
        querystring: unsubscribeQuerySchema,
        response: { 200: ok, 400: errorResponseSchema },
      },
    },
    async (request) => {
      await unsubscribeFromAnnouncements(app.db, await memberOfToken(app, request.query.token));
      return { ok: true as const };
    },
  );
};

const announcementRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(memberRoutes);
  await app.register(adminRoutes);
  await app.register(unsubscribeRoutes);
};

export default announcementRoutes;
