import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * The ONLY exemption: RFC 8058 one-click unsubscribe, which a mail client posts from no page of ours.
 * It needs no session (its signed token decides) and can only turn announcement emails off.
 */
const CROSS_SITE_EXEMPT = new Set(['POST /api/email/unsubscribe']);

/**
 * Refuses state-changing requests that a browser sent from another site. Browsers always send
 * Origin (or Sec-Fetch-Site) on such requests; server-to-server callers (webhooks, curl) send
 * neither and are judged by their credentials alone. Session cookies are SameSite=Lax as well.
 */
export default fp(
  async (app: FastifyInstance) => {
    const trusted = new Set(app.config.trustedOrigins);
    app.addHook('onRequest', (request, _reply, done) => {
      if (SAFE_METHODS.has(request.method)) return done();
      if (CROSS_SITE_EXEMPT.has(`${request.method} ${request.routeOptions.url}`)) return done();
      const origin = request.headers.origin;
      const fetchSite = request.headers['sec-fetch-site'];
      const isCrossSite =
        origin !== undefined ? !trusted.has(origin) : fetchSite === 'cross-site' || fetchSite === 'same-site';
      done(isCrossSite ? new AppError('CROSS_SITE_REQUEST', 403, 'Cross-site requests are not allowed') : undefined);
    });
  },
  { name: 'cross-site-protection', dependencies: ['db'] },
);
