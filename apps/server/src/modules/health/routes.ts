import { healthResponseSchema, readinessResponseSchema } from '@lunara/shared/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appliedMigrationCount, expectedMigrationCount } from './readiness-service.ts';

/** A database that does not answer in this time is as good as down for a load balancer. */
const READY_TIMEOUT_MS = 2_000;

const withTimeout = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms).unref()),
  ]);

/** Liveness (the process answers) and readiness (it can serve: database up, migrated, not stopping). */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const expected = expectedMigrationCount();
  app.addHook('preClose', async () => {
    app.lifecycle.draining = true;
  });

  app.get(
    '/api/health',
    { schema: { tags: ['operations'], summary: 'Liveness check', response: { 200: healthResponseSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['operations'],
        summary: 'Readiness check: the database answers and is migrated',
        response: { 200: readinessResponseSchema, 503: readinessResponseSchema },
      },
    },
    async (_request, reply) => {
      if (app.lifecycle.draining) return reply.code(503).send({ status: 'unavailable', reason: 'shutting down' });
      let applied: number;
      try {
        applied = await withTimeout(appliedMigrationCount(app.db), READY_TIMEOUT_MS);
      } catch (error) {
        app.log.warn({ err: error }, 'readiness: database unreachable');
        return reply.code(503).send({ status: 'unavailable', reason: 'database unreachable' });
      }
      const migrations = { applied, expected };
      if (applied < expected) {
        return reply.code(503).send({ status: 'unavailable', reason: 'migrations not applied', migrations });
      }
      return { status: 'ready' as const, migrations };
    },
  );
};

export default healthRoutes;
