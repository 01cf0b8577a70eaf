import { changeEmailBodySchema, EMAIL_CHANGES_PER_WINDOW } from '@lunara/shared/account-settings';
import {
  changePasswordBodySchema,
  PASSWORD_CHANGES_PER_WINDOW,
  requestPasswordResetBodySchema,
  resetPasswordBodySchema,
  sendVerificationEmailBodySchema,
  signInBodySchema,
  signUpBodySchema,
} from '@lunara/shared/auth';
import {
  TWO_FACTOR_CHANGES_PER_WINDOW,
  twoFactorPasswordBodySchema,
  verifyRecoveryCodeBodySchema,
  verifyTotpBodySchema,
} from '@lunara/shared/two-factor';
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
  /**
   * It reads the two-factor sign-in cookies (the short challenge one after a right password, the
   * "trust this device" one): those reach better-auth even from a browser with no session cookie.
   */
  readsTwoFactorCookies?: boolean;
  /** Our words for better-auth's error codes (its own are terse or technical). */
  messages?: Record<string, string>;
}

const twoFactorChangeLimit = {
  max: TWO_FACTOR_CHANGES_PER_WINDOW.max,
  timeWindow: TWO_FACTOR_CHANGES_PER_WINDOW.minutes * 60_000,
};

const WRONG_PASSWORD = { INVALID_PASSWORD: 'That password is not right. Please try again.' };
const CODE_MESSAGES = {
  INVALID_CODE: 'That code did not work. Check the time on your phone and enter the newest code.',
  INVALID_BACKUP_CODE: 'That recovery code did not work. Each code works only once.',
  INVALID_TWO_FACTOR_COOKIE: 'Your sign-in timed out. Please enter your email and password again.',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'Too many tries. Please enter your email and password again.',
  ACCOUNT_TEMPORARILY_LOCKED:
    'Too many wrong codes for this account. Please wait an hour and try again, or use a recovery code then.',
  TOTP_NOT_ENABLED: 'Two-factor authentication is not set up for this account.',
  BACKUP_CODES_NOT_ENABLED: 'Two-factor authentication is not set up for this account.',
};

export const AUTH_ENDPOINTS: AuthEndpoint[] = [
  {
    method: 'POST',
    path: '/sign-up/email',
    body: signUpBodySchema,
    limitPerClient: true,
    emailsAddress: true,
  },
  {
    method: 'POST',
    path: '/sign-in/email',
    body: signInBodySchema,
    limitPerClient: true,
    checksPasswordOfAddress: true,
    readsTwoFactorCookies: true,
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
  // Two-factor (better-auth's plugin, two-factor-options.ts). Turning on answers the authenticator URI and
  // the recovery codes; it is on once a code from the app is confirmed by verify-totp (which replaces
  // her session). At sign-in, verify-totp and verify-backup-code take the challenge cookie instead of a
  // session; better-auth limits each challenge to 5 tries and the account to 10 failures in a row.
  {
    method: 'POST',
    path: '/two-factor/enable',
    body: twoFactorPasswordBodySchema,
    limitPerMember: twoFactorChangeLimit,
    messages: { ...WRONG_PASSWORD, TOTP_ALREADY_ENABLED: 'Two-factor authentication is already on.' },
  },
  {
    method: 'POST',
    path: '/two-factor/verify-totp',
    body: verifyTotpBodySchema,
    limitPerClient: true,
    changesCaller: true,
    readsTwoFactorCookies: true,
    messages: CODE_MESSAGES,
  },
  {
    method: 'POST',
    path: '/two-factor/verify-backup-code',
    body: verifyRecoveryCodeBodySchema,
    limitPerClient: true,
    changesCaller: true,
    readsTwoFactorCookies: true,
    messages: CODE_MESSAGES,
  },
  {
    method: 'POST',
    path: '/two-factor/generate-backup-codes',
    body: twoFactorPasswordBodySchema,
    limitPerMember: twoFactorChangeLimit,
    messages: { ...WRONG_PASSWORD, TWO_FACTOR_NOT_ENABLED: 'Turn on two-factor authentication first.' },
  },
  {
    method: 'POST',
    path: '/two-factor/disable',
    body: twoFactorPasswordBodySchema,
    limitPerMember: twoFactorChangeLimit,
    changesCaller: true,
    readsTwoFactorCookies: true,
    messages: WRONG_PASSWORD,
  },
  // Account settings (issue 30). The new address gets the confirmation link (its limit is per member:
  // the address is not her own yet) and the old one a notice (create-auth.ts); nothing changes until
  // the link is followed. The current password is checked before better-auth sees the request.
  {
    method: 'POST',
    path: '/change-email',
    body: changeEmailBodySchema,
    limitPerMember: { max: EMAIL_CHANGES_PER_WINDOW.max, timeWindow: EMAIL_CHANGES_PER_WINDOW.minutes * 60_000 },
  },
  // Her list of sessions and signing one out are the app's own routes (modules/account-sessions): better-auth's
  // list-sessions hands every session's token to the browser and refuses sessions older than a day.
  {
    method: 'POST',
    path: '/revoke-other-sessions',
    limitPerMember: { max: 20, timeWindow: 15 * 60_000 },
    changesCaller: true,
  },
  { method: 'GET', path: '/get-session' },
  // The links in the emails.
  { method: 'GET', path: '/verify-email' },
  { method: 'GET', path: '/reset-password/:token' },
  // Not better-auth's /error page: it shows whatever text its query string brings, on this origin. A
  // failed link goes back to its callbackURL with an error code instead.
];

export { EMAILS_PER_ADDRESS_PER_HOUR, SIGN_IN_FAILURES_PER_ACCOUNT } from '@lunara/shared/auth';
