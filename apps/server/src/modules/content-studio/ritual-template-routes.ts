import {
  adminRitualListSchema,
  adminRitualSchema,
  CONTENT_MESSAGES,
  createRitualTemplateBodySchema,
  updateRitualTemplateBodySchema,
} from '@lunara/shared/content-studio';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionUserOf } from '../../plugins/auth.ts';
import {
  archiveRitualTemplate,
  createRitualTemplate,
  listRitualTemplates,
  updateRitualTemplate,
} from './ritual-template-service.ts';
import { STUDIO_ERRORS, STUDIO_TAGS } from './studio-routes-kit.ts';

const ritualParams = z.object({ ritualId: z.uuid(CONTENT_MESSAGES.ritualNotFound) });

/** The ritual templates members are offered (issue 28): admins only, every change audited. */
const ritualTemplateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/rituals',
    {
      schema: {
        tags: STUDIO_TAGS,
        summary: 'Ritual templates on offer, by moon phase then title',
        response: { 200: adminRitualListSchema, ...STUDIO_ERRORS },
      },
    },
    async () => ({ rituals: await listRitualTemplates(app.db) }),
  );
  app.post(
    '/api/admin/rituals',
    {
      schema: {
        tags: STUDIO_TAGS,
        summary: 'Add a ritual template',
        body: createRitualTemplateBodySchema,
        response: { 201: adminRitualSchema, ...STUDIO_ERRORS },
      },
    },
    async (request, reply) => {
      const actor = await sessionUserOf(request);
      return reply.code(201).send(await createRitualTemplate(app.db, actor.id, request.body));
    },
  );
  app.patch(
    '/api/admin/rituals/:ritualId',
    {
      schema: {
        tags: STUDIO_TAGS,
        summary: 'Edit a ritual template (409 when someone saved it since `version`)',
        params: ritualParams,
        body: updateRitualTemplateBodySchema,
        response: { 200: adminRitualSchema, ...STUDIO_ERRORS },
      },
    },
    async (request) =>
      updateRitualTemplate(app.db, (await sessionUserOf(request)).id, request.params.ritualId, request.body),
  );
  app.delete(
    '/api/admin/rituals/:ritualId',
    {
      schema: {
        tags: STUDIO_TAGS,
        summary: "Remove a ritual template (members' completions of it are kept)",
        params: ritualParams,
        response: { 204: z.null(), ...STUDIO_ERRORS },
      },
    },
    async (request, reply) => {
      await archiveRitualTemplate(app.db, (await sessionUserOf(request)).id, request.params.ritualId);
      return reply.code(204).send(null);
    },
  );
};

export default ritualTemplateRoutes;
