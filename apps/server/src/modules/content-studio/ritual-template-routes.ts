import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Placeholder: filled in by its helper.
const routes: FastifyPluginAsyncZod = async () => {};
export default routes;
