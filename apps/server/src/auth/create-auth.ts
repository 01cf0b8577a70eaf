import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@lunara/shared/auth';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { account, session, user, verification } from '../db/schema/auth.ts';
import type { Mailer } from '../mail/mailer.ts';
import { passwordResetEmail, verificationEmail } from '../mail/templates.ts';
import { promoteIfConfiguredAdmin } from '../modules/roles/service.ts';

interface AuthDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
  secret: string;
}

export function createAuth({ db, config, mailer, log, secret }: AuthDeps) {
  return betterAuth({
    appName: config.productName,
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification } }),
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
        await mailer.send(passwordResetEmail(config.productName, member.email, url));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user: member, url }) => {
        await mailer.send(verificationEmail(config.productName, member.email, url));
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    databaseHooks: {
      user: {
        create: {
          // The profile and the "user" role come from a trigger in the same transaction as the
          // account; configured admins are promoted right after.
          after: async (created) => {
            await promoteIfConfiguredAdmin(db, created.id, created.email, config.adminEmails);
          },
        },
      },
    },
    // Rate limits are Fastify's (shared with the rest of the API), not better-auth's.
    rateLimit: { enabled: false },
    advanced: {
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
  });
}

export type Auth = ReturnType<typeof createAuth>;
