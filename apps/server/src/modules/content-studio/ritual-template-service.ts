import {
  type AdminRitual,
  CONTENT_MESSAGES,
  type CreateRitualTemplateBody,
  RITUAL_TEMPLATES_MAX,
  type UpdateRitualTemplateBody,
} from '@lunara/shared/content-studio';
import { MOON_PHASE_KEYS, type MoonPhaseKey } from '@lunara/shared/rituals';
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { assertRoomFor } from '../../db/assert-room.ts';
import type { Db } from '../../db/client.ts';
import { builderLimit } from '../../db/literal-limit.ts';
import { auditLog } from '../../db/schema/operations.ts';
import { dailyRituals, rituals } from '../../db/schema/rituals.ts';
import { notFound, versionConflict } from '../../errors.ts';
import { ritualFields } from '../rituals/ritual-service.ts';

/** The templates an admin edits: members' own rituals and removed templates are never reached here. */
const liveTemplate = (ritualId: string) =>
  and(eq(rituals.id, ritualId), eq(rituals.isTemplate, true), isNull(rituals.archivedAt));

type RitualRow = typeof rituals.$inferSelect;

const toAdminRitual = (row: RitualRow, completionCount: number): AdminRitual => ({
  ...ritualFields(row),
  completionCount,
  version: row.version,
});

async function completionCounts(db: Db, ritualIds: string[]): Promise<Map<string, number>> {
  if (ritualIds.length === 0) return new Map();
  const rows = await db
    .select({ ritualId: dailyRituals.ritualId, total: count() })
    .from(dailyRituals)
    .where(inArray(dailyRituals.ritualId, ritualIds))
    .groupBy(dailyRituals.ritualId);
  // The ids filtered on are not null: a completion's ritual is null only once a member deleted her own.
  return new Map(rows.map((row) => [row.ritualId ?? '', Number(row.total)]));
}

const phaseRank = (phase: string) => MOON_PHASE_KEYS.indexOf(phase as MoonPhaseKey);

/** The templates on offer (the oldest RITUAL_TEMPLATES_MAX), in the moon's order (new moon first), then by title. */
export async function listRitualTemplates(db: Db): Promise<AdminRitual[]> {
  const rows = await db
    .select()
    .from(rituals)
    .where(and(eq(rituals.isTemplate, true), isNull(rituals.archivedAt)))
    .orderBy(asc(rituals.createdAt), asc(rituals.id))
    .limit(builderLimit(RITUAL_TEMPLATES_MAX));
  const counts = await completionCounts(
    db,
    rows.map((row) => row.id),
  );
  return rows
    .sort((a, b) => phaseRank(a.moonPhase) - phaseRank(b.moonPhase) || a.title.localeCompare(b.title))
    .map((row) => toAdminRitual(row, counts.get(row.id) ?? 0));
}

async function readTemplate(db: Db, ritualId: string): Promise<AdminRitual> {
  const [row] = await db.select().from(rituals).where(liveTemplate(ritualId));
  if (!row) throw notFound(CONTENT_MESSAGES.ritualNotFound);
  const counts = await completionCounts(db, [row.id]);
  return toAdminRitual(row, counts.get(row.id) ?? 0);
}

const audit = (db: Db, actorId: string, action: string, ritualId: string, title: string) =>
  db.insert(auditLog).values({ actorId, action, targetType: 'ritual', targetId: ritualId, details: { title } });

export async function createRitualTemplate(
  db: Db,
  actorId: string,
  body: CreateRitualTemplateBody,
): Promise<AdminRitual> {
  const row = await db.transaction(async (tx) => {
    const onOffer = and(eq(rituals.isTemplate, true), isNull(rituals.archivedAt));
    await assertRoomFor(tx, rituals, onOffer, RITUAL_TEMPLATES_MAX, CONTENT_MESSAGES.tooManyRituals);
    const [created] = await tx
      .insert(rituals)
      .values({ ...body, isTemplate: true, userId: null })
      .returning();
    if (!created) throw new Error('The ritual was not saved');
    await audit(tx, actorId, 'ritual.create', created.id, created.title);
    return created;
  });
  return toAdminRitual(row, 0);
}

/**
 * An edit made from `version`: one statement that only matches the version it was made from, so of two
 * admins saving the same template the second is told (409) instead of overwriting the first.
 */
export async function updateRitualTemplate(
  db: Db,
  actorId: string,
  ritualId: string,
  { version, ...fields }: UpdateRitualTemplateBody,
): Promise<AdminRitual> {
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(rituals)
      .set({ ...fields, version: sql`${rituals.version} + 1` })
      .where(and(liveTemplate(ritualId), eq(rituals.version, version)))
      .returning({ id: rituals.id });
    if (!updated) {
      const [exists] = await tx.select({ id: rituals.id }).from(rituals).where(liveTemplate(ritualId));
      throw exists ? versionConflict(CONTENT_MESSAGES.versionConflict) : notFound(CONTENT_MESSAGES.ritualNotFound);
    }
    await audit(tx, actorId, 'ritual.update', ritualId, fields.title);
  });
  return readTemplate(db, ritualId);
}

/**
 * Removes a template from what members are offered. The row stays (archived) because members'
 * completions point at it: their history, streaks and points are kept and still show its title.
 */
export async function archiveRitualTemplate(db: Db, actorId: string, ritualId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [archived] = await tx
      .update(rituals)
      .set({ archivedAt: sql`now()`, version: sql`${rituals.version} + 1` })
      .where(liveTemplate(ritualId))
      .returning({ id: rituals.id, title: rituals.title });
    if (!archived) throw notFound(CONTENT_MESSAGES.ritualNotFound);
    await audit(tx, actorId, 'ritual.archive', ritualId, archived.title);
  });
}
