import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './auth.ts';

export type { StaffTwoFactorMode } from './two-factor-constants.ts';
export {
  RECOVERY_CODE_COUNT,
  STAFF_TWO_FACTOR_MODES,
  TWO_FACTOR_CHANGES_PER_WINDOW,
  TWO_FACTOR_LOCKOUT,
  TWO_FACTOR_REQUIRED_CODE,
  TWO_FACTOR_REQUIRED_MESSAGE,
  TWO_FACTOR_SETUP_CODES_PER_WINDOW,
} from './two-factor-constants.ts';

const currentPassword = z
  .string({ message: 'Enter your password' })
  .min(1, 'Enter your password')
  .max(PASSWORD_MAX_LENGTH, 'That is not your password');

/** Turning on, turning off and new recovery codes: her password again (nothing else reaches better-auth). */
export const twoFactorPasswordBodySchema = z.object({ password: currentPassword });

/** "123 456" and "123456" are the same code; anything else is not a code. */
export const totpCodeSchema = z
  .string({ message: 'Enter the 6-digit code from your authenticator app' })
  .max(20, 'Enter the 6-digit code from your authenticator app')
  .transform((code) => code.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'));

/** A recovery code as shown (`abcde-12345`); typed without the dash or with spaces around, it still counts. */
export const recoveryCodeSchema = z
  .string({ message: 'Enter one of your recovery codes' })
  .max(40, 'That is not a recovery code')
  .transform((code) => code.replace(/\s/g, ''))
  .transform((code) => (/^[A-Za-z0-9]{10}$/.test(code) ? `${code.slice(0, 5)}-${code.slice(5)}` : code))
  .pipe(z.string().regex(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/, 'That is not a recovery code'));

export const verifyTotpBodySchema = z.object({
  code: totpCodeSchema,
  /** Skip the code on this browser for 30 days. */
  trustDevice: z.boolean().optional(),
});

export const verifyRecoveryCodeBodySchema = z.object({
  code: recoveryCodeSchema,
  trustDevice: z.boolean().optional(),
});

/** What better-auth answers when turning on starts: the authenticator's URI and the recovery codes, shown once. */
export interface TwoFactorSetup {
  totpURI: string;
  backupCodes: string[];
}

/** The sign-in answer when the password was right and a code is still needed (no session yet). */
export interface TwoFactorChallengeAnswer {
  twoFactorRedirect: true;
  twoFactorMethods?: string[];
}

export function needsTwoFactorCode(answer: unknown): answer is TwoFactorChallengeAnswer {
  return (
    typeof answer === 'object' &&
    answer !== null &&
    (answer as { twoFactorRedirect?: unknown }).twoFactorRedirect === true
  );
}

/** The base32 secret inside an otpauth:// URI, for typing into an app by hand. */
export function secretOfOtpauthUri(uri: string): string | null {
  try {
    return new URL(uri).searchParams.get('secret');
  } catch {
    return null;
  }
}
