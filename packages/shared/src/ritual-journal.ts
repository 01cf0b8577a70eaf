import { z } from 'zod';
import { cursorSchema } from './params.ts';
import { completeRitualBodySchema } from './ritual-schemas.ts';
import { MOODS, MOON_PHASE_KEYS } from './rituals.ts';

/** Entries on one page of her journal. */
export const JOURNAL_PAGE_SIZE = 20;
export const MONTH_PATTERN = /^(19|2\d)\d{2}-(0[1-9]|1[0-2])$/;

/** One completion as her journal shows it: what she did, under which moon, and how she felt. */
export const journalEntrySchema = z.object({
  id: z.string(),
  /** Null once she deleted her own ritual; the title stays. */
  ritualId: z.string().nullable(),
  ritualTitle: z.string(),
  moonPhase: z.enum(MOON_PHASE_KEYS),
  moodAfter: z.enum(MOODS).nullable(),
  energyLevel: z.number().int(),
  notes: z.string().nullable(),
  /** Her own day (YYYY-MM-DD) in the time zone she completed it in: the journal's day heading. */
  localDate: z.string(),
  completedAt: z.string(),
});
export type JournalEntry = z.infer<typeof journalEntrySchema>;

export const journalPageSchema = z.object({
  entries: z.array(journalEntrySchema),
  nextCursor: z.string().nullable(),
});
export type JournalPage = z.infer<typeof journalPageSchema>;

export const journalQuerySchema = z.object({
  phase: z.enum(MOON_PHASE_KEYS, { message: 'Choose one of the moon phases' }).optional(),
  cursor: cursorSchema.optional(),
});

/** Her notes, mood and energy on a past completion, edited afterwards. */
export const journalEntryBodySchema = completeRitualBodySchema;

export const practiceCalendarQuerySchema = z.object({
  month: z.string().regex(MONTH_PATTERN, 'The month must look like 2026-11').optional(),
});

/** One month of her practice: completions per day (days without any left out) and her streaks. */
export const practiceCalendarSchema = z.object({
  month: z.string(),
  /** Her today, in her time zone. */
  today: z.string(),
  days: z.array(z.object({ date: z.string(), count: z.number().int() })),
  currentStreak: z.number().int(),
  longestStreak: z.number().int(),
});
export type PracticeCalendar = z.infer<typeof practiceCalendarSchema>;
