import { z } from 'zod';

/**
 * Trimmed text that must not be blank and has a length limit, with the two messages a member sees:
 * `blank` when there is nothing, and "<label> must be at most N characters" when there is too much.
 */
export const requiredText = (max: number, blank: string, label: string) =>
  z
    .string({ message: blank })
    .trim()
    .min(1, blank)
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters`);
