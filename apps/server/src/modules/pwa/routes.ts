import type { FastifyPluginAsync } from 'fastify';
import { buildWebManifest } from './web-manifest.ts';

/**
 * GET /manifest.webmanifest, made from the configuration (PRODUCT_NAME) once at start. The service
 * worker itself (/sw.js), the offline page and the icons are files of the web build, served with the
 * rest of it (plugins/web-app.ts), unhashed and so with `cache-control: no-cache`.
 */
const pwaRoutes: FastifyPluginAsync = async (app) => {
  const manifest = JSON.stringify(buildWebManifest(app.config.productName));
  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('application/manifest+json; charset=utf-8').header('cache-control', 'no-cache').send(manifest),
  );
};

export default pwaRoutes;
