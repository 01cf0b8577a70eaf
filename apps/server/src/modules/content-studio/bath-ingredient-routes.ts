import {
  adminBathIngredientListSchema,
  adminBathIngredientSchema,
  BATH_MESSAGES,
  createBathIngredientBodySchema,
  updateBathIngredientBodySchema,
} from '@lunara/shared/bath-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionUserOf } from '../../plugins/auth.ts';
import {
  createBathIngredient,
  deleteBathIngredient,
  listBathIngredients,
  updateBathIngredient,
} from './bath-ingredient-service.ts';
import { STUDIO_ERRORS, STUDIO_TAGS } from './studio-routes-kit.ts';

const ingredientParams = z.object({ ingredientId: z.uuid(BATH_MESSAGES.ingredientNotFound) });

/** The bath builder's ingredient catalog (issue 29): admins only, every change audited. */
const bathIngredientRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/bath-ingredients',
    {
      schema: {
        tags: STUDIO_TAGS,
        summary: 'Every bath ingredient, offered or not, by kind then name',
        response: { 200: adminBathIngredientListSchema, ...STUDIO_ERRORS },
      },
    },
    async () => ({ ingredients: await listBathIngredients(app.db) }),
  );
  app.post(
    '/api/admin/bath-ingredients',
    {
      schema: {
        tags: STUDIO_TAGS,
        summary: 'Add a bath ingredient',
        body: createBathIngredientBodySchema,
        response: { 201: adminBathIngredientSchema, ...STUDIO_ERRORS },
      },
    },
    async (request, reply) => {
      const actor = await sessionUserOf(request);
      return reply.code(201).send(await createBathIngredient(app.db, actor.id, request.body));
    },
  );
  app.patch(
    '/api/admin/bath-ingredients/:ingredientId',
    {
      schema: {
        tags: STUDIO_TAGS,
        summary: 'Edit a bath ingredient (409 when someone saved it since `version`)',
        params: ingredientParams,
        body: updateBathIngredientBodySchema,
        response: { 200: adminBathIngredientSchema, ...STUDIO_ERRORS },
      },
    },
    async (request) =>
      updateBathIngredient(app.db, (await sessionUserOf(request)).id, request.params.ingredientId, request.body),
  );
  app.delete(
    '/api/admin/bath-ingredients/:ingredientId',
    {
      schema: {
        tags: STUDIO_TAGS,
        summary: "Delete a bath ingredient (members' saved baths keep their recipes)",
        params: ingredientParams,
        response: { 204: z.null(), ...STUDIO_ERRORS },
      },
    },
    async (request, reply) => {
      await deleteBathIngredient(app.db, (await sessionUserOf(request)).id, request.params.ingredientId);
      return reply.code(204).send(null);
    },
  );
};

export default bathIngredientRoutes;
