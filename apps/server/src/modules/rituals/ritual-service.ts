import { RITUAL_POINTS } from '@lunara/shared/moon';
import type {
  CompleteRitualBody,
  Completion,
  CreateRitualBody,
  Ritual,
  RitualsToday,
} from '@lunara/shared/ritual-schemas';
import type { Mood, MoonPhaseKey } from '@lunara/shared/rituals';
import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { builderLimit } from '../../db/literal-limit.ts';
import { userLocations } from '../../db/schema/members.ts';
import { dailyRituals, rituals } from '../../db/schema/rituals.ts';
import { AppError, notFound } from '../../errors.ts';
import { awardPoints } from '../points/ledger-service.ts';
import { localDate } from '../points/member-points-service.ts';
import { getMoon } from './moon-service.ts';

export const ALREADY_COMPLETED = 'You have already completed this ritual today';
const MAX_RITUALS = 200;

const toRitual = (row: typeof rituals.$inferSelect, viewerId: string): Ritual => ({
  id: row.id,
  title: row.title,
  description: row.description,
  instructions: row.instructions,
  durationMinutes: row.durationMinutes,
  category: row.category,
  moonPhase: row.moonPhase as MoonPhaseKey,
  isTemplate: row.isTemplate,
  isMine: row.userId === viewerId,
});

/** Templates and the member's own rituals (spec: templates first, then oldest first). */
async function listVisibleRituals(db: Db, userId: string): Promise<Ritual[]> {
  const rows = await db
    .select()
    .from(rituals)
    .where(or(eq(rituals.isTemplate, true), eq(rituals.userId, userId)))
    .orderBy(desc(rituals.isTemplate), asc(rituals.createdAt), asc(rituals.title))
    .limit(builderLimit(MAX_RITUALS));
  return rows.map((row) => toRitual(row, userId));
}

async function completionsOn(db: Db, userId: string, day: string): Promise<Completion[]> {
  const rows = await db
    .select({ completion: dailyRituals, title: rituals.title })
    .from(dailyRituals)
    .innerJoin(rituals, eq(rituals.id, dailyRituals.ritualId))
    .where(and(eq(dailyRituals.userId, userId), eq(dailyRituals.localDate, day)))
    .orderBy(asc(dailyRituals.completedAt));
  return rows.map(({ completion, title }) => ({
    id: completion.id,
    ritualId: completion.ritualId,
    ritualTitle: title,
    moonPhase: completion.moonPhase as MoonPhaseKey,
    energyLevel: completion.energyLevel,
    moodAfter: (completion.moodAfter as Mood | null) ?? null,
    streakCount: completion.streakCount,
    completedAt: completion.completedAt.toISOString(),
  }));
}

/** The rituals page: the moon (timed at the saved location), the rituals, and today's completions. */
export async function getRitualsToday(
  db: Db,
  userId: string,
  timeZone: string,
  now = new Date(),
): Promise<RitualsToday> {
  const [location] = await db.select().from(userLocations).where(eq(userLocations.userId, userId));
  return {
    moon: getMoon(now, location ? { latitude: location.latitude, longitude: location.longitude, timeZone } : undefined),
    rituals: await listVisibleRituals(db, userId),
    completedToday: await completionsOn(db, userId, localDate(now, timeZone)),
  };
}

function previousDay(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/**
 * Completes a ritual once per the member's own day: the (member, ritual, day) unique key decides
 * between concurrent completions, and +15 is paid with it. The streak counts days in a row with any
 * completion, ending today.
 */
export async function completeRitual(
  db: Db,
  userId: string,
  ritualId: string,
  body: CompleteRitualBody,
  timeZone: string,
  now = new Date(),
): Promise<Completion> {
  const today = localDate(now, timeZone);
  const id = await db.transaction(async (tx) => {
    const [ritual] = await tx
      .select()
      .from(rituals)
      .where(and(eq(rituals.id, ritualId), or(eq(rituals.isTemplate, true), eq(rituals.userId, userId))));
    if (!ritual) throw notFound('This ritual does not exist');

    const [yesterday] = await tx
      .select({ streak: sql<number>`max(${dailyRituals.streakCount})` })
      .from(dailyRituals)
      .where(and(eq(dailyRituals.userId, userId), eq(dailyRituals.localDate, previousDay(today))));
    const [earlierToday] = await tx
      .select({ streak: sql<number>`max(${dailyRituals.streakCount})` })
      .from(dailyRituals)
      .where(and(eq(dailyRituals.userId, userId), eq(dailyRituals.localDate, today)));
    const streak = earlierToday?.streak ?? (yesterday?.streak ? yesterday.streak + 1 : 1);

    const inserted = await tx
      .insert(dailyRituals)
      .values({
        userId,
        ritualId,
        moonPhase: getMoon(now).phase,
        notes: body.notes || null,
        energyLevel: body.energyLevel ?? 3,
        moodAfter: body.mood ?? null,
        streakCount: streak,
        localDate: today,
        completedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: dailyRituals.id });
    const created = inserted[0];
    if (!created) throw new AppError('CONFLICT', 409, ALREADY_COMPLETED);
    await awardPoints(tx, {
      userId,
      amount: RITUAL_POINTS,
      reason: 'ritual',
      idempotencyKey: `ritual:${userId}:${ritualId}:${today}`,
    });
    return created.id;
  });
  const completion = (await completionsOn(db, userId, today)).find((row) => row.id === id);
  if (!completion) throw notFound('The completion was not saved');
  return completion;
}

/** A member's own ritual: visible to her only, alongside the templates. */
export async function createOwnRitual(db: Db, userId: string, body: CreateRitualBody): Promise<Ritual> {
  const [row] = await db
    .insert(rituals)
    .values({ ...body, category: 'personal', isTemplate: false, userId })
    .returning();
  if (!row) throw new Error('The ritual was not saved');
  return toRitual(row, userId);
}

/** Browser geolocation, kept for the moon timing (city and country are never filled in, as in the spec). */
export async function saveLocation(db: Db, userId: string, location: { latitude: number; longitude: number }) {
  await db
    .insert(userLocations)
    .values({ userId, ...location })
    .onConflictDoUpdate({ target: userLocations.userId, set: { ...location, updatedAt: sql`now()` } });
}
