import type { z } from 'zod';
import { isVersionConflict } from '../api/version-conflict.ts';

/** Each field's first problem, keyed by field name, so it is shown beside that field. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Why a save failed: another admin's save in between (offer Reload), or anything else (try again). */
export type SaveFailure = { kind: 'conflict' | 'error'; message: string };

export function saveFailureOf(error: unknown): SaveFailure {
  if (isVersionConflict(error)) {
    return { kind: 'conflict', message: error.message };
  }
  return { kind: 'error', message: error instanceof Error ? error.message : 'Something went wrong' };
}

/** Whether the form differs from what it was opened with (closing it then asks first). */
export const hasChanges = <T extends Record<string, unknown>>(values: T, initial: T) =>
  Object.keys(initial).some((key) => values[key] !== initial[key]);
