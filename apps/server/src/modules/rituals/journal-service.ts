import {
  JOURNAL_PAGE_SIZE,
  type JournalEntry,
  type JournalPage,
  type PracticeCalendar,
} from '@lunara/shared/ritual-journal';
import type { CompleteRitualBody } from '@lunara/shared/ritual-schemas';
import type { Mood, MoonPhaseKey } from '@lunara/shared/rituals';
import { and, asc, desc, eq, gte, inArray, lt, max, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { builderLimit } from '../../db/literal-limit.ts';
import { dailyRituals, rituals } from '../../db/schema/rituals.ts';
import { notFound } from '../../errors.ts';
import { decodeCursor, encodeCursor, microsOf, timestampFromMicros } from '../../lib/cursor.ts';
import { memberDay } from './ritual-service.ts';

export const ENTRY_NOT_FOUND = 'This journal entry does not exist';

const entryColumns = {
  id: dailyRituals.id,
  ritualId: dailyRituals.ritualId,
  // The live title while the ritual exists; the title kept at deletion once she deleted her own ritual.
  ritualTitle: sql<string>`coalesce(${rituals.title}, ${dailyRituals.keptTitle}, 'A deleted ritual')`,
  moonPhase: dailyRituals.moonPhase,
  moodAfter: dailyRituals.moodAfter,
  energyLevel: dailyRituals.energyLevel,
  notes: dailyRituals.notes,
  localDate: dailyRituals.localDate,
  completedAt: dailyRituals.completedAt,
  micros: microsOf(dailyRituals.completedAt),
};

interface EntryRow {
  id: string;
  ritualId: string | null;
  ritualTitle: string;
  moonPhase: string;
  moodAfter: string | null;
  energyLevel: number;
  notes: string | null;
  localDate: string;
  completedAt: Date;
}

const toEntry = (row: EntryRow): JournalEntry => ({
  id: row.id,
  ritualId: row.ritualId,
  ritualTitle: row.ritualTitle,
  moonPhase: row.moonPhase as MoonPhaseKey,
  moodAfter: (row.moodAfter as Mood | null) ?? null,
  energyLevel: row.energyLevel,
  notes: row.notes,
  localDate: row.localDate,
  completedAt: row.completedAt.toISOString(),
});

const entriesOf = (db: Db, where: SQL | undefined) =>
  db.select(entryColumns).from(dailyRituals).leftJoin(rituals, eq(rituals.id, dailyRituals.ritualId)).where(where);

/**
 * Her journal: her completions newest first, keyset-paged on (completed_at, id), optionally of one
 * moon phase (the phase is stored at completion; (user_id, moon_phase, completed_at) serves the filter).
 * Only ever her own rows: the member id comes from her session, never from the request.
 */
export async function listJournal(
  db: Db,
  userId: string,
  query: { phase?: MoonPhaseKey | undefined; cursor?: string | undefined },
): Promise<JournalPage> {
  const after = query.cursor ? decodeCursor(query.cursor, ['micros', 'uuid']) : undefined;
  const rows = await entriesOf(
    db,
    and(
      eq(dailyRituals.userId, userId),
      query.phase ? eq(dailyRituals.moonPhase, query.phase) : undefined,
      after
        ? sql`(${dailyRituals.completedAt}, ${dailyRituals.id}) < (${timestampFromMicros(String(after[0]))}, ${String(after[1])}::uuid)`
        : undefined,
    ),
  )
    .orderBy(desc(dailyRituals.completedAt), desc(dailyRituals.id))
    .limit(builderLimit(JOURNAL_PAGE_SIZE + 1));
  const page = rows.slice(0, JOURNAL_PAGE_SIZE);
  const last = page.at(-1);
  return {
    entries: page.map(toEntry),
    nextCursor: rows.length > JOURNAL_PAGE_SIZE && last ? encodeCursor([last.micros, last.id]) : null,
  };
}

/** Her notes, mood and energy on a past completion (hers only: anyone else's is "not found"). */
export async function editJournalEntry(
  db: Db,
  userId: string,
  entryId: string,
  body: CompleteRitualBody,
): Promise<JournalEntry> {
  const updated = await db
    .update(dailyRituals)
    .set({ notes: body.notes || null, moodAfter: body.mood ?? null, energyLevel: body.energyLevel ?? 3 })
    .where(and(eq(dailyRituals.id, entryId), eq(dailyRituals.userId, userId)))
    .returning({ id: dailyRituals.id });
  if (updated.length === 0) throw notFound(ENTRY_NOT_FOUND);
  const [row] = await entriesOf(db, eq(dailyRituals.id, entryId));
  if (!row) throw notFound(ENTRY_NOT_FOUND);
  return toEntry(row);
}

function shiftDate(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function nextMonth(month: string): string {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number);
  return monthNumber === 12 ? `${year + 1}-01` : `${year}-${String(monthNumber + 1).padStart(2, '0')}`;
}

/**
 * One month of her practice and her streaks. Days are her own days (local_date, reckoned in her time
 * zone when she completed), so a ritual at 23:30 in New York counts on that New York day. The month is
 * at most 31 rows of (user_id, local_date); the streaks read the streak each completion stored
 * (days in a row ending that day): the current one from today's and yesterday's rows, the longest as a
 * max over (user_id, streak_count) — neither reads her whole history.
 */
export async function getPracticeCalendar(
  db: Db,
  userId: string,
  query: { month?: string | undefined; timeZone: string },
  now = new Date(),
): Promise<PracticeCalendar> {
  const { today } = await memberDay(db, userId, query.timeZone, now);
  const month = query.month ?? today.slice(0, 7);
  const days = await db
    .select({ date: dailyRituals.localDate, count: sql<number>`count(*)::int` })
    .from(dailyRituals)
    .where(
      and(
        eq(dailyRituals.userId, userId),
        gte(dailyRituals.localDate, `${month}-01`),
        lt(dailyRituals.localDate, `${nextMonth(month)}-01`),
      ),
    )
    .groupBy(dailyRituals.localDate)
    .orderBy(asc(dailyRituals.localDate));
  const [current] = await db
    .select({ streak: max(dailyRituals.streakCount) })
    .from(dailyRituals)
    .where(and(eq(dailyRituals.userId, userId), inArray(dailyRituals.localDate, [today, shiftDate(today, -1)])));
  const [longest] = await db
    .select({ streak: max(dailyRituals.streakCount) })
    .from(dailyRituals)
    .where(eq(dailyRituals.userId, userId));
  return {
    month,
    today,
    days: days.map((day) => ({ date: day.date, count: Number(day.count) })),
    currentStreak: current?.streak ?? 0,
    longestStreak: longest?.streak ?? 0,
  };
}
