import { z } from 'zod';

/** Every error the API returns has this shape. */
export const errorResponseSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const healthResponseSchema = z.object({ status: z.literal('ok') });
export const readinessResponseSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  /** Why it is not ready (database unreachable, migrations missing, shutting down). */
  reason: z.string().optional(),
  migrations: z.object({ applied: z.number().int(), expected: z.number().int() }).optional(),
});
