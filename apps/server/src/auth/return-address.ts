import { BAD_RETURN_ADDRESS, isReturnAddress } from '@lunara/shared/urls';
import { AppError } from '../errors.ts';

/** The fields in which better-auth takes the address to send a browser to after a link or a sign-in. */
const RETURN_FIELDS = ['callbackURL', 'redirectTo', 'errorCallbackURL', 'newUserCallbackURL'] as const;

/**
 * Refuses a return address outside this site, in the body or the query of any auth request. better-auth
 * checks them against the trusted origins only when the request carries cookies (its check is against
 * cross-site requests), so an emailed or crafted link such as `/api/auth/reset-password/x?callbackURL=
 * https://elsewhere` would otherwise redirect from this site to any other: a phishing aid.
 */
export function assertReturnAddresses(trustedOrigins: readonly string[], ...sources: unknown[]): void {
  for (const source of sources) {
    if (!source || typeof source !== 'object') continue;
    for (const field of RETURN_FIELDS) {
      const value = (source as Record<string, unknown>)[field];
      if (value === undefined) continue;
      if (typeof value !== 'string' || !isOwnAddress(value, trustedOrigins)) {
        throw new AppError('BAD_REQUEST', 400, BAD_RETURN_ADDRESS);
      }
    }
  }
}

function isOwnAddress(value: string, trustedOrigins: readonly string[]): boolean {
  if (!isReturnAddress(value)) return false;
  return value.startsWith('/') || trustedOrigins.includes(new URL(value).origin);
}
