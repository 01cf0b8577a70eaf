import type { CreateRitualBody, Ritual } from '@lunara/shared/ritual-schemas';
import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { dailyRituals, rituals } from '../../db/schema/rituals.ts';
import { forbidden, notFound } from '../../errors.ts';
import { ritualFields } from './ritual-service.ts';

export const NOT_YOUR_RITUAL = 'Only the rituals you added yourself can be changed';
const NO_SUCH_RITUAL = 'This ritual does not exist';

/**
 * The ritual she may change, locked: her own only. A template is a 403 (she sees it, it is not hers);
 * another member's ritual is a 404, as if it did not exist (she never sees it).
 */
async function lockOwnRitual(tx: Db, userId: string, ritualId: string) {
  const [ritual] = await tx
    .select({ id: rituals.id, isTemplate: rituals.isTemplate, title: rituals.title })
    .from(rituals)
    .where(and(eq(rituals.id, ritualId), or(eq(rituals.isTemplate, true), eq(rituals.userId, userId))))
    .for('update');
  if (!ritual) throw notFound(NO_SUCH_RITUAL);
  if (ritual.isTemplate) throw forbidden(NOT_YOUR_RITUAL);
  return ritual;
}

/** Saves her changes to a ritual she added herself. */
export async function updateOwnRitual(
  db: Db,
  userId: string,
  ritualId: string,
  body: CreateRitualBody,
): Promise<Ritual> {
  return db.transaction(async (tx) => {
    await lockOwnRitual(tx, userId, ritualId);
    const [row] = await tx
      .update(rituals)
      .set(body)
      .where(and(eq(rituals.id, ritualId), eq(rituals.userId, userId)))
      .returning();
    if (!row) throw notFound(NO_SUCH_RITUAL);
    return { ...ritualFields(row), isTemplate: false, isMine: true };
  });
}

/**
 * Deletes a ritual she added herself. Her completions of it stay in her journal: its title is copied
 * into them and the foreign key sets their ritual to null. Points are in the ledger, so what she earned
 * stays. The row lock waits for a completion in progress (it holds a share lock), so that completion
 * gets the title too; one arriving after finds no ritual.
 */
export async function deleteOwnRitual(db: Db, userId: string, ritualId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const ritual = await lockOwnRitual(tx, userId, ritualId);
    await tx.update(dailyRituals).set({ keptTitle: ritual.title }).where(eq(dailyRituals.ritualId, ritualId));
    await tx.delete(rituals).where(and(eq(rituals.id, ritualId), eq(rituals.userId, userId)));
  });
}
