import { errorResponseSchema } from '@lunara/shared/api';
import { adminPodListSchema, podBodySchema, podUpdateSchema } from '@lunara/shared/pods';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole, sessionUserOf } from '../../plugins/auth.ts';
import { createPod, listAdminPods, updatePod } from './pod-admin-service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** Creating and editing pods and choosing their mentors: admins only (Admin Panel, Pods tab). */
const podAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireRole('admin', 'Only admins can manage pods'));
  const tags = ['admin'];

  app.get(
    '/api/admin/pods',
    { schema: { tags, summary: 'Every pod, open or not', response: { 200: adminPodListSchema, ...errors } } },
    async () => ({ pods: await listAdminPods(app.db) }),
  );
  app.post(
    '/api/admin/pods',
    {
      schema: {
        tags,
        summary: 'Create a pod with its mentor and group conversation',
        body: podBodySchema,
        response: { 200: z.object({ id: z.string() }), ...errors },
      },
    },
    async (request) => ({ id: await createPod(app.db, (await sessionUserOf(request)).id, request.body) }),
  );
  app.put(
    '/api/admin/pods/:podId',
    {
      schema: {
        tags,
        summary: 'Edit a pod or change its mentor (from the version read)',
        params: z.object({ podId: z.uuid('Unknown pod') }),
        body: podUpdateSchema,
        response: { 200: z.object({ version: z.number().int() }), ...errors },
      },
    },
    async (request) => ({
      version: await updatePod(app.db, (await sessionUserOf(request)).id, request.params.podId, request.body),
    }),
  );
};

export default podAdminRoutes;
