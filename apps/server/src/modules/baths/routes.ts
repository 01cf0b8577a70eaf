import { errorResponseSchema } from '@lunara/shared/api';
import {
  BATH_MESSAGES,
  bathCatalogSchema,
  createBathBodySchema,
  savedBathListSchema,
  savedBathSchema,
  shareBathBodySchema,
} from '@lunara/shared/bath-schemas';
import { postSchema } from '@lunara/shared/feed';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionUserOf } from '../../plugins/auth.ts';
import { requireSubscriber } from '../../plugins/membership-guards.ts';
import { createBath, getBath, getBathCatalog, listBaths, shareBath } from './bath-service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const bathParams = z.object({ bathId: z.uuid(BATH_MESSAGES.bathNotFound) });
const tags = ['rituals'];

/** The spiritual bath builder (issue 29): the rituals' own access, subscribers and staff. */
const bathRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireSubscriber({ allowStaff: true }));

  app.get(
    '/api/baths/catalog',
    {
      schema: {
        tags,
        summary: "The bath ingredients on offer and tonight's moon phase",
        response: { 200: bathCatalogSchema, ...errors },
      },
    },
    async () => getBathCatalog(app.db),
  );
  app.get(
    '/api/baths',
    {
      schema: { tags, summary: 'Your saved baths, newest first', response: { 200: savedBathListSchema, ...errors } },
    },
    async (request) => ({ baths: await listBaths(app.db, (await sessionUserOf(request)).id) }),
  );
  app.post(
    '/api/baths',
    {
      schema: {
        tags,
        summary: 'Save a bath as one of your own rituals (the recipe is built from the ingredient ids)',
        body: createBathBodySchema,
        response: { 201: savedBathSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createBath(app.db, (await sessionUserOf(request)).id, request.body)),
  );
  app.get(
    '/api/baths/:bathId',
    {
      schema: {
        tags,
        summary: 'One of your saved baths (its recipe, for printing)',
        params: bathParams,
        response: { 200: savedBathSchema, ...errors },
      },
    },
    async (request) => getBath(app.db, (await sessionUserOf(request)).id, request.params.bathId),
  );
  app.post(
    '/api/baths/:bathId/share',
    {
      schema: {
        tags,
        summary: 'Share a saved bath to the feed as a post (+10 points, once per bath)',
        params: bathParams,
        body: shareBathBodySchema,
        response: { 200: postSchema, ...errors },
      },
    },
    async (request) => shareBath(app.db, (await sessionUserOf(request)).id, request.params.bathId, request.body),
  );
};

export default bathRoutes;
