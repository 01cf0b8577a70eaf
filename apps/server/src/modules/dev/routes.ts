import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
};

export default devRoutes;
