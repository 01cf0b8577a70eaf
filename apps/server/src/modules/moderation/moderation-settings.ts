import { DEFAULT_HIDE_THRESHOLD, type ModerationSettings } from '@lunara/shared/moderation';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appSettings, auditLog } from '../../db/schema/operations.ts';

/** The app_settings row holding how many distinct members' reports hide content until it is reviewed. */
export const HIDE_THRESHOLD_KEY = 'moderation_hide_threshold';

/** The threshold as stored, or the default when no admin has changed it (or the value is unreadable). */
export async function readHideThreshold(db: Db): Promise<number> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, HIDE_THRESHOLD_KEY));
  const value = Number(row?.value);
  return Number.isInteger(value) && value >= 1 ? value : DEFAULT_HIDE_THRESHOLD;
}

export async function readModerationSettings(db: Db): Promise<ModerationSettings> {
  return { hideThreshold: await readHideThreshold(db) };
}

/**
 * Admins change the threshold (audited). Open cases keep their state: a case is measured against the
 * threshold when a report arrives, so a lower one applies from the next report.
 */
export async function saveModerationSettings(
  db: Db,
  actorId: string,
  settings: ModerationSettings,
): Promise<ModerationSettings> {
  await db.transaction(async (tx) => {
    const before = await readHideThreshold(tx);
    await tx
      .insert(appSettings)
      .values({ key: HIDE_THRESHOLD_KEY, value: String(settings.hideThreshold) })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: sql`excluded.value` } });
    await tx.insert(auditLog).values({
      actorId,
      action: 'moderation.settings',
      targetType: 'app_settings',
      targetId: HIDE_THRESHOLD_KEY,
      details: { hideThreshold: { from: before, to: settings.hideThreshold } },
    });
  });
  return readModerationSettings(db);
}
