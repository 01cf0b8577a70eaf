import { PAUSE_MONTHS_MAX } from '@lunara/shared/billing';
import type { CancellationSettings } from '@lunara/shared/billing-history';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appSettings, auditLog } from '../../db/schema/operations.ts';

/** The app_settings row holding the Cancellation card (JSON). */
export const CANCELLATION_SETTINGS_KEY = 'cancellation_settings';

/** Until the owner turns it on, cancelling offers no pause. */
export const DEFAULT_CANCELLATION_SETTINGS: CancellationSettings = {
  pauseEnabled: false,
  maxPauseMonths: PAUSE_MONTHS_MAX,
};

export async function readCancellationSettings(db: Db): Promise<CancellationSettings> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, CANCELLATION_SETTINGS_KEY));
  try {
    const stored = JSON.parse(row?.value ?? '{}') as Partial<CancellationSettings>;
    const months = stored.maxPauseMonths;
    return {
      pauseEnabled: stored.pauseEnabled === true,
      maxPauseMonths:
        Number.isInteger(months) && (months as number) >= 1 && (months as number) <= PAUSE_MONTHS_MAX
          ? (months as number)
          : DEFAULT_CANCELLATION_SETTINGS.maxPauseMonths,
    };
  } catch {
    return DEFAULT_CANCELLATION_SETTINGS;
  }
}

/** Admins change them (audited); a pause already chosen keeps its length. */
export async function saveCancellationSettings(
  db: Db,
  actorId: string,
  settings: CancellationSettings,
): Promise<CancellationSettings> {
  await db.transaction(async (tx) => {
    const before = await readCancellationSettings(tx);
    await tx
      .insert(appSettings)
      .values({ key: CANCELLATION_SETTINGS_KEY, value: JSON.stringify(settings) })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: sql`excluded.value` } });
    await tx.insert(auditLog).values({
      actorId,
      action: 'billing.cancellation_settings',
      targetType: 'app_settings',
      targetId: CANCELLATION_SETTINGS_KEY,
      details: { from: before, to: settings },
    });
  });
  return readCancellationSettings(db);
}
