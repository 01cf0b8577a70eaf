import type { PlanInterval } from '@lunara/shared/billing';
import { type PlanSettings, type PublicPlans, planSettingsSchema } from '@lunara/shared/plans';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appSettings, auditLog } from '../../db/schema/operations.ts';
import { badRequest } from '../../errors.ts';
import { createSharedReadCache, type SharedReadCache } from '../../lib/shared-read-cache.ts';

/** The app_settings row holding the owner's plans (JSON of PlanSettings). */
export const PLANS_KEY = 'plans';

/** Read on every page and checkout: kept for a few seconds per process, cleared at once on a save here. */
const PLANS_CACHE_MS = 5_000;
const caches = new WeakMap<Db, SharedReadCache<PlanSettings>>();
const cacheOf = (db: Db) => {
  let cache = caches.get(db);
  if (!cache) {
    cache = createSharedReadCache<PlanSettings>({ maxAgeMs: PLANS_CACHE_MS, maxEntries: 1 });
    caches.set(db, cache);
  }
  return cache;
};

/** What a fresh install sells: the configured monthly price (PRICE_CENTS), no yearly plan, no trial. */
export function defaultPlanSettings(priceCents: number): PlanSettings {
  return {
    monthlyCents: priceCents,
    yearlyEnabled: false,
    yearlyCents: null,
    trialDays: 0,
    stripeMonthlyPriceId: null,
    stripeYearlyPriceId: null,
  };
}

async function readStored(db: Db, priceCents: number): Promise<PlanSettings> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, PLANS_KEY));
  if (!row) return defaultPlanSettings(priceCents);
  try {
    const parsed = planSettingsSchema.safeParse(JSON.parse(row.value));
    if (parsed.success) return parsed.data;
  } catch {
    // An unreadable row falls back to the defaults below.
  }
  return defaultPlanSettings(priceCents);
}

export function readPlanSettings(db: Db, priceCents: number): Promise<PlanSettings> {
  return cacheOf(db).get(PLANS_KEY, () => readStored(db, priceCents));
}

export const toPublicPlans = (settings: PlanSettings): PublicPlans => ({
  monthlyCents: settings.monthlyCents,
  yearlyCents: settings.yearlyEnabled ? settings.yearlyCents : null,
  trialDays: settings.trialDays,
});

/** The price of a plan she may buy now, or a clear refusal (the yearly plan may be off). */
export function planPriceCents(settings: PlanSettings, plan: PlanInterval): number {
  if (plan === 'month') return settings.monthlyCents;
  if (!settings.yearlyEnabled || settings.yearlyCents === null) throw badRequest('The yearly plan is not offered.');
  return settings.yearlyCents;
}

/**
 * Admins save the plans (audited, before and after). `verify` is the provider's check of the Stripe
 * prices, made before anything is written: a refused save leaves the plans as they were.
 */
export async function savePlanSettings(
  db: Db,
  actorId: string,
  priceCents: number,
  next: PlanSettings,
  verify: (settings: PlanSettings) => Promise<void>,
): Promise<PlanSettings> {
  await verify(next);
  await db.transaction(async (tx) => {
    const before = await readStored(tx, priceCents);
    await tx
      .insert(appSettings)
      .values({ key: PLANS_KEY, value: JSON.stringify(next) })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: sql`excluded.value` } });
    await tx.insert(auditLog).values({
      actorId,
      action: 'plans.settings',
      targetType: 'app_settings',
      targetId: PLANS_KEY,
      details: { from: before, to: next },
    });
  });
  cacheOf(db).clear();
  return readPlanSettings(db, priceCents);
}
