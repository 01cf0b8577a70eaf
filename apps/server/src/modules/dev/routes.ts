import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendEventReminders } from '../events/reminder-service.ts';
import { loopbackOnly } from './loopback-only.ts';
import { renderOutboxPage } from './outbox-page.ts';
import { listRecentMail } from './outbox-service.ts';

const mailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.string(),
  createdAt: z.date(),
});

/**
 * Development only (never registered in production), and only to this machine itself (`npm start` listens
 * on every interface): the local outbox, as a page and as JSON.
 */
const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', loopbackOnly);
  app.get('/dev/outbox', { schema: { hide: true } }, async (_request, reply) => {
    const mails = await listRecentMail(app.db);
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
      .send(renderOutboxPage(app.config.productName, mails));
  });
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'The 50 newest emails of the local outbox',
        response: { 200: z.object({ mails: z.array(mailSchema) }) },
      },
    },
    async () => ({ mails: await listRecentMail(app.db) }),
  );
  // The reminders job at a time of the test's choosing (the browser test's clock): "1 hour before" without
  // waiting for it. Development only, like everything here.
  app.post(
    '/api/dev/event-reminders/run',
    {
      schema: {
        tags: ['development'],
        summary: 'Run the event reminders job as if it were `at` (now when left out)',
        // In the query, so that a POST with no body at all (the dev pages' own test) is a valid call.
        querystring: z.object({
          at: z.iso
            .datetime({ offset: true })
            // A day past it must still be a date PostgreSQL and toISOString agree on (year 10000 is not).
            .refine(
              (at) => Math.abs(new Date(at).getUTCFullYear() - 2000) < 1000,
              'at must be within 1000 years of 2000',
            )
            .optional(),
        }),
        response: { 200: z.object({ sent: z.number().int() }) },
      },
    },
    async (request) => ({
      sent: await sendEventReminders(app.db, app.mailer, {
        ...app.config,
        now: request.query.at ? new Date(request.query.at) : new Date(),
      }),
    }),
  );
};

export default devRoutes;
