import { errorResponseSchema } from '@lunara/shared/api';
import {
  EMAIL_TEMPLATE_KEYS,
  emailPreviewSchema,
  emailTemplateBodySchema,
  emailTemplateListSchema,
  emailTemplateSchema,
  TEST_SENDS_PER_WINDOW,
} from '@lunara/shared/email-templates';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { profiles } from '../../db/schema/members.ts';
import { requireRole, sessionUserOf } from '../../plugins/auth.ts';
import { listTemplates, previewTemplate, restoreTemplate, saveTemplate } from './template-service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const adminOnly = requireRole('admin', 'Only admins can edit the emails');
const params = z.object({ key: z.enum(EMAIL_TEMPLATE_KEYS, 'Unknown email template') });

/** The owner's transactional emails (issue 33): welcome, password reset, membership started. */
const emailTemplateRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  const appInfo = { productName: app.config.productName, appUrl: app.config.appUrl };
  const nameOf = async (request: FastifyRequest) => {
    const member = await sessionUserOf(request);
    const [profile] = await app.db
      .select({ name: profiles.displayName })
      .from(profiles)
      .where(eq(profiles.id, member.id));
    return { member, name: profile?.name };
  };

  app.get(
    '/api/admin/email-templates',
    {
      onRequest: adminOnly,
      schema: { tags, summary: 'The editable emails', response: { 200: emailTemplateListSchema, ...errors } },
    },
    async () => ({ items: await listTemplates(app.db) }),
  );
  app.put(
    '/api/admin/email-templates/:key',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Save an email template (subject and Markdown body with its variables)',
        params,
        body: emailTemplateBodySchema,
        response: { 200: emailTemplateSchema, ...errors },
      },
    },
    async (request) =>
      saveTemplate(app.db, (await sessionUserOf(request)).id, request.params.key, request.body, app.config.appUrl),
  );
  app.delete(
    '/api/admin/email-templates/:key',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Restore the built-in email',
        params,
        response: { 200: emailTemplateSchema, ...errors },
      },
    },
    async (request) => restoreTemplate(app.db, (await sessionUserOf(request)).id, request.params.key),
  );
  app.post(
    '/api/admin/email-templates/:key/preview',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Render a draft with sample values (HTML and text)',
        params,
        body: emailTemplateBodySchema,
        response: { 200: emailPreviewSchema, ...errors },
      },
    },
    async (request) => previewTemplate(request.params.key, request.body, appInfo, 'Luna'),
  );
  app.post(
    '/api/admin/email-templates/:key/test',
    {
      onRequest: adminOnly,
      config: {
        rateLimit: {
          max: TEST_SENDS_PER_WINDOW.max,
          timeWindow: TEST_SENDS_PER_WINDOW.minutes * 60_000,
          hook: 'preHandler' as const,
          keyGenerator: async (request: FastifyRequest) => `email-template-test:${(await sessionUserOf(request)).id}`,
        },
      },
      schema: {
        tags,
        summary: 'Send a draft to yourself with sample values',
        params,
        body: emailTemplateBodySchema,
        response: { 200: z.object({ ok: z.literal(true) }), ...errors, 429: errorResponseSchema },
      },
    },
    async (request) => {
      const { member, name } = await nameOf(request);
      const rendered = previewTemplate(request.params.key, request.body, appInfo, name || 'Luna');
      await app.mailer.send({ to: member.email, ...rendered, subject: `[Test] ${rendered.subject}` });
      return { ok: true as const };
    },
  );
};

export default emailTemplateRoutes;
