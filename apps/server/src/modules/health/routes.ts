import { healthResponseSchema } from '@lunara/shared/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Liveness for load balancers: the process answers. */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { schema: { tags: ['operations'], summary: 'Liveness check', response: { 200: healthResponseSchema } } },
    async () => ({ status: 'ok' as const }),
  );
};

export default healthRoutes;
