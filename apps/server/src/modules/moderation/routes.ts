import { errorResponseSchema } from '@lunara/shared/api';
import { cursorQuerySchema } from '@lunara/shared/feed';
import {
  caseActionResponseSchema,
  moderationCasePageSchema,
  moderationSettingsSchema,
  reportBodySchema,
  reportResponseSchema,
  suspendBodySchema,
  warnBodySchema,
} from '@lunara/shared/moderation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actingMemberOf, requireRole, sessionUserOf } from '../../plugins/auth.ts';
import { requireSubscriber } from '../../plugins/membership-guards.ts';
import { requireVerifiedEmailToPost } from '../posting-rules/posting-guard.ts';
import { actOnCase } from './case-actions.ts';
import { listOpenCases } from './case-queue.ts';
import { readModerationSettings, saveModerationSettings } from './moderation-settings.ts';
import { createReport } from './report-service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const caseParams = z.object({ caseId: z.uuid('Unknown report') });
const STAFF_ONLY = 'Only moderators and admins can review reports';
const tags = ['moderation'];

/**
 * Reports (any member of the community, about what she can see) and the moderation queue (moderators
 * and admins). Guards run before the body is read, so a member learns nothing from validation errors.
 */
const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/reports',
    {
      // A report counts towards hiding what it names: where the owner asks for a confirmed email before
      // posting, the same holds for reporting.
      onRequest: [requireSubscriber({ allowStaff: true }), requireVerifiedEmailToPost],
      // A report reaches the staff: a member reports a handful an hour at most; repeats count too.
      config: {
        rateLimit: {
          max: 20,
          timeWindow: 60 * 60_000,
          hook: 'preHandler',
          keyGenerator: async (request) => `report:${(await sessionUserOf(request)).id}`,
        },
      },
      schema: {
        tags,
        summary: 'Report a post, comment, topic, reply, message or profile',
        body: reportBodySchema,
        response: { 200: reportResponseSchema, ...errors, 429: errorResponseSchema },
      },
    },
    // Staff lacking the required second factor report as members: what they may see is a member's.
    async (request) => createReport(app.db, await actingMemberOf(request), request.body),
  );

  app.get(
    '/api/moderation/cases',
    {
      onRequest: requireRole('moderator', STAFF_ONLY),
      schema: {
        tags,
        summary: 'Open reports, oldest first (moderators)',
        querystring: cursorQuerySchema,
        response: { 200: moderationCasePageSchema, ...errors },
      },
    },
    async (request) => listOpenCases(app.db, (await sessionUserOf(request)).id, request.query.cursor),
  );

  const actions = {
    dismiss: { summary: 'Dismiss a report: the content is shown again', body: undefined },
    delete: { summary: 'Delete the reported content', body: undefined },
    warn: { summary: 'Warn the author (a notification with your message)', body: warnBodySchema },
    suspend: { summary: 'Suspend the author (moderators up to 7 days)', body: suspendBodySchema },
  } as const;
  for (const [kind, { summary, body }] of Object.entries(actions) as [
    keyof typeof actions,
    (typeof actions)[keyof typeof actions],
  ][]) {
    app.post(
      `/api/moderation/cases/:caseId/${kind}`,
      {
        onRequest: requireRole('moderator', STAFF_ONLY),
        config: {
          rateLimit: {
            max: 120,
            timeWindow: 60_000,
            hook: 'preHandler',
            keyGenerator: async (request) => `moderation-action:${(await sessionUserOf(request)).id}`,
          },
        },
        schema: {
          tags,
          summary,
          params: caseParams,
          ...(body ? { body } : {}),
          response: { 200: caseActionResponseSchema, ...errors, 429: errorResponseSchema },
        },
      },
      async (request) => {
        const actor = await sessionUserOf(request);
        const input = (request.body ?? {}) as Record<string, unknown>;
        const action =
          kind === 'warn'
            ? { kind, message: String(input.message), deleteContent: input.deleteContent === true }
            : kind === 'suspend'
              ? {
                  kind,
                  reason: String(input.reason),
                  days: (input.days as number | null) ?? null,
                  deleteContent: input.deleteContent === true,
                }
              : { kind };
        return actOnCase(app.db, actor, request.params.caseId, action);
      },
    );
  }

  app.get(
    '/api/moderation/settings',
    {
      onRequest: requireRole('moderator', STAFF_ONLY),
      schema: { tags, summary: 'Moderation settings', response: { 200: moderationSettingsSchema, ...errors } },
    },
    async () => readModerationSettings(app.db),
  );
  app.put(
    '/api/moderation/settings',
    {
      onRequest: requireRole('admin', 'Only admins can change moderation settings'),
      schema: {
        tags,
        summary: 'Change how many members must report content before it is hidden (admins)',
        body: moderationSettingsSchema,
        response: { 200: moderationSettingsSchema, ...errors },
      },
    },
    async (request) => saveModerationSettings(app.db, (await sessionUserOf(request)).id, request.body),
  );
};

export default moderationRoutes;
