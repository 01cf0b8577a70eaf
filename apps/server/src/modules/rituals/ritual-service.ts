import { RITUAL_POINTS } from '@lunara/shared/moon';
import { OWN_RITUALS_PAID_PER_DAY } from '@lunara/shared/points';
import type {
  CompleteRitualBody,
  Completion,
  CreateRitualBody,
  Ritual,
  RitualsToday,
} from '@lunara/shared/ritual-schemas';
import type { Mood, MoonPhaseKey } from '@lunara/shared/rituals';
import { and, asc, desc, eq, gt, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { builderLimit } from '../../db/literal-limit.ts';
import { profiles, userLocations } from '../../db/schema/members.ts';
import { dailyRituals, rituals } from '../../db/schema/rituals.ts';
import { AppError, notFound } from '../../errors.ts';
import { awardPoints } from '../points/ledger-service.ts';
import { localDate, lockMemberFor } from '../points/member-points-service.ts';
import { getMoon } from './moon-service.ts';

export const ALREADY_COMPLETED = 'You have already completed this ritual today';
export const RITUAL_REMOVED = 'This ritual is no longer offered';
const MAX_RITUALS = 200;

/** What a ritual is, as members and the admins' template editor both show it. */
export const ritualFields = (row: typeof rituals.$inferSelect) => ({
  id: row.id,
  title: row.title,
  description: row.description,
  instructions: row.instructions,
  durationMinutes: row.durationMinutes,
  category: row.category,
  moonPhase: row.moonPhase as MoonPhaseKey,
});

const toRitual = (row: typeof rituals.$inferSelect, viewerId: string): Ritual => ({
  ...ritualFields(row),
  isTemplate: row.isTemplate,
  isMine: row.userId === viewerId,
});

/** The templates on offer (not removed by an admin) and the member's own rituals. */
const offeredTo = (userId: string) =>
  or(and(eq(rituals.isTemplate, true), isNull(rituals.archivedAt)), eq(rituals.userId, userId));

/** Templates and the member's own rituals (spec: templates first, then oldest first). */
async function listVisibleRituals(db: Db, userId: string): Promise<Ritual[]> {
  const rows = await db
    .select()
    .from(rituals)
    .where(offeredTo(userId))
    .orderBy(desc(rituals.isTemplate), asc(rituals.createdAt), asc(rituals.title))
    .limit(builderLimit(MAX_RITUALS));
  return rows.map((row) => toRitual(row, userId));
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The member's day: her zone, its date, and the start of the 24 hours that count across a zone change. */
export interface MemberDay {
  zone: string;
  today: string;
  /** Whether the stored zone is to change to the browser's now. */
  zoneChanges: boolean;
  since: Date;
}

/**
 * The member's day as the server knows it (decision 016): her stored time zone, which follows the one her
 * browser sends but changes at most once in 24 hours. Completions made under another zone in the last 24
 * hours count toward today too (`ofDay`), so a changed zone cannot open a second day for a ritual (or the
 * own-ritual cap) within 24 hours.
 */
export async function memberDay(db: Db, userId: string, browserZone: string, now: Date): Promise<MemberDay> {
  const [profile] = await db
    .select({ timeZone: profiles.timeZone, changedAt: profiles.timeZoneChangedAt })
    .from(profiles)
    .where(eq(profiles.id, userId));
  const stored = profile?.timeZone ?? 'UTC';
  const mayChange = !profile?.changedAt || now.getTime() - profile.changedAt.getTime() >= DAY_MS;
  const zoneChanges = browserZone !== stored && mayChange;
  const zone = zoneChanges ? browserZone : stored;
  return { zone, today: localDate(now, zone), zoneChanges, since: new Date(now.getTime() - DAY_MS) };
}

/** The completions that make up the member's day: its date, and anything under another zone in 24 hours. */
const ofDay = (userId: string, day: MemberDay) =>
  and(
    eq(dailyRituals.userId, userId),
    or(
      eq(dailyRituals.localDate, day.today),
      and(
        gt(dailyRituals.completedAt, day.since),
        isNotNull(dailyRituals.timeZone),
        ne(dailyRituals.timeZone, day.zone),
      ),
    ),
  );

async function completionsWhere(db: Db, where: SQL | undefined): Promise<Completion[]> {
  const rows = await db
    .select({ completion: dailyRituals, title: sql<string>`coalesce(${rituals.title}, ${dailyRituals.keptTitle}, '')` })
    .from(dailyRituals)
    // Left: a completion of an own ritual she deleted since still counts toward her day.
    .leftJoin(rituals, eq(rituals.id, dailyRituals.ritualId))
    .where(where)
    .orderBy(asc(dailyRituals.completedAt));
  return rows.map(({ completion, title }) => ({
    id: completion.id,
    ritualId: completion.ritualId ?? '',
    ritualTitle: title,
    moonPhase: completion.moonPhase as MoonPhaseKey,
    energyLevel: completion.energyLevel,
    moodAfter: (completion.moodAfter as Mood | null) ?? null,
    streakCount: completion.streakCount,
    pointsAwarded: completion.pointsAwarded,
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
  const day = await memberDay(db, userId, timeZone, now);
  return {
    moon: getMoon(now, location ? { latitude: location.latitude, longitude: location.longitude, timeZone } : undefined),
    rituals: await listVisibleRituals(db, userId),
    completedToday: await completionsWhere(db, ofDay(userId, day)),
  };
}

function previousDay(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/**
 * Completes a ritual once per the member's day (`memberDay`). Her points row is locked first, so her
 * completions run one at a time: the day's check, the own-ritual cap and the zone change are exact under
 * concurrent requests; the (member, ritual, day) unique key stays as the last word. Templates pay +15;
 * her own rituals pay +15 for the first OWN_RITUALS_PAID_PER_DAY completions of her day, then nothing
 * (they still count for the streak). The streak counts days in a row with any completion, ending today.
 */
export async function completeRitual(
  db: Db,
  userId: string,
  ritualId: string,
  body: CompleteRitualBody,
  timeZone: string,
  now = new Date(),
): Promise<Completion> {
  const id = await db.transaction(async (tx) => {
    // A template an admin removes while this runs: her completion either lands first (kept, like every
    // past one) or finds it removed; the shared lock keeps the archive waiting for this transaction.
    const [ritual] = await tx
      .select()
      .from(rituals)
      .where(and(eq(rituals.id, ritualId), or(eq(rituals.isTemplate, true), eq(rituals.userId, userId))))
      .for('share');
    if (!ritual) throw notFound('This ritual does not exist');
    if (ritual.archivedAt) throw notFound(RITUAL_REMOVED);

    // Her completions one at a time (the day's cap and streak), her points row left to the ledger's order.
    await lockMemberFor(tx, 'ritual-day', userId);
    const day = await memberDay(tx, userId, timeZone, now);
    if (day.zoneChanges) {
      await tx
        .update(profiles)
        .set({ timeZone: day.zone, timeZoneChangedAt: now, updatedAt: sql`now()` })
        .where(eq(profiles.id, userId));
    }
    const today = day.today;
    const sameDay = await tx
      .select({
        ritualId: dailyRituals.ritualId,
        streak: dailyRituals.streakCount,
        // A deleted ritual was her own (templates are archived, never deleted): it still fills the cap.
        paidOwn: sql<boolean>`coalesce(not ${rituals.isTemplate}, true) and ${dailyRituals.pointsAwarded} > 0`,
      })
      .from(dailyRituals)
      .leftJoin(rituals, eq(rituals.id, dailyRituals.ritualId))
      .where(ofDay(userId, day));
    if (sameDay.some((row) => row.ritualId === ritualId)) throw new AppError('CONFLICT', 409, ALREADY_COMPLETED);

    const [yesterday] = await tx
      .select({ streak: sql<number>`max(${dailyRituals.streakCount})` })
      .from(dailyRituals)
      .where(and(eq(dailyRituals.userId, userId), eq(dailyRituals.localDate, previousDay(today))));
    const earlierToday = sameDay.length > 0 ? Math.max(...sameDay.map((row) => row.streak)) : undefined;
    const streak = earlierToday ?? (yesterday?.streak ? yesterday.streak + 1 : 1);
    const paidOwnToday = sameDay.filter((row) => row.paidOwn).length;
    const pays = ritual.isTemplate || paidOwnToday < OWN_RITUALS_PAID_PER_DAY;

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
        timeZone: day.zone,
        pointsAwarded: pays ? RITUAL_POINTS : 0,
        completedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: dailyRituals.id });
    const created = inserted[0];
    if (!created) throw new AppError('CONFLICT', 409, ALREADY_COMPLETED);
    if (pays) {
      await awardPoints(tx, {
        userId,
        amount: RITUAL_POINTS,
        reason: 'ritual',
        idempotencyKey: `ritual:${userId}:${ritualId}:${today}`,
      });
    }
    return created.id;
  });
  const [completion] = await completionsWhere(db, eq(dailyRituals.id, id));
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
