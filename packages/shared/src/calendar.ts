import { z } from 'zod';

/** The reminders of an event she is going to (or may): a day before and an hour before its start. */
export const EVENT_REMINDER_KINDS = ['24h', '1h'] as const;
export type EventReminderKind = (typeof EVENT_REMINDER_KINDS)[number];

/**
 * Her private calendar subscription. Only a hash of its token is stored, so the links come only in the
 * answer that made them (turning it on, or Reset link); afterwards `enabled` alone says it is on.
 */
export const calendarFeedSchema = z.object({
  enabled: z.boolean(),
  /** `https://…/calendar/<token>.ics`; only in the answer that created the token. */
  httpsUrl: z.string().nullable(),
  /** The same address as `webcal://`, which calendar apps open as a subscription. */
  webcalUrl: z.string().nullable(),
  createdAt: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
