import { errorResponseSchema } from '@lunara/shared/api';
import { themeBodySchema } from '@lunara/shared/theme-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, sessionUserOf } from '../../plugins/auth.ts';
import { saveThemeChoice } from './service.ts';
import { themeCookieHeader } from './theme-cookie.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 429: errorResponseSchema };

/**
 * Her light/dark choice from the header's toggle or settings (issue 32). Kept on her profile (it follows
 * her to a new device) and in the cookie the page server reads, so this browser's next page is drawn in
 * it from the first paint. A visitor's toggle writes the cookie only, in the browser.
 */
const themeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/account/theme',
    {
      onRequest: requireUser,
      config: {
        rateLimit: {
          max: 60,
          timeWindow: 15 * 60_000,
          keyGenerator: async (request) => `account-theme:${(await request.getSessionUser())?.id ?? request.ip}`,
        },
      },
      schema: {
        tags: ['account'],
        summary: 'Save her theme: system, light or dark',
        body: themeBodySchema,
        response: { 200: themeBodySchema, ...errors },
      },
    },
    async (request, reply) => {
      const saved = await saveThemeChoice(app.db, (await sessionUserOf(request)).id, request.body.theme);
      reply.header('set-cookie', themeCookieHeader(saved.theme, app.config.appUrl.startsWith('https:')));
      return saved;
    },
  );
};

export default themeRoutes;
