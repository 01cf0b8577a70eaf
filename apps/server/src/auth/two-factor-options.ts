import { TWO_FACTOR_LOCKOUT } from '@lunara/shared/two-factor';
import type { TwoFactorOptions } from 'better-auth/plugins/two-factor';

/**
 * better-auth's two-factor plugin as Lunara uses it: authenticator codes (TOTP, 6 digits, 30 s) and ten
 * recovery codes, both stored encrypted with the auth secret; no email codes.
 *
 * Guessing a code: one sign-in challenge (the short two_factor cookie) allows 5 tries, and the account
 * locks for an hour after 10 failed tries in a row across challenges, so whoever holds her password gets
 * at most 240 tries a day against 3-in-a-million odds each (the code before and after count too):
 * about 1 in 1,400 a day, and each lock is visible to her as "temporarily locked". Per client, the
 * AUTH_RATE_LIMIT applies on top (auth-endpoints.ts).
 */
export function twoFactorOptions(productName: string) {
  return {
    issuer: productName,
    // "Trust this device for 30 days" (a signed cookie, checked against a row of the verification table).
    trustDeviceMaxAge: 30 * 24 * 60 * 60,
    // Time to type the code after the password was accepted.
    twoFactorCookieMaxAge: 10 * 60,
    accountLockout: {
      enabled: true,
      maxFailedAttempts: TWO_FACTOR_LOCKOUT.maxFailures,
      durationSeconds: TWO_FACTOR_LOCKOUT.lockMinutes * 60,
    },
    backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: 'encrypted' },
  } satisfies TwoFactorOptions;
}
