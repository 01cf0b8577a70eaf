/**
 * Two-factor authentication's settings, limits and texts.
 * No zod here, so that a page's first load can read them (zod-free-modules.test.ts): two-factor.ts
 * re-exports them beside its schemas.
 */

/** STAFF_TWO_FACTOR: whether admins and moderators must turn two-factor on before using staff tools. */
export const STAFF_TWO_FACTOR_MODES = ['required', 'optional'] as const;

export type StaffTwoFactorMode = (typeof STAFF_TWO_FACTOR_MODES)[number];

export const TWO_FACTOR_REQUIRED_CODE = 'TWO_FACTOR_REQUIRED';

export const TWO_FACTOR_REQUIRED_MESSAGE = 'Turn on two-factor authentication in Settings to use staff tools';

/** Failed codes in a row (any sign-in attempt, any client) before the account's codes wait. */
export const TWO_FACTOR_LOCKOUT = { maxFailures: 10, lockMinutes: 60 } as const;

/** Password-checked two-factor changes (turn on, turn off, new recovery codes) one member may try per window. */
export const TWO_FACTOR_CHANGES_PER_WINDOW = { max: 5, minutes: 15 } as const;

/** Codes a signed-in member may try per window while confirming set-up. */
export const TWO_FACTOR_SETUP_CODES_PER_WINDOW = { max: 10, minutes: 15 } as const;

export const RECOVERY_CODE_COUNT = 10;
