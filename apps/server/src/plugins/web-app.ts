import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** apps/web/dist, found from here whether this runs from the sources or from the bundle. */
export function findWebDist(): string | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 6; depth++) {
    const candidate = path.join(dir, 'apps', 'web', 'dist');
    if (fs.existsSync(path.join(candidate, 'index.html'))) return candidate;
    const sibling = path.join(dir, 'web', 'dist');
    if (fs.existsSync(path.join(sibling, 'index.html'))) return sibling;
    dir = path.dirname(dir);
  }
  return undefined;
}

/**
 * Serves the built React app, and index.html for every other browser navigation (the SPA
 * fallback); unknown /api paths and non-GET requests get the JSON 404.
 */
export default fp(
  async (app: FastifyInstance, options: { webDist?: string | undefined }) => {
    const webDist = options.webDist;
    if (webDist) {
      await app.register(fastifyStatic, {
        root: webDist,
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each asset (apps/web/vite.config.ts).
        preCompressed: true,
        setHeaders(res, filePath) {
          // Vite fingerprints everything under assets/, so it may be cached for good.
          const isFingerprinted = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header('cache-control', isFingerprinted ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    const indexHtml = webDist ? fs.readFileSync(path.join(webDist, 'index.html'), 'utf8') : undefined;
    if (indexHtml) {
      // The landing page is the busiest page: its own route, outside the fallback's rate limit.
      app.get('/', { schema: { hide: true } }, (_request, reply) =>
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml),
      );
    }

    app.setNotFoundHandler({ preHandler: app.rateLimit({ max: 300, timeWindow: 60_000 }) }, (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const isPage = request.method === 'GET' && !pathname.startsWith('/api/') && pathname !== '/api';
      if (isPage && indexHtml) {
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
      }
      return reply
        .status(404)
        .send({ error: { code: 'NOT_FOUND', message: `No route for ${request.method} ${pathname}` } });
    });
  },
  { name: 'web-app' },
);
