import type { Role } from '@lunara/shared/roles';
import { TWO_FACTOR_REQUIRED_CODE, TWO_FACTOR_REQUIRED_MESSAGE } from '@lunara/shared/two-factor';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  AUTH_ENDPOINTS,
  type AuthEndpoint,
  EMAILS_PER_ADDRESS_PER_HOUR,
  SIGN_IN_FAILURES_PER_ACCOUNT,
} from '../auth/auth-endpoints.ts';
import { resolveAuthSecret } from '../auth/auth-secret.ts';
import { type Auth, createAuth } from '../auth/create-auth.ts';
import { findFreshSession, type ReadSession, verifiedSessionToken } from '../auth/read-session.ts';
import { assertReturnAddresses } from '../auth/return-address.ts';
import {
  CLIENT_ADDRESS_HEADER,
  readSessionCookie,
  type SessionCookie,
  sessionTokenOf,
} from '../auth/session-cookie.ts';
import { pickCookies } from '../auth/two-factor-cookies.ts';
import { AppError, forbidden, notFound, unauthorized } from '../errors.ts';
import { createKeyWindowLimiter } from '../lib/key-window-limiter.ts';
import { listenWhileOpen } from '../lib/listen-while-open.ts';
import { findCurrentSubscription } from '../modules/billing/subscription-service.ts';
import { getUserRole } from '../modules/roles/service.ts';
import { announceSessionChange, createSessionCache, SESSION_CHANNEL } from '../modules/session/session-cache.ts';

export interface SessionUser {
  id: string;
  /** better-auth's id of the session the request came with (event streams end with it). */
  sessionId: string;
  email: string;
  emailVerified: boolean;
  role: Role;
  /** Two-factor authentication is on (staff need it for staff routes, see requireRole). */
  twoFactorEnabled: boolean;
  /** End (epoch ms) of the period of her current membership when the session was loaded; null without one. */
  subscriptionEndsAt: number | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
    /**
     * The session a request's one session cookie names, as better-auth's getSession answers it: a live
     * session is read here in one statement; an expired one, or one due to have its expiry moved forward,
     * is better-auth's to answer (it deletes or writes the row). Called on a session cache miss.
     */
    readSession(request: FastifyRequest, cookie: SessionCookie): Promise<ReadSession | null>;
  }
  interface FastifyRequest {
    /** The signed-in member, loaded once per request; null for a visitor. */
    getSessionUser(): Promise<SessionUser | null>;
  }
}

const perRequest = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

/** The request's headers with its one chosen session cookie (see session-cookie.ts), as better-auth gets them. */
function authHeaders(request: FastifyRequest, cookie: SessionCookie | undefined): Headers {
  const headers = fromNodeHeaders(request.headers);
  if (cookie) headers.set('cookie', cookie.header);
  else headers.delete('cookie');
  // The client's address as Fastify judged it (TRUST_PROXY), never a forwarding header the client wrote.
  headers.set(CLIENT_ADDRESS_HEADER, request.ip);
  return headers;
}

/** better-auth's getSession runs its endpoint machinery (a context, a key import per call): 1.7 ms of CPU. */
async function readSession(
  app: FastifyInstance,
  secret: string,
  request: FastifyRequest,
  cookie: SessionCookie,
): Promise<ReadSession | null> {
  const token = verifiedSessionToken(cookie.value, secret);
  if (token === null) return null;
  const fresh = await findFreshSession(app.db, token);
  if (fresh !== undefined) return fresh;
  return app.auth.api.getSession({ headers: authHeaders(request, cookie) });
}

async function loadSessionUser(app: FastifyInstance, request: FastifyRequest, cookie: SessionCookie) {
  const result = await app.readSession(request, cookie);
  // better-auth saw this cookie and no other session cookie; the token check is a second lock.
  if (!result || result.session.token !== sessionTokenOf(cookie.value)) return null;
  const [role, subscription] = await Promise.all([
    getUserRole(app.db, result.user.id, request.log),
    findCurrentSubscription(app.db, result.user.id),
  ]);
  const value: SessionUser = {
    id: result.user.id,
    sessionId: result.session.id,
    email: result.user.email,
    emailVerified: result.user.emailVerified,
    twoFactorEnabled: result.user.twoFactorEnabled === true,
    role,
    subscriptionEndsAt: subscription ? subscription.currentPeriodEnd.getTime() : null,
  };
  return { userId: value.id, value, expiresAt: new Date(result.session.expiresAt).getTime() };
}

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
    // Staff powers need a second factor (STAFF_TWO_FACTOR); member routes staff also use do not.
    if (role !== 'user' && !member.twoFactorEnabled && request.server.config.staffTwoFactor === 'required') {
      throw new AppError(TWO_FACTOR_REQUIRED_CODE, 403, TWO_FACTOR_REQUIRED_MESSAGE);
    }
  };
}

/** The member of a route guarded by requireUser. */
export async function sessionUserOf(request: FastifyRequest): Promise<SessionUser> {
  const member = await request.getSessionUser();
  if (!member) throw unauthorized();
  return member;
}

/**
 * The member as she may act on others' content from member routes (deleting another's post, deciding
 * circle requests, seeing what is hidden for review): a moderator or admin without the second factor
 * STAFF_TWO_FACTOR requires acts as a member there, as requireRole refuses her the staff routes.
 */
export async function actingMemberOf(request: FastifyRequest): Promise<SessionUser> {
  const member = await sessionUserOf(request);
  const lacksSecondFactor = !member.twoFactorEnabled && request.server.config.staffTwoFactor === 'required';
  return member.role !== 'user' && lacksSecondFactor ? { ...member, role: 'user' } : member;
}

/** The path and query better-auth gets: the route's canonical path, never the raw one the client sent. */
function canonicalAuthUrl(app: FastifyInstance, request: FastifyRequest, endpoint: AuthEndpoint): URL {
  const params = (request.params ?? {}) as Record<string, string>;
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  const url = new URL(`/api/auth${path}`, app.config.appUrl);
  const query = request.url.indexOf('?');
  if (endpoint.method === 'GET' && query !== -1) url.search = request.url.slice(query);
  return url;
}

/** better-auth answers `{ code, message }`; the rest of the API answers `{ error: { code, message } }`. */
async function forwardToAuth(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  endpoint: AuthEndpoint,
  cookie: SessionCookie | undefined,
  body?: unknown,
  twoFactorCookieNames: readonly string[] = [],
) {
  const caller = endpoint.changesCaller ? await request.getSessionUser() : null;
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const headers = authHeaders(request, cookie);
  // The body sent is always JSON, whatever the client sent (a bodiless sign-out included).
  if (hasBody) headers.set('content-type', 'application/json');
  if (!cookie && endpoint.readsTwoFactorCookies) {
    const picked = pickCookies(request.headers.cookie, twoFactorCookieNames);
    if (picked.length > 0) headers.set('cookie', picked.join('; '));
  }
  const response = await app.auth.handler(
    new Request(canonicalAuthUrl(app, request, endpoint), {
      method: request.method,
      headers,
      body: hasBody ? JSON.stringify(body ?? {}) : undefined,
    }),
  );
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const text = await response.text();
  // Only the caller's own sessions, and only after a change that happened: nothing anyone sends can
  // empty the cache for everybody. Other processes (and changes made without a session, such as a
  // reset by emailed link) are told by the database triggers' NOTIFY.
  if (caller && response.status < 400) announceSessionChange(caller.id);
  if (response.status >= 400) {
    let parsed: { code?: string; message?: string } = {};
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      // Not JSON: fall through to the generic message.
    }
    const status = response.status;
    const mapped = parsed.code ? endpoint.messages?.[parsed.code] : undefined;
    const message = status >= 500 ? 'Something went wrong' : (mapped ?? parsed.message ?? 'Authentication failed');
    if (status >= 500) request.log.error({ status, code: parsed.code }, 'auth handler failed');
    return reply.type('application/json').send({ error: { code: parsed.code ?? 'AUTH_ERROR', message } });
  }
  return reply.send(text || null);
}

const normalizedAddress = (body: Record<string, unknown>) =>
  String(body.email ?? '')
    .trim()
    .toLowerCase();

/** A 429 in the app's words: `what` happened too often; `after` says what else she can do. */
function tooMany(what: string, seconds: number, after = ' and try again.') {
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    'RATE_LIMITED',
    429,
    `Too many ${what}. Please wait ${minutes} minute${minutes === 1 ? '' : 's'}${after}`,
  );
}

export default fp(
  async (app: FastifyInstance) => {
    const secret = await resolveAuthSecret(app.db, app.config.authSecret);
    app.decorate('auth', createAuth({ db: app.db, config: app.config, mailer: app.mailer, log: app.log, secret }));
    // The one cookie name better-auth reads in this configuration (with __Secure- behind https).
    const authContext = await app.auth.$context;
    const sessionCookieName = authContext.authCookies.sessionToken.name;
    // The secret better-auth signs cookies with (BETTER_AUTH_SECRETS, when set, puts another first).
    app.decorate('readSession', (request: FastifyRequest, cookie: SessionCookie) =>
      readSession(app, authContext.secret, request, cookie),
    );
    // What a browser between password and code holds (better-auth's two-factor plugin's names).
    const twoFactorCookieNames = [
      authContext.createAuthCookie('two_factor').name,
      authContext.createAuthCookie('trust_device').name,
      authContext.authCookies.dontRememberToken.name,
    ];
    const sessions = createSessionCache<SessionUser>({ ttlMs: app.config.sessionCacheMs });
    app.decorateRequest('getSessionUser', function (this: FastifyRequest) {
      let loaded = perRequest.get(this);
      if (!loaded) {
        const cookie = readSessionCookie(this.headers.cookie, sessionCookieName);
        loaded = cookie
          ? sessions.resolve(cookie.value, () => loadSessionUser(app, this, cookie))
          : Promise.resolve(null);
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

    const perClient = { max: app.config.authRateLimitPerMinute, timeWindow: 60_000 };
    for (const endpoint of AUTH_ENDPOINTS) {
      const addressLimiter = endpoint.emailsAddress
        ? createKeyWindowLimiter({ max: EMAILS_PER_ADDRESS_PER_HOUR, windowMs: 60 * 60_000 })
        : undefined;
      // Many clients guessing one account's password together are limited too (per client is not enough).
      const failureLimiter = endpoint.checksPasswordOfAddress
        ? createKeyWindowLimiter({
            max: SIGN_IN_FAILURES_PER_ACCOUNT.max,
            windowMs: SIGN_IN_FAILURES_PER_ACCOUNT.minutes * 60_000,
          })
        : undefined;
      const rateLimit = endpoint.limitPerMember
        ? {
            ...endpoint.limitPerMember,
            keyGenerator: async (request: FastifyRequest) => (await request.getSessionUser())?.id ?? request.ip,
          }
        : endpoint.limitPerClient
          ? perClient
          : undefined;
      app.route({
        method: endpoint.method,
        url: `/api/auth${endpoint.path}`,
        config: rateLimit ? { rateLimit } : {},
        schema: { hide: true, ...(endpoint.body ? { body: endpoint.body } : {}) },
        handler: async (request, reply) => {
          const body = (request.body ?? {}) as Record<string, unknown>;
          assertReturnAddresses(app.config.trustedOrigins, body, request.query);
          const address = normalizedAddress(body);
          const wait = addressLimiter?.hit(address) ?? 0;
          if (wait > 0) throw tooMany('emails to this address', wait);
          const locked = failureLimiter?.check(address) ?? 0;
          if (locked > 0) throw tooMany('failed sign-ins to this account', locked, ', or reset your password.');
          const cookie = readSessionCookie(request.headers.cookie, sessionCookieName);
          await forwardToAuth(
            app,
            request,
            reply,
            endpoint,
            cookie,
            endpoint.prepare ? endpoint.prepare(body) : body,
            twoFactorCookieNames,
          );
          if (failureLimiter && reply.statusCode === 401) failureLimiter.hit(address);
          else if (failureLimiter && reply.statusCode < 400) failureLimiter.reset(address);
          return reply;
        },
      });
    }
    // Everything else under /api/auth: unknown here, whatever better-auth would do with it.
    app.route({
      method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/api/auth/*',
      schema: { hide: true },
      handler: async () => {
        throw notFound('Not found');
      },
    });
  },
  { name: 'auth', dependencies: ['db', 'mailer'] },
);
