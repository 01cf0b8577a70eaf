import { publicConfigSchema } from '@lunara/shared/app-config';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getPublicConfig } from './service.ts';

const appConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/config',
    { schema: { tags: ['operations'], summary: 'Public configuration', response: { 200: publicConfigSchema } } },
    async (_request, reply) => {
      // The plans change when the owner saves them: never kept by a browser or a proxy.
      reply.header('cache-control', 'no-cache');
      return getPublicConfig(app);
    },
  );
};

export default appConfigRoutes;
