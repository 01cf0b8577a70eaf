import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@lunara/shared/auth';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { createAuthMiddleware } from 'better-auth/api';
import { twoFactor as twoFactorPlugin } from 'better-auth/plugins/two-factor';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { account, session, twoFactor, user, verification } from '../db/schema/auth.ts';
import { addressConfirmationMail } from '../mail/account-emails.ts';
import type { Mailer } from '../mail/mailer.ts';
import { templateMail } from '../modules/email-templates/template-service.ts';
import { confirmEmailByReset, promoteIfConfiguredAdmin } from '../modules/roles/service.ts';
import { announceSessionChange } from '../modules/session/session-cache.ts';
import { suspendedSessionHooks } from '../modules/suspensions/sign-in-guard.ts';
import { createAnswerFloor } from './answer-floor.ts';
import { checkPasswordForEmailChange, isEmailChangeConfirmation, noticeOldAddress } from './email-change.ts';
import { endSessionsExcept } from './end-sessions.ts';
import { answerExistingMemberSignUp } from './existing-member-sign-up.ts';
import { revokeOtherResetLinks } from './reset-token-revocation.ts';
import { CLIENT_ADDRESS_HEADER } from './session-cookie.ts';
import { SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS } from './session-lifetime.ts';
import { twoFactorOptions } from './two-factor-options.ts';

interface AuthDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
  secret: string;
}

// Above what a reset request takes either way (a few ms to tens under load); better-auth holds its own
// send-verification-email answer to the same floor.
const RESET_REQUEST_FLOOR_MS = 500;

export function createAuth({ db, config, mailer, log, secret }: AuthDeps) {
  const resetRequestFloor = createAnswerFloor(RESET_REQUEST_FLOOR_MS);
  const auth = betterAuth({
    appName: config.productName,
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification, twoFactor } }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
      // Email verification is optional (decisions.md section 3): members sign in at once.
      requireEmailVerification: false,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user: member, url }) => {
        // The owner's template (admin Settings, issue 33), or the built-in one.
        await mailer.send(
          await templateMail(db, config, 'password_reset', member.email, { name: member.name, link: url }),
        );
      },
      // A reset by emailed link ended every session (revokeSessionsOnPasswordReset). This process forgets
      // them now, not when the trigger's NOTIFY arrives; and the link proved the address while the new
      // password is known to its holder alone, so a configured admin address is promoted here too.
      onPasswordReset: async ({ user: member }) => {
        announceSessionChange(member.id);
        await confirmEmailByReset(db, member.id);
        await promoteIfConfiguredAdmin(db, { ...member, emailVerified: true }, config.adminEmails);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // The link proves the address, not who opened the account: signing its opener in (or keeping a
      // session someone else made with that address) would let a stranger who signed up first share
      // the account the owner then uses. See afterEmailVerification.
      autoSignInAfterVerification: false,
      // A sign-up's confirmation (greeting her by the name she gave), or a new address's (email-change.ts).
      sendVerificationEmail: async ({ user: member, url }) => {
        await mailer.send(await addressConfirmationMail(db, config, member, url));
      },
      // Confirming ends every other session of the account (all of them when the browser that confirms
      // is not signed in to it): whoever opened it with the owner's address first is out. ADMIN_EMAILS
      // promotes only a confirmation made signed in to the account: the link proves the address, the
      // session that the account is hers.
      // A new address confirmed from settings ends no session: only she could ask for that link, signed in.
      afterEmailVerification: async (member, request) => {
        const session = request ? await auth.api.getSession({ headers: request.headers }) : null;
        const own = session?.user.id === member.id ? session.session.id : undefined;
        if (!isEmailChangeConfirmation(request)) await endSessionsExcept(db, member.id, own);
        announceSessionChange(member.id);
        if (own) await promoteIfConfiguredAdmin(db, member, config.adminEmails);
      },
    },
    user: {
      // Confirmed by a link to the new address (sendVerificationEmail); the old one stays until then and
      // is told (hooks below). No sendChangeEmailConfirmation: that would ask the old address first.
      changeEmail: { enabled: true, updateEmailWithoutVerification: false },
    },
    session: {
      expiresIn: SESSION_EXPIRES_IN_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
    },
    databaseHooks: {
      // (No user hook: a new account's profile and "user" role come from a database trigger, decision 002.)
      // A suspended member gets no session, whichever endpoint would make one (modules/suspensions).
      session: { create: suspendedSessionHooks(db) },
      // The only update that sets `email` is following a new address's link, which proves that address.
      user: {
        update: {
          before: async (data) => (data.email === undefined ? undefined : { data: { ...data, emailVerified: true } }),
          // This process forgets her cached session (its email) now; others hear the user trigger's NOTIFY.
          after: async (row) => announceSessionChange(row.id),
        },
      },
      verification: {
        delete: {
          before: async (row) => {
            await revokeOtherResetLinks(db, row);
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/sign-up/email') {
          return answerExistingMemberSignUp(ctx, { mailer, productName: config.productName, appUrl: config.appUrl });
        }
        if (ctx.path === '/request-password-reset' && ctx.request) resetRequestFloor.start(ctx.request);
        if (ctx.path === '/change-email') await checkPasswordForEmailChange(ctx);
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/request-password-reset' && ctx.request) await resetRequestFloor.wait(ctx.request);
        if (ctx.path === '/change-email') {
          await noticeOldAddress(ctx, { mailer, productName: config.productName, appUrl: config.appUrl });
        }
      }),
    },
    // Rate limits are Fastify's (shared with the rest of the API), not better-auth's.
    rateLimit: { enabled: false },
    advanced: {
      // Sessions record the address Fastify determined, not whatever X-Forwarded-For a client sent.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      useSecureCookies: config.appUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    logger: {
      log: (level, message, ...args) => {
        const data = { source: 'better-auth', args: args.length ? args : undefined };
        if (level === 'error') log.error(data, message);
        else if (level === 'warn') log.warn(data, message);
        else log.debug(data, message);
      },
    },
    telemetry: { enabled: false },
    plugins: [twoFactorPlugin(twoFactorOptions(config.productName))],
  });
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
