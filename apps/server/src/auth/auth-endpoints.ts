import {
  changePasswordBodySchema,
  PASSWORD_CHANGES_PER_WINDOW,
  requestPasswordResetBodySchema,
  resetPasswordBodySchema,
  sendVerificationEmailBodySchema,
  signInBodySchema,
  signUpBodySchema,
} from '@lunara/shared/auth';
import type { ZodType } from 'zod';

/**
 * The better-auth endpoints the app serves, and nothing else: every other path under /api/auth
 * (including its own endpoints nobody here uses, such as verify-password or update-user, and any
 * spelling of a listed one with dot segments, doubled slashes, encoded dots, a trailing slash or other
 * letter case) is a 404 that never reaches better-auth. Each listed endpoint is forwarded under its
 * canonical path, so the limits and body schema of the route Fastify matched are the ones that apply.
 */
export interface AuthEndpoint {
  method: 'GET' | 'POST';
  /** Under /api/auth, as Fastify routes it (`:name` for a path parameter). */
  path: string;
  body?: ZodType;
  prepare?: (body: Record<string, unknown>) => Record<string, unknown>;
  /** Attempts per client and minute: the AUTH_RATE_LIMIT of the configuration. */
  limitPerClient?: boolean;
  /** Attempts per signed-in member, for endpoints a stolen session could use to guess her password. */
  limitPerMember?: { max: number; timeWindow: number };
  /** It checks the password of the body's `email`: failures are limited per account, whoever tries. */
  checksPasswordOfAddress?: boolean;
  /** It sends an email to the body's `email`: at most a few per address and hour, whoever asks. */
  emailsAddress?: boolean;
  /** It changes the caller's sessions or account: her cached sessions are forgotten when it succeeds. */
  changesCaller?: boolean;
}

export const AUTH_ENDPOINTS: AuthEndpoint[] = [
  {
    method: 'POST',
    path: '/sign-up/email',
    body: signUpBodySchema,
    prepare: (body) => ({ ...body, name: body.name ?? String(body.email).split('@')[0] }),
    limitPerClient: true,
    emailsAddress: true,
  },
  {
    method: 'POST',
    path: '/sign-in/email',
    body: signInBodySchema,
    limitPerClient: true,
    checksPasswordOfAddress: true,
  },
  {
    method: 'POST',
    path: '/request-password-reset',
    body: requestPasswordResetBodySchema,
    limitPerClient: true,
    emailsAddress: true,
  },
  { method: 'POST', path: '/reset-password', body: resetPasswordBodySchema, limitPerClient: true },
  {
    method: 'POST',
    path: '/send-verification-email',
    body: sendVerificationEmailBodySchema,
    limitPerClient: true,
    emailsAddress: true,
  },
  {
    method: 'POST',
    path: '/change-password',
    body: changePasswordBodySchema,
    limitPerMember: {
      max: PASSWORD_CHANGES_PER_WINDOW.max,
      timeWindow: PASSWORD_CHANGES_PER_WINDOW.minutes * 60_000,
    },
    changesCaller: true,
  },
  { method: 'POST', path: '/sign-out', changesCaller: true },
  { method: 'GET', path: '/get-session' },
  // The links in the emails.
  { method: 'GET', path: '/verify-email' },
  { method: 'GET', path: '/reset-password/:token' },
  // Not better-auth's /error page: it shows whatever text its query string brings, on this origin. A
  // failed link goes back to its callbackURL with an error code instead.
];

export { EMAILS_PER_ADDRESS_PER_HOUR, SIGN_IN_FAILURES_PER_ACCOUNT } from '@lunara/shared/auth';
