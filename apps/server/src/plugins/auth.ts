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
import { getUserRole } from '../modules/roles/service.ts';

export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  role: Role;
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

const sessionCache = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

async function loadSessionUser(app: FastifyInstance, request: FastifyRequest): Promise<SessionUser | null> {
  const result = await app.auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!result) return null;
  const role = await getUserRole(app.db, result.user.id, request.log);
  return { id: result.user.id, email: result.user.email, emailVerified: result.user.emailVerified, role };
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
    app.decorateRequest('getSessionUser', function (this: FastifyRequest) {
      let cached = sessionCache.get(this);
      if (!cached) {
        cached = loadSessionUser(app, this);
        sessionCache.set(this, cached);
      }
      return cached;
    });

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
