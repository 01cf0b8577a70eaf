import {
  requestPasswordResetBodySchema,
  resetPasswordBodySchema,
  signInBodySchema,
  signUpBodySchema,
} from '@lunara/shared/auth';
import type { Role } from '@lunara/shared/roles';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodType } from 'zod';
import { resolveAuthSecret } from '../auth/auth-secret.ts';
import { type Auth, createAuth } from '../auth/create-auth.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { listenWhileOpen } from '../lib/listen-while-open.ts';
import { findCurrentSubscription } from '../modules/billing/subscription-service.ts';
import { getUserRole } from '../modules/roles/service.ts';
import { announceSessionChange, createSessionCache, SESSION_CHANNEL } from '../modules/session/session-cache.ts';

export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  role: Role;
  /** End (epoch ms) of the period of her current membership when the session was loaded; null without one. */
  subscriptionEndsAt: number | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
  }
  interface FastifyRequest {
    /** The signed-in member, loaded once per request; null for a visitor. */
    getSessionUser(): Promise<SessionUser | null>;
  }
}

const perRequest = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/;

/** The signed session cookie as sent; the cache key (an entry exists only once better-auth verified it). */
function sessionCookieOf(request: FastifyRequest): string | undefined {
  return SESSION_COOKIE.exec(request.headers.cookie ?? '')?.[1];
}

async function loadSessionUser(app: FastifyInstance, request: FastifyRequest) {
  const result = await app.auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!result) return null;
  const [role, subscription] = await Promise.all([
    getUserRole(app.db, result.user.id, request.log),
    findCurrentSubscription(app.db, result.user.id),
  ]);
  const value: SessionUser = {
    id: result.user.id,
    email: result.user.email,
    emailVerified: result.user.emailVerified,
    role,
    subscriptionEndsAt: subscription ? subscription.currentPeriodEnd.getTime() : null,
  };
  return { userId: value.id, value, expiresAt: new Date(result.session.expiresAt).getTime() };
}

// Auth requests after which this process forgets every cached session at once (sign-out, password
// changes and resets, revocations); other processes hear the triggers' NOTIFY.
const KEEPS_SESSIONS = new Set(['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/auth/get-session']);

/** The request's member if something already asked for her (no load of its own), else undefined. */
export function sessionUserIfAsked(request: FastifyRequest): Promise<SessionUser | null> | undefined {
  return perRequest.get(request);
}

/** onRequest guard: a signed-in member is required (401 otherwise). */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!(await request.getSessionUser())) throw unauthorized();
}

/** onRequest guard: the member must hold `role` (admins pass every check). */
export function requireRole(role: Role, message = 'You do not have permission to do this') {
  return async (request: FastifyRequest) => {
    const member = await request.getSessionUser();
    if (!member) throw unauthorized();
    if (member.role !== role && member.role !== 'admin') throw forbidden(message);
  };
}

/** The member of a route guarded by requireUser. */
export async function sessionUserOf(request: FastifyRequest): Promise<SessionUser> {
  const member = await request.getSessionUser();
  if (!member) throw unauthorized();
  return member;
}

/** better-auth answers `{ code, message }`; the rest of the API answers `{ error: { code, message } }`. */
async function forwardToAuth(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, body?: unknown) {
  const url = new URL(request.url, app.config.appUrl);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const response = await app.auth.handler(
    new Request(url, {
      method: request.method,
      headers: fromNodeHeaders(request.headers),
      body: hasBody ? JSON.stringify(body ?? request.body ?? {}) : undefined,
    }),
  );
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const text = await response.text();
  if (!KEEPS_SESSIONS.has(url.pathname)) announceSessionChange();
  if (response.status >= 400) {
    let parsed: { code?: string; message?: string } = {};
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      // Not JSON: fall through to the generic message.
    }
    const status = response.status;
    const message = status >= 500 ? 'Something went wrong' : (parsed.message ?? 'Authentication failed');
    if (status >= 500) request.log.error({ status, body: text.slice(0, 500) }, 'auth handler failed');
    return reply.type('application/json').send({ error: { code: parsed.code ?? 'AUTH_ERROR', message } });
  }
  return reply.send(text || null);
}

interface AuthRoute {
  url: string;
  schema?: ZodType;
  prepare?: (body: Record<string, unknown>) => Record<string, unknown>;
}

// The endpoints an attacker would hammer get their own rate limit and a validated body.
const LIMITED_ROUTES: AuthRoute[] = [
  {
    url: '/api/auth/sign-up/email',
    schema: signUpBodySchema,
    prepare: (body) => ({ ...body, name: body.name ?? String(body.email).split('@')[0] }),
  },
  { url: '/api/auth/sign-in/email', schema: signInBodySchema },
  { url: '/api/auth/request-password-reset', schema: requestPasswordResetBodySchema },
  { url: '/api/auth/reset-password', schema: resetPasswordBodySchema },
];

export default fp(
  async (app: FastifyInstance) => {
    const secret = await resolveAuthSecret(app.db, app.config.authSecret);
    app.decorate('auth', createAuth({ db: app.db, config: app.config, mailer: app.mailer, log: app.log, secret }));
    const sessions = createSessionCache<SessionUser>({ ttlMs: app.config.sessionCacheMs });
    app.decorateRequest('getSessionUser', function (this: FastifyRequest) {
      let loaded = perRequest.get(this);
      if (!loaded) {
        const cookie = sessionCookieOf(this);
        loaded = cookie ? sessions.resolve(cookie, () => loadSessionUser(app, this)) : Promise.resolve(null);
        perRequest.set(this, loaded);
      }
      return loaded;
    });
    // Changes made while the listener was down were not heard: forget everything.
    listenWhileOpen(
      app,
      SESSION_CHANNEL,
      (userId) => sessions.invalidateUser(userId),
      () => sessions.clear(),
    );
    app.addHook('onClose', async () => sessions.close());

    const rateLimit = { max: app.config.authRateLimitPerMinute, timeWindow: 60_000 };
    for (const route of LIMITED_ROUTES) {
      app.post(
        route.url,
        { config: { rateLimit }, schema: { hide: true, body: route.schema } },
        async (request, reply) => {
          const body = (request.body ?? {}) as Record<string, unknown>;
          return forwardToAuth(app, request, reply, route.prepare ? route.prepare(body) : body);
        },
      );
    }
    app.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      schema: { hide: true },
      handler: (request, reply) => forwardToAuth(app, request, reply),
    });
  },
  { name: 'auth', dependencies: ['db', 'mailer'] },
);
