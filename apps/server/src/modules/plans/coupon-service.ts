import { createHash } from 'node:crypto';
import type { Discount, PlanInterval } from '@lunara/shared/billing';
import {
  COUPON_ALREADY_USED,
  COUPON_EXPIRED,
  COUPON_INACTIVE,
  COUPON_UNKNOWN,
  COUPON_USED_UP,
  COUPON_WRONG_PLAN,
  COUPONS_PAGE_SIZE,
  type Coupon,
  type CouponPage,
  type couponBodySchema,
} from '@lunara/shared/plans';
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { builderLimit } from '../../db/literal-limit.ts';
import { auditLog } from '../../db/schema/operations.ts';
import { couponRedemptions, coupons } from '../../db/schema/plans.ts';
import { type AppError, badRequest, conflict, notFound } from '../../errors.ts';
import { decodeCursor, encodeCursor, microsOf, timestampFromMicros } from '../../lib/cursor.ts';

export type CouponRow = typeof coupons.$inferSelect;
export type CouponInput = z.output<typeof couponBodySchema>;

/** What the payment provider keeps for a coupon (Stripe: its coupon and promotion code; test mode: nothing). */
export interface ProviderCoupon {
  couponId: string;
  promotionCodeId: string;
}

const toCoupon = (row: CouponRow): Coupon => ({
  id: row.id,
  code: row.code,
  kind: row.kind as Coupon['kind'],
  value: row.value,
  duration: row.duration as Coupon['duration'],
  durationMonths: row.durationMonths,
  maxRedemptions: row.maxRedemptions,
  redeemedCount: row.redeemedCount,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  plan: row.plan as Coupon['plan'],
  active: row.active,
  createdAt: row.createdAt.toISOString(),
});

/** The terms she is promised, copied onto her subscription (later edits never change them). */
export const toDiscount = (row: CouponRow): Discount => ({
  couponId: row.id,
  code: row.code,
  kind: row.kind as Discount['kind'],
  value: row.value,
  duration: row.duration as Discount['duration'],
  durationMonths: row.durationMonths,
});

/** The newest first, a page at a time (keyset on created_at, id: the coupons_created_idx index). */
export async function listCoupons(db: Db, cursor: string | undefined): Promise<CouponPage> {
  const after = cursor ? decodeCursor(cursor, ['micros', 'uuid']) : undefined;
  const rows = await db
    .select({ row: coupons, micros: microsOf(coupons.createdAt) })
    .from(coupons)
    .where(
      after
        ? or(
            lt(coupons.createdAt, timestampFromMicros(after[0] as string)),
            and(eq(coupons.createdAt, timestampFromMicros(after[0] as string)), lt(coupons.id, after[1] as string)),
          )
        : undefined,
    )
    .orderBy(desc(coupons.createdAt), desc(coupons.id))
    .limit(builderLimit(COUPONS_PAGE_SIZE + 1));
  const page = rows.slice(0, COUPONS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map(({ row }) => toCoupon(row)),
    nextCursor: rows.length > COUPONS_PAGE_SIZE && last ? encodeCursor([last.micros, last.row.id]) : null,
  };
}

const CODE_TAKEN = 'A coupon with this code already exists.';

async function findByCode(db: Db, code: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(sql`lower(${coupons.code}) = lower(${code})`);
  return row;
}

/** The same terms always give the same key, so a retried create makes one coupon at the provider. */
export const couponIdempotencyKey = (input: CouponInput) =>
  `lunara-coupon-${createHash('sha256').update(JSON.stringify(input)).digest('hex').slice(0, 32)}`;

/**
 * Admins create a coupon (audited). The provider's coupon is made first (Stripe, with an idempotency key):
 * if it refuses, nothing is written here.
 */
export async function createCoupon(
  db: Db,
  actorId: string,
  input: CouponInput,
  createAtProvider: (input: CouponInput) => Promise<ProviderCoupon | null>,
): Promise<Coupon> {
  if (await findByCode(db, input.code)) throw conflict(CODE_TAKEN);
  const provider = await createAtProvider(input);
  return db.transaction(async (tx) => {
    // Two admins creating the same code at once: the unique index (lower(code)) lets one in.
    const [row] = await tx
      .insert(coupons)
      .values({
        code: input.code,
        kind: input.kind,
        value: input.value,
        duration: input.duration,
        durationMonths: input.duration === 'repeating' ? input.durationMonths : null,
        maxRedemptions: input.maxRedemptions,
        expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
        plan: input.plan,
        stripeCouponId: provider?.couponId ?? null,
        stripePromotionCodeId: provider?.promotionCodeId ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict(CODE_TAKEN);
    await tx.insert(auditLog).values({
      actorId,
      action: 'coupon.create',
      targetType: 'coupon',
      targetId: row.id,
      details: { code: row.code, kind: row.kind, value: row.value, duration: row.duration },
    });
    return toCoupon(row);
  });
}

/** Admins deactivate a coupon (audited): no new redemptions; those made keep their terms. */
export async function deactivateCoupon(
  db: Db,
  actorId: string,
  couponId: string,
  deactivateAtProvider: (row: CouponRow) => Promise<void>,
): Promise<Coupon> {
  const [existing] = await db.select().from(coupons).where(eq(coupons.id, couponId));
  if (!existing) throw notFound('Coupon not found');
  if (!existing.active) return toCoupon(existing);
  await deactivateAtProvider(existing);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(coupons)
      .set({ active: false })
      .where(and(eq(coupons.id, couponId), eq(coupons.active, true)))
      .returning();
    // Deactivated by someone else meanwhile: same outcome, one audit entry.
    if (!row) return toCoupon({ ...existing, active: false });
    await tx.insert(auditLog).values({
      actorId,
      action: 'coupon.deactivate',
      targetType: 'coupon',
      targetId: row.id,
      details: { code: row.code },
    });
    return toCoupon(row);
  });
}

async function hasRedeemed(db: Db, couponId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: couponRedemptions.id })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId)));
  return row !== undefined;
}

/** Why a coupon cannot be used now, checked in the order she can act on (already used before used up). */
function refusalOf(row: CouponRow, plan: PlanInterval, alreadyUsed: boolean, now: Date): AppError | null {
  if (!row.active) return badRequest(COUPON_INACTIVE);
  if (row.expiresAt && row.expiresAt <= now) return badRequest(COUPON_EXPIRED);
  if (row.plan && row.plan !== plan) return badRequest(COUPON_WRONG_PLAN(row.plan as PlanInterval));
  if (alreadyUsed) return conflict(COUPON_ALREADY_USED);
  if (row.maxRedemptions !== null && row.redeemedCount >= row.maxRedemptions) return conflict(COUPON_USED_UP);
  return null;
}

/** The coupon she typed, if she may use it for this plan now; otherwise the clear refusal. */
export async function checkCoupon(
  db: Db,
  userId: string,
  code: string,
  plan: PlanInterval,
  now = new Date(),
): Promise<CouponRow> {
  const row = await findByCode(db, code);
  if (!row) throw notFound(COUPON_UNKNOWN);
  const refusal = refusalOf(row, plan, await hasRedeemed(db, row.id, userId), now);
  if (refusal) throw refusal;
  return row;
}

/**
 * Uses the coupon for her, inside the checkout's transaction: one redemption per member (unique row) and
 * the count raised by one guarded UPDATE, so the last redemption is won by one member only. A refusal
 * throws, which rolls back the whole checkout.
 */
export async function redeemCoupon(tx: Db, coupon: CouponRow, userId: string, plan: PlanInterval, now: Date) {
  const inserted = await tx
    .insert(couponRedemptions)
    .values({ couponId: coupon.id, userId })
    .onConflictDoNothing()
    .returning({ id: couponRedemptions.id });
  if (inserted.length === 0) throw conflict(COUPON_ALREADY_USED);
  const [taken] = await tx
    .update(coupons)
    .set({ redeemedCount: sql`${coupons.redeemedCount} + 1` })
    .where(
      and(
        eq(coupons.id, coupon.id),
        eq(coupons.active, true),
        or(isNull(coupons.expiresAt), gt(coupons.expiresAt, now)),
        or(isNull(coupons.maxRedemptions), lt(coupons.redeemedCount, coupons.maxRedemptions)),
      ),
    )
    .returning();
  if (taken) return taken;
  const [current] = await tx.select().from(coupons).where(eq(coupons.id, coupon.id));
  throw (current && refusalOf(current, plan, false, now)) ?? conflict(COUPON_USED_UP);
}

/** A Stripe subscription made with one of our promotion codes: record her use (once). */
export async function recordProviderRedemption(db: Db, couponId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(couponRedemptions)
      .values({ couponId, userId })
      .onConflictDoNothing()
      .returning({ id: couponRedemptions.id });
    if (inserted.length === 0) return;
    // Stripe enforced its own limit at payment; ours follows, never past the maximum.
    await tx
      .update(coupons)
      .set({ redeemedCount: sql`${coupons.redeemedCount} + 1` })
      .where(
        and(
          eq(coupons.id, couponId),
          or(isNull(coupons.maxRedemptions), lt(coupons.redeemedCount, coupons.maxRedemptions)),
        ),
      );
  });
}

export async function findCouponById(db: Db, couponId: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, couponId));
  return row;
}
