import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { PageBoot } from '@lunara/shared/page-boot';
import { resolveThemeChoice } from '@lunara/shared/theme';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createSharedReadCache } from '../lib/shared-read-cache.ts';
import { loadPageBoot, visitorBoot } from '../modules/pages/page-boot.ts';
import { encodePage, pickPageEncoding } from '../modules/pages/page-encoding.ts';
import { createPageTemplate } from '../modules/pages/page-html.ts';
import { requestLocale } from '../modules/pages/page-locale.ts';
import { loadPageManifest, loadPartFiles } from '../modules/pages/page-manifest.ts';
import { loadPrerenderer, type RenderedPage, sameSitePath } from '../modules/pages/page-prerenderer.ts';
import { answerPageReads } from '../modules/pages/page-reads.ts';
import { applyPageTheme } from '../modules/pages/page-theme.ts';
import { retainBuilds } from '../modules/pages/retained-builds.ts';
import { readThemeCookie } from '../modules/theme/theme-cookie.ts';

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

/** How long a visitor's page is reused, and how many different addresses are kept. */
const VISITOR_PAGE_TTL_MS = 60_000;
const VISITOR_PAGES_KEPT = 100;

/**
 * A page of the app: index.html with the opened page's code preloaded, the boot data its first render
 * needs and, for the pages that are prerendered, the page itself (decision 010). A visitor's pages are
 * the same for everyone and are reused for a minute; a member's carry her session and membership, so
 * they are private and made for each request.
 */
async function createPageServer(app: FastifyInstance, webDist: string) {
  const template = createPageTemplate(fs.readFileSync(path.join(webDist, 'index.html'), 'utf8'));
  const pageOf = loadPageManifest(webDist);
  const partFilesOf = loadPartFiles(webDist);
  const renderPage = await loadPrerenderer(webDist);
  const visitorPages = createSharedReadCache<string>({ maxAgeMs: VISITOR_PAGE_TTL_MS, maxEntries: VISITOR_PAGES_KEPT });
  // The same pages as sent: in each theme and encoding, compressed once.
  const visitorBodies = createSharedReadCache<Buffer | string>({
    maxAgeMs: VISITOR_PAGE_TTL_MS,
    maxEntries: VISITOR_PAGES_KEPT * 3,
  });

  // A page that cannot be prerendered is still served, with the loading state: slower, not broken.
  // A member's page is drawn for her: its reads answered with her session, in her language and time
  // zone. A visitor's is drawn for nobody in particular (every visitor is served it), without reads.
  const prerender = async (request: FastifyRequest, url: string, boot: PageBoot | null) => {
    const page = pageOf(url.split('?')[0] ?? '/');
    const asVisitor = !boot?.me.user;
    if (!boot || !renderPage || !(page.prerender === 'everyone' || (page.prerender === 'members' && !asVisitor))) {
      return null;
    }
    // A visitor's page is made for every visitor: nothing of the request that happened to make it.
    const forHer = asVisitor
      ? { transport: undefined, locale: undefined, timeZone: undefined }
      : { transport: answerPageReads(app, request), ...requestLocale(request) };
    return renderPage(url, boot, forHer).catch((error: unknown) => {
      request.log.error({ err: error }, 'page not prerendered');
      return null;
    });
  };
  const html = (url: string, boot: PageBoot | null, rendered: RenderedPage | null) => {
    const pageFiles = pageOf(url.split('?')[0] ?? '/').files;
    const parts = rendered?.parts ?? [];
    return template({
      boot:
        boot && rendered ? { ...boot, queries: rendered.queries ?? undefined, parts, drawnAt: rendered.drawnAt } : boot,
      preloads: [...pageFiles, ...partFilesOf(parts, pageFiles)],
      body: rendered?.html ?? null,
    });
  };

  return async (request: FastifyRequest, reply: FastifyReply) => {
    // An address that is none of the app's routes gets the not-found page with a 404.
    const encoding = pickPageEncoding(request.headers['accept-encoding']);
    reply.header('vary', 'cookie, accept-encoding');
    const sendPage = (body: Buffer | string) => {
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply
        .status(pageOf(request.url.split('?')[0] ?? '/').status)
        .type('text/html; charset=utf-8')
        .send(body);
    };
    const member = await request.getSessionUser().catch(() => null);
    if (!member) {
      // A visitor's page is the same whatever the query string says: one entry (and one render) per
      // path, so random query strings cannot make every request a fresh render.
      const pathname = request.url.split('?')[0] ?? '/';
      // Keyed by the plans too: a page made before the owner changed them is not served after.
      const boot = await visitorBoot(app);
      const key = `${pathname} ${JSON.stringify(boot.config.plans)}`;
      // The theme is written after the shared cache: one render serves every visitor's choice.
      const theme = resolveThemeChoice({ cookie: readThemeCookie(request.headers.cookie) });
      const page = () =>
        visitorPages.get(key, async () => html(pathname, boot, await prerender(request, pathname, boot)));
      const body = await visitorBodies.get(`${key} ${theme} ${encoding}`, async () =>
        encodePage(applyPageTheme(await page(), theme), encoding),
      );
      reply.header('cache-control', 'no-cache');
      return sendPage(body);
    }
    // Without the boot data the app asks the API itself: a failure here costs speed, not the page.
    const boot = await loadPageBoot(app, request).catch((error: unknown) => {
      request.log.error({ err: error }, 'page boot data not loaded');
      return null;
    });
    const theme = resolveThemeChoice({ member: boot?.me.user?.theme, cookie: readThemeCookie(request.headers.cookie) });
    reply.header('cache-control', 'private, no-cache');
    const rendered = await prerender(request, request.url, boot);
    // A page her guards send her away from (a course without a membership): there at once.
    if (rendered?.redirect) return reply.redirect(sameSitePath(rendered.redirect), 302);
    return sendPage(await encodePage(applyPageTheme(html(request.url, boot, rendered), theme), encoding));
  };
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
        // The hashed assets of this build and of the builds before it (for a week), then the build itself:
        // a tab opened before a deploy still downloads its own code.
        root: retainBuilds(webDist, app.log),
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each asset (apps/web/vite.config.ts).
        preCompressed: true,
        // The production build writes no source maps; one left in the folder still is not served there.
        allowedPath: (pathname) => !(app.config.isProduction && pathname.endsWith('.map')),
        setHeaders(res, filePath) {
          // Vite fingerprints everything under assets/, so it may be cached for good.
          const isFingerprinted = filePath.includes(`${path.sep}assets${path.sep}`);
          res.header('cache-control', isFingerprinted ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    const servePage = webDist ? await createPageServer(app, webDist) : undefined;
    if (servePage) {
      // The landing page is the busiest page: its own route, outside the fallback's rate limit.
      app.get('/', { schema: { hide: true } }, servePage);
    }

    app.setNotFoundHandler({ preHandler: app.rateLimit({ max: 300, timeWindow: 60_000 }) }, (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      // A missing (or refused) asset or stored file is a 404, not a page: no page lives under /assets or /media.
      // HEAD as GET: a link checker asking for the headers alone sees the page's own status.
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !pathname.startsWith('/api/') &&
        pathname !== '/api' &&
        !pathname.startsWith('/assets/') &&
        !pathname.startsWith('/media/');
      if (isPage && servePage) return servePage(request, reply);
      return reply
        .status(404)
        .send({ error: { code: 'NOT_FOUND', message: `No route for ${request.method} ${pathname}` } });
    });
  },
  { name: 'web-app' },
);
