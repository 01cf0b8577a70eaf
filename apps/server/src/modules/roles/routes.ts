import { errorResponseSchema } from '@lunara/shared/api';
import { memberIdSchema } from '@lunara/shared/params';
import { assignRoleBodySchema, roleSchema } from '@lunara/shared/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireRole, sessionUserOf } from '../../plugins/auth.ts';
import { assignUserRole } from './service.ts';

const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/users/:userId/role',
    {
      // Checked before the body, so a member who is not an admin learns nothing from validation errors.
      onRequest: requireRole('admin', 'Only admins can assign roles'),
      schema: {
        tags: ['admin'],
        summary: 'Assign a role (admins only)',
        params: z.object({ userId: memberIdSchema('Unknown member') }),
        body: assignRoleBodySchema,
        response: {
          200: z.object({ userId: z.string(), role: roleSchema }),
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const actor = await sessionUserOf(request);
      const role = await assignUserRole({
        db: app.db,
        actorId: actor.id,
        targetUserId: request.params.userId,
        role: request.body.role,
      });
      return { userId: request.params.userId, role };
    },
  );
};

export default roleRoutes;
