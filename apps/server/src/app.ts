import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { VIDEO_EMBED_ORIGINS } from '@lunara/shared/video-links';
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import packageJson from '../package.json' with { type: 'json' };
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { logSerializers } from './lib/log-serializers.ts';
import { createRequestIdGenerator } from './lib/request-id.ts';
import { responseSerializerCompiler } from './lib/response-serializer.ts';
import { recordRoutes } from './lib/route-list.ts';
import { createProxyTrust } from './lib/trusted-proxy.ts';
import accountDataRoutes from './modules/account-data/routes.ts';
import accountProfileRoutes from './modules/account-profile/routes.ts';
import accountSessionRoutes from './modules/account-sessions/routes.ts';
import adminRoutes from './modules/admin/routes.ts';
import analyticsActivity from './modules/analytics/activity-plugin.ts';
import analyticsRoutes from './modules/analytics/routes.ts';
import announcementRoutes from './modules/announcements/routes.ts';
import appConfigRoutes from './modules/app-config/routes.ts';
import assessmentRoutes from './modules/assessment/routes.ts';
import bathRoutes from './modules/baths/routes.ts';
import billingRoutes from './modules/billing/routes.ts';
import blockRoutes, { muteRoutes } from './modules/blocks/routes.ts';
import bookmarkRoutes from './modules/bookmarks/routes.ts';
import calendarFeedRoutes from './modules/calendar-feed/routes.ts';
import cancellationRoutes from './modules/cancellations/routes.ts';
import circleRoutes from './modules/circles/routes.ts';
import contentStudioRoutes from './modules/content-studio/routes.ts';
import courseRoutes from './modules/courses/routes.ts';
import devRoutes from './modules/dev/routes.ts';
import emailTemplateRoutes from './modules/email-templates/routes.ts';
import circleEventRoutes from './modules/events/routes.ts';
import feedRoutes from './modules/feed/routes.ts';
import forumRoutes from './modules/forums/routes.ts';
import healthRoutes from './modules/health/routes.ts';
import invoiceRoutes from './modules/invoices/routes.ts';
import mediaRoutes from './modules/media/routes.ts';
import memberAdminRoutes from './modules/member-admin/routes.ts';
import messageRoutes from './modules/messages/routes.ts';
import moderationRoutes from './modules/moderation/routes.ts';
import notificationRoutes from './modules/notifications/routes.ts';
import { PAGE_LOADER_CSP_SOURCE } from './modules/pages/page-html.ts';
import planRoutes from './modules/plans/routes.ts';
import podAdminRoutes from './modules/pods/admin-routes.ts';
import podRoutes from './modules/pods/routes.ts';
import postingRulesRoutes from './modules/posting-rules/routes.ts';
import profileRoutes from './modules/profiles/routes.ts';
import pushPlugin from './modules/push/push-plugin.ts';
import pushRoutes from './modules/push/routes.ts';
import pwaRoutes from './modules/pwa/routes.ts';
import reactionRoutes from './modules/reactions/routes.ts';
import readRoutes from './modules/reads/routes.ts';
import realtimeRoutes from './modules/realtime/routes.ts';
import ritualRoutes from './modules/rituals/routes.ts';
import roleRoutes from './modules/roles/routes.ts';
import searchRoutes from './modules/search/routes.ts';
import sessionRoutes from './modules/session/routes.ts';
import suspensionRoutes from './modules/suspensions/routes.ts';
import themeRoutes from './modules/theme/routes.ts';
import authPlugin from './plugins/auth.ts';
import billingPlugin from './plugins/billing.ts';
import blockCache from './plugins/block-cache.ts';
import crossSiteProtection from './plugins/cross-site-protection.ts';
import databasePlugin from './plugins/database.ts';
import errorHandler from './plugins/error-handler.ts';
import feedCache from './plugins/feed-cache.ts';
import idempotency from './plugins/idempotency.ts';
import jsonBodyParser from './plugins/json-body-parser.ts';
import leaderboardCache from './plugins/leaderboard-cache.ts';
import mailerPlugin from './plugins/mailer.ts';
import mediaPlugin from './plugins/media.ts';
import notificationsCache from './plugins/notifications-cache.ts';
import periodicJobs from './plugins/periodic-jobs.ts';
import realtimePlugin from './plugins/realtime.ts';
import securityHeaders from './plugins/security-headers.ts';
import webApp from './plugins/web-app.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when shutdown begins: readiness answers 503 so that load balancers stop sending traffic. */
    lifecycle: { draining: boolean };
  }
}

export interface BuildAppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** The built web app to serve; none in API tests. */
  webDist?: string | undefined;
  /** A Stripe client to use instead of one made from the keys (tests point it at a local fake). */
  stripe?: Stripe;
  /**
   * Run the timed jobs (digests, cleanups); default true. A test that compares the whole database before
   * and after each request turns them off, or a digest falling due mid-request looks like its change.
   */
  periodicJobs?: boolean;
}

/**
 * A connection that sends and receives nothing for this long is closed: a client that starts a request
 * and stalls (a slow-body attack) cannot hold a socket forever. Event streams send a heartbeat every 25 s,
 * and an upload that stalls for a minute already fails (media/upload-body.ts); a long upload that keeps
 * sending is never cut off, as a whole-request timeout would.
 */
export const IDLE_CONNECTION_TIMEOUT_MS = 120_000;

function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  return reply
    .status(tooLong ? 414 : 400)
    .header('cache-control', 'no-store')
    .send({
      error: {
        code: tooLong ? 'URL_TOO_LONG' : 'BAD_URL',
        message: tooLong ? 'That address is too long.' : 'That address is not valid.',
      },
    });
}

export async function buildApp({
  config,
  database,
  logger,
  webDist,
  stripe,
  periodicJobs: runJobs = true,
}: BuildAppOptions) {
  // Behind the proxies of TRUST_PROXY, request.ip (and so every rate limit) is the client's address.
  const proxyTrust = createProxyTrust(config.trustProxy);
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      serializers: logSerializers,
    },
    trustProxy: config.trustProxy.length > 0 ? proxyTrust : false,
    genReqId: createRequestIdGenerator(proxyTrust),
    bodyLimit: 1024 * 1024,
    connectionTimeout: IDLE_CONNECTION_TIMEOUT_MS,
    // A malformed or over-long address is refused by the router before any hook runs: answer it in the
    // API's one error shape too, not Fastify's.
    frameworkErrors: answerFrameworkError,
  });
  recordRoutes(app);
  app.decorate('lifecycle', { draining: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  await app.register(jsonBodyParser);
  // Hooks on every request take a callback, not a promise: nothing to wait for, and each promise costs
  // (more so while AsyncLocalStorage is active, as it is once better-auth has run).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  // External plugins.
  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // One inline script: the page loader of prerendered pages, allowed by the hash of its text.
        scriptSrc: ["'self'", PAGE_LOADER_CSP_SOURCE],
        // Radix and the toaster set styles from script.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Pictures come from this server only: an outside image would tell its host who looks at it.
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        // Lesson videos given as YouTube or Vimeo links: their privacy-enhanced players, nothing else.
        frameSrc: [...VIDEO_EMBED_ORIGINS],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        // The service worker (/sw.js) and the web app manifest: this origin's own files only.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    hsts: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: 'Too Many Requests',
      message: `Too many attempts. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
    }),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: `${config.productName} API`, version: packageJson.version },
      servers: [{ url: config.appUrl }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  // Application plugins.
  await app.register(databasePlugin, { config, database });
  await app.register(errorHandler);
  await app.register(crossSiteProtection);
  await app.register(mailerPlugin);
  await app.register(authPlugin);
  await app.register(billingPlugin, { stripe });
  await app.register(idempotency);
  await app.register(realtimePlugin);
  await app.register(feedCache);
  await app.register(blockCache);
  await app.register(leaderboardCache);
  await app.register(notificationsCache);
  await app.register(mediaPlugin);
  await app.register(pushPlugin, { deliver: runJobs });
  if (runJobs) await app.register(periodicJobs);
  await app.register(analyticsActivity);

  // Modules.
  await app.register(healthRoutes);
  await app.register(appConfigRoutes);
  await app.register(sessionRoutes);
  await app.register(accountSessionRoutes);
  await app.register(accountProfileRoutes);
  await app.register(themeRoutes);
  await app.register(accountDataRoutes);
  await app.register(postingRulesRoutes);
  await app.register(roleRoutes);
  await app.register(suspensionRoutes);
  await app.register(memberAdminRoutes);
  await app.register(emailTemplateRoutes);
  await app.register(billingRoutes);
  await app.register(planRoutes);
  await app.register(invoiceRoutes);
  await app.register(cancellationRoutes);
  await app.register(courseRoutes);
  await app.register(assessmentRoutes);
  await app.register(feedRoutes);
  await app.register(profileRoutes);
  await app.register(forumRoutes);
  await app.register(reactionRoutes);
  await app.register(bookmarkRoutes);
  await app.register(readRoutes);
  await app.register(circleRoutes);
  await app.register(circleEventRoutes);
  await app.register(calendarFeedRoutes);
  await app.register(podRoutes);
  await app.register(podAdminRoutes);
  await app.register(ritualRoutes);
  await app.register(bathRoutes);
  await app.register(adminRoutes);
  await app.register(announcementRoutes);
  await app.register(analyticsRoutes);
  await app.register(contentStudioRoutes);
  await app.register(notificationRoutes);
  await app.register(pushRoutes);
  await app.register(realtimeRoutes);
  await app.register(messageRoutes);
  await app.register(moderationRoutes);
  await app.register(blockRoutes);
  await app.register(muteRoutes);
  await app.register(searchRoutes);
  await app.register(mediaRoutes);
  if (!config.isProduction) await app.register(devRoutes);

  await app.register(pwaRoutes);
  await app.register(webApp, { webDist });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
