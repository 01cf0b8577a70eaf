import { z } from 'zod';
import { ENERGY_DEFAULT, ENERGY_MAX, ENERGY_MIN, MOODS, MOON_PHASE_KEYS } from './rituals.ts';
import { multiLineText, optionalMultiLineText, singleLineText } from './text.ts';

export const moonSchema = z.object({
  phase: z.enum(MOON_PHASE_KEYS),
  /** Fraction of the lunar cycle, 0 = new moon, 0.5 = full moon. */
  cycleFraction: z.number(),
  illuminationPercent: z.number().int().min(0).max(100),
  nextPhase: z.object({ phase: z.enum(MOON_PHASE_KEYS), at: z.string() }),
  /** Today's moonrise and moonset at the member's saved location (null when none is saved, or none today). */
  timing: z.object({ moonrise: z.string().nullable(), moonset: z.string().nullable() }).nullable(),
});
export type Moon = z.infer<typeof moonSchema>;

export const ritualSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  instructions: z.string(),
  durationMinutes: z.number().int(),
  category: z.string(),
  moonPhase: z.enum(MOON_PHASE_KEYS),
  isTemplate: z.boolean(),
  isMine: z.boolean(),
});
export type Ritual = z.infer<typeof ritualSchema>;

export const completionSchema = z.object({
  id: z.string(),
  ritualId: z.string(),
  ritualTitle: z.string(),
  moonPhase: z.enum(MOON_PHASE_KEYS),
  energyLevel: z.number().int(),
  moodAfter: z.enum(MOODS).nullable(),
  streakCount: z.number().int(),
  /** What this completion paid: 0 for a member's own ritual past the daily cap (OWN_RITUALS_PAID_PER_DAY). */
  pointsAwarded: z.number().int(),
  completedAt: z.string(),
});
export type Completion = z.infer<typeof completionSchema>;

export const ritualsTodaySchema = z.object({
  moon: moonSchema,
  rituals: z.array(ritualSchema),
  completedToday: z.array(completionSchema),
});
export type RitualsToday = z.infer<typeof ritualsTodaySchema>;

export const completeRitualBodySchema = z.object({
  mood: z.enum(MOODS, { message: 'Choose one of the moods' }).nullable().optional(),
  energyLevel: z
    .number({ message: 'Energy level must be a number from 1 to 5' })
    .int('Energy level must be a whole number')
    .min(ENERGY_MIN, 'Energy level must be from 1 to 5')
    .max(ENERGY_MAX, 'Energy level must be from 1 to 5')
    .default(ENERGY_DEFAULT),
  notes: optionalMultiLineText(2000, 'Notes').nullable().optional(),
});
export type CompleteRitualBody = z.input<typeof completeRitualBodySchema>;

export const createRitualBodySchema = z.object({
  title: singleLineText(120, 'Give your ritual a title', 'The title'),
  description: multiLineText(1000, 'Describe your ritual', 'The description'),
  instructions: multiLineText(5000, 'Write at least one step', 'The instructions'),
  durationMinutes: z
    .number({ message: 'Duration must be a number of minutes' })
    .int()
    .min(1, 'Duration must be at least 1 minute')
    .max(480, 'Duration must be at most 480 minutes (8 hours)'),
  moonPhase: z.enum(MOON_PHASE_KEYS, { message: 'Choose a moon phase' }),
});
export type CreateRitualBody = z.infer<typeof createRitualBodySchema>;

export const locationBodySchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
