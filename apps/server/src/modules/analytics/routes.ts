import { analyticsQuerySchema, analyticsSchema, analyticsSeriesParamsSchema } from '@lunara/shared/analytics';
import { errorResponseSchema } from '@lunara/shared/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../plugins/auth.ts';
import { analyticsCsv, getAnalytics } from './analytics-service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
// Revenue: admins only, never moderators.
const adminOnly = requireRole('admin', 'Only admins can see the analytics');

const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['admin'];
  app.get(
    '/api/admin/analytics',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'Analytics: every series of a range, from the daily aggregates',
        querystring: analyticsQuerySchema,
        response: { 200: analyticsSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getAnalytics(app.db, request.query);
    },
  );
  app.get(
    '/api/admin/analytics/:series.csv',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        summary: 'One analytics series as CSV',
        params: analyticsSeriesParamsSchema,
        querystring: analyticsQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const data = await getAnalytics(app.db, request.query);
      const { series } = request.params;
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="lunara-${series}-${data.range}-${data.to}.csv"`)
        .send(analyticsCsv(data, series));
    },
  );
};

export default analyticsRoutes;
