import {
  COUPON_ALREADY_USED,
  COUPON_EXPIRED,
  COUPON_INACTIVE,
  COUPON_UNKNOWN,
  COUPON_USED_UP,
  type CouponBody,
  type PlanSettings,
} from '@lunara/shared/plans';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { auditLog } from '../../db/schema/operations.ts';
import { couponRedemptions, coupons } from '../../db/schema/plans.ts';

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let admin: TestMember;
let codeCounter = 0;

const BASE_PLANS: PlanSettings = {
  monthlyCents: 5500,
  yearlyEnabled: true,
  yearlyCents: 55000,
  trialDays: 0,
  stripeMonthlyPriceId: null,
  stripeYearlyPriceId: null,
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpSubscriber('admin');
});
afterAll(async () => t?.close());

const savePlans = async (plans: Partial<PlanSettings>) => {
  const response = await t.api(admin, 'PUT', '/api/admin/plans', { ...BASE_PLANS, ...plans });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PlanSettings;
};

const newCode = (prefix = 'MOON') => `${prefix}${process.pid % 1000}X${codeCounter++}`;

async function createCoupon(body: Partial<CouponBody> = {}) {
  const response = await t.api(admin, 'POST', '/api/admin/coupons', {
    code: newCode(),
    kind: 'percent',
    value: 20,
    duration: 'once',
    durationMonths: null,
    maxRedemptions: null,
    expiresAt: null,
    plan: null,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: string; code: string };
}

const quote = (who: TestMember, body: Record<string, unknown>) => t.api(who, 'POST', '/api/billing/quote', body);
const complete = (who: TestMember, body: Record<string, unknown>) =>
  t.api(who, 'POST', '/api/billing/test/complete', body);
const subscriptionOf = async (member: TestMember) => {
  const rows = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, member.id));
  return rows;
};

describe('plan settings', () => {
  beforeEach(async () => {
    await savePlans({ yearlyEnabled: false, yearlyCents: null, trialDays: 0 });
  });

  it('starts from the configured price and is read and changed by admins only', async () => {
    const member = await t.signUp();
    for (const who of [member, undefined]) {
      expect((await t.api(who, 'GET', '/api/admin/plans')).statusCode).toBe(who ? 403 : 401);
      expect((await t.api(who, 'PUT', '/api/admin/plans', BASE_PLANS)).statusCode).toBe(who ? 403 : 401);
    }
    const current = (await t.api(admin, 'GET', '/api/admin/plans')).json();
    expect(current.monthlyCents).toBe(5500);
    expect(current.yearlyEnabled).toBe(false);
  });

  it('shows the plans in /api/config and on the pages, and audits the change', async () => {
    await savePlans({ monthlyCents: 6000, yearlyEnabled: true, yearlyCents: 60000, trialDays: 14 });
    const config = (await t.api(undefined, 'GET', '/api/config')).json();
    expect(config.plans).toEqual({ monthlyCents: 6000, yearlyCents: 60000, trialDays: 14 });
    expect(config.priceCents).toBe(6000);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'plans.settings'))
      .orderBy(auditLog.createdAt)
      .limit(100)
      .then((rows) => rows.slice(-1));
    expect(entry?.details).toMatchObject({ to: { monthlyCents: 6000, trialDays: 14 } });
  });

  it('refuses bad values with a clear message and keeps the plans as they were', async () => {
    const cases: Array<[Partial<PlanSettings>, string]> = [
      [{ trialDays: 91 }, 'The trial must be 0 (off) to 90 days'],
      [{ trialDays: -1 }, 'The trial must be 0 (off) to 90 days'],
      [{ monthlyCents: 50 }, 'The monthly price must be at least $1'],
      [{ yearlyEnabled: true, yearlyCents: null }, 'Enter the yearly price to offer a yearly plan'],
      [{ stripeMonthlyPriceId: 'prod_123' }, 'A Stripe price id starts with price_'],
    ];
    for (const [change, message] of cases) {
      const response = await t.api(admin, 'PUT', '/api/admin/plans', { ...BASE_PLANS, ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
    expect((await t.api(admin, 'GET', '/api/admin/plans')).json()).toMatchObject({
      yearlyEnabled: false,
      trialDays: 0,
    });
  });
});

describe('quotes', () => {
  beforeAll(async () => {
    await savePlans({ monthlyCents: 5500, yearlyEnabled: true, yearlyCents: 55000, trialDays: 0 });
  });

  it('prices each plan, and refuses the yearly plan when it is off', async () => {
    const member = await t.signUp();
    const monthly = (await quote(member, { plan: 'month' })).json();
    expect(monthly).toMatchObject({ amountCents: 5500, discountCents: 0, firstChargeCents: 5500, renewalCents: 5500 });
    const yearly = (await quote(member, { plan: 'year' })).json();
    expect(yearly).toMatchObject({ amountCents: 55000, firstChargeCents: 55000, trialDays: 0 });
    expect(yearly.description).toContain('$550/year');

    await savePlans({ yearlyEnabled: false, yearlyCents: null });
    const refused = await quote(member, { plan: 'year' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('The yearly plan is not offered.');
    const checkout = await t.api(member, 'POST', '/api/billing/checkout', { plan: 'year' });
    expect(checkout.statusCode).toBe(400);
    await savePlans({ yearlyEnabled: true, yearlyCents: 55000 });
  });

  it('applies percent and amount coupons once, for N months or forever', async () => {
    const member = await t.signUp();
    const once = await createCoupon({ kind: 'percent', value: 20, duration: 'once' });
    expect((await quote(member, { plan: 'month', couponCode: once.code.toLowerCase() })).json()).toMatchObject({
      discountCents: 1100,
      firstChargeCents: 4400,
      renewalCents: 5500,
    });
    const repeating = await createCoupon({ kind: 'amount', value: 1000, duration: 'repeating', durationMonths: 3 });
    const threeMonths = (await quote(member, { plan: 'month', couponCode: repeating.code })).json();
    expect(threeMonths).toMatchObject({ discountCents: 1000, firstChargeCents: 4500, renewalCents: 4500 });
    expect(threeMonths.description).toMatch(/Then \$45\/month until .*, then \$55\/month\./);
    const forever = await createCoupon({ kind: 'percent', value: 100, duration: 'forever' });
    expect((await quote(member, { plan: 'year', couponCode: forever.code })).json()).toMatchObject({
      discountCents: 55000,
      firstChargeCents: 0,
      renewalCents: 0,
    });
    // An amount larger than the price never makes a negative charge.
    const big = await createCoupon({ kind: 'amount', value: 9000, duration: 'once' });
    expect((await quote(member, { plan: 'month', couponCode: big.code })).json().firstChargeCents).toBe(0);
  });

  it('gives a trial on her first membership only', async () => {
    await savePlans({ trialDays: 14 });
    const member = await t.signUp();
    const before = Date.now();
    const trial = (await quote(member, { plan: 'month' })).json();
    expect(trial.trialDays).toBe(14);
    expect(Date.parse(trial.firstChargeAt) - before).toBeGreaterThanOrEqual(14 * DAY - 1000);
    expect(trial.description).toContain('14-day free trial');

    expect((await complete(member, { plan: 'month' })).statusCode).toBe(200);
    const [row] = await subscriptionOf(member);
    expect(row?.status).toBe('trialing');
    expect(row?.currentPeriodEnd.getTime()).toBeCloseTo(Date.parse(trial.firstChargeAt), -4);
    // Trialing is access.
    expect((await t.api(member, 'GET', '/api/billing/subscription')).json()).toMatchObject({
      subscribed: true,
      status: 'trialing',
    });

    // Her membership ends; the next one has no trial.
    await t.database.db.update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.userId, member.id));
    expect((await quote(member, { plan: 'month' })).json().trialDays).toBe(0);
    expect((await complete(member, { plan: 'month' })).statusCode).toBe(200);
    expect((await subscriptionOf(member))[0]?.status).toBe('active');
    await savePlans({ trialDays: 0 });
  });
});

describe('coupons', () => {
  beforeAll(async () => {
    await savePlans({ yearlyEnabled: true, yearlyCents: 55000, trialDays: 0 });
  });

  it('are managed by admins only, with unique codes whatever their case, paged and audited', async () => {
    const member = await t.signUp();
    const body = {
      code: 'NOPE1',
      kind: 'percent',
      value: 10,
      duration: 'once',
      durationMonths: null,
      maxRedemptions: null,
      expiresAt: null,
      plan: null,
    };
    expect((await t.api(member, 'POST', '/api/admin/coupons', body)).statusCode).toBe(403);
    expect((await t.api(member, 'GET', '/api/admin/coupons')).statusCode).toBe(403);

    const created = await createCoupon({ code: newCode('spring') });
    expect(created.code).toMatch(/^SPRING/);
    const duplicate = await t.api(admin, 'POST', '/api/admin/coupons', { ...body, code: created.code.toLowerCase() });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.message).toBe('A coupon with this code already exists.');

    // A page's worth and more, written directly (the create route is rate limited).
    await t.database.db
      .insert(coupons)
      .values(
        Array.from({ length: 26 }, () => ({ code: newCode('PAGE'), kind: 'percent', value: 5, duration: 'once' })),
      );
    const first = (await t.api(admin, 'GET', '/api/admin/coupons')).json();
    expect(first.items).toHaveLength(25);
    expect(first.nextCursor).toBeTruthy();
    const second = (await t.api(admin, 'GET', `/api/admin/coupons?cursor=${first.nextCursor}`)).json();
    const ids = new Set([...first.items, ...second.items].map((coupon: { id: string }) => coupon.id));
    expect(ids.size).toBe(first.items.length + second.items.length);

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'coupon.create'), eq(auditLog.targetId, created.id)));
    expect(audit).toHaveLength(1);
  });

  it('refuses bad coupon bodies with clear messages', async () => {
    const cases: Array<[Partial<CouponBody>, string]> = [
      [{ code: 'a b' }, 'A code is 3 to 32 letters'],
      [{ kind: 'percent', value: 150 }, 'A percent discount is 1 to 100'],
      [{ duration: 'repeating', durationMonths: null }, 'Enter the months for a repeating discount'],
      [{ expiresAt: new Date(Date.now() - DAY).toISOString() }, 'The expiry date must be in the future'],
    ];
    for (const [change, message] of cases) {
      const response = await t.api(admin, 'POST', '/api/admin/coupons', {
        code: newCode(),
        kind: 'percent',
        value: 10,
        duration: 'once',
        durationMonths: null,
        maxRedemptions: null,
        expiresAt: null,
        plan: null,
        ...change,
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
  });

  it('refuses unknown, inactive, expired and wrong-plan codes, each with its message', async () => {
    const member = await t.signUp();
    const unknown = await quote(member, { plan: 'month', couponCode: 'NO-SUCH-CODE' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(COUPON_UNKNOWN);

    const inactive = await createCoupon();
    const deactivated = await t.api(admin, 'POST', `/api/admin/coupons/${inactive.id}/deactivate`);
    expect(deactivated.json().active).toBe(false);
    expect((await quote(member, { plan: 'month', couponCode: inactive.code })).json().error.message).toBe(
      COUPON_INACTIVE,
    );

    const expired = await createCoupon({ expiresAt: new Date(Date.now() + DAY).toISOString() });
    await t.database.db
      .update(coupons)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(coupons.id, expired.id));
    expect((await quote(member, { plan: 'month', couponCode: expired.code })).json().error.message).toBe(
      COUPON_EXPIRED,
    );

    const yearlyOnly = await createCoupon({ plan: 'year' });
    const wrongPlan = await complete(member, { plan: 'month', couponCode: yearlyOnly.code });
    expect(wrongPlan.statusCode).toBe(400);
    expect(wrongPlan.json().error.message).toBe('This code is only for the yearly plan.');
    // Nothing was written by the refused checkout.
    expect(await subscriptionOf(member)).toHaveLength(0);
    expect(
      await t.database.db.select().from(couponRedemptions).where(eq(couponRedemptions.userId, member.id)),
    ).toHaveLength(0);
  });

  it('limits how many codes one member can try, on the quote and at checkout', async () => {
    const member = await t.signUp();
    const tries = [];
    for (let i = 0; i < 61; i++) tries.push(await quote(member, { plan: 'month', couponCode: `GUESS-${i}` }));
    expect(tries.slice(0, 60).every((r) => r.statusCode === 404)).toBe(true);
    expect(tries[60]?.statusCode).toBe(429);
    const checkouts = [];
    for (let i = 0; i < 21; i++) checkouts.push(await complete(member, { plan: 'month', couponCode: `GUESS-${i}` }));
    expect(checkouts.slice(0, 20).every((r) => r.statusCode === 404)).toBe(true);
    expect(checkouts[20]?.statusCode).toBe(429);
    // Another member is not held back by her tries.
    expect((await quote(await t.signUp(), { plan: 'month' })).statusCode).toBe(200);
  });

  it('writes the plan, price and coupon terms onto her subscription at checkout', async () => {
    const member = await t.signUp();
    const coupon = await createCoupon({ kind: 'amount', value: 5000, duration: 'repeating', durationMonths: 24 });
    const now = Date.now();
    expect((await complete(member, { plan: 'year', couponCode: coupon.code })).statusCode).toBe(200);
    const [row] = await subscriptionOf(member);
    expect(row).toMatchObject({
      status: 'active',
      planInterval: 'year',
      amountCents: 55000,
      discount: {
        couponId: coupon.id,
        code: coupon.code,
        kind: 'amount',
        value: 5000,
        duration: 'repeating',
        durationMonths: 24,
      },
    });
    expect(row?.currentPeriodEnd.getTime()).toBeGreaterThan(now + 364 * DAY);
    expect(row?.discountEndsAt?.getTime()).toBeGreaterThan(now + 729 * DAY);
    const [used] = await t.database.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(used?.redeemedCount).toBe(1);
  });

  it('says "already used" to a member who used the code, before "fully used", on quote and checkout', async () => {
    const member = await t.signUp();
    const coupon = await createCoupon({ maxRedemptions: 1 });
    expect((await complete(member, { plan: 'month', couponCode: coupon.code })).statusCode).toBe(200);
    await t.database.db.update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.userId, member.id));

    const again = await quote(member, { plan: 'month', couponCode: coupon.code });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(COUPON_ALREADY_USED);
    const checkout = await complete(member, { plan: 'month', couponCode: coupon.code });
    expect(checkout.json().error.message).toBe(COUPON_ALREADY_USED);

    const other = await t.signUp();
    const usedUp = await quote(other, { plan: 'month', couponCode: coupon.code });
    expect(usedUp.statusCode).toBe(409);
    expect(usedUp.json().error.message).toBe(COUPON_USED_UP);
  });

  it('lets one member only win the last redemption', async () => {
    const coupon = await createCoupon({ maxRedemptions: 1 });
    const racers = await Promise.all([t.signUp(), t.signUp(), t.signUp()]);
    // Both pass the quote: the code is free when they look.
    for (const racer of racers)
      expect((await quote(racer, { plan: 'month', couponCode: coupon.code })).statusCode).toBe(200);
    const results = await Promise.all(
      racers.map((racer) => complete(racer, { plan: 'month', couponCode: coupon.code })),
    );
    const codes = results.map((response) => response.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
    for (const response of results.filter((r) => r.statusCode === 409)) {
      expect(response.json().error.message).toBe(COUPON_USED_UP);
    }
    const [row] = await t.database.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row?.redeemedCount).toBe(1);
    // The losers have no membership and no redemption.
    const members = await Promise.all(racers.map(subscriptionOf));
    expect(members.filter((rows) => rows.length > 0)).toHaveLength(1);
  });

  it('makes one membership from a double submit, redeeming the coupon once', async () => {
    const member = await t.signUp();
    const coupon = await createCoupon();
    const results = await Promise.all([
      complete(member, { plan: 'month', couponCode: coupon.code }),
      complete(member, { plan: 'month', couponCode: coupon.code }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await subscriptionOf(member)).toHaveLength(1);
    const [row] = await t.database.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row?.redeemedCount).toBe(1);
  });

  it('deactivating is audited once, and an unknown coupon is a 404', async () => {
    const coupon = await createCoupon();
    await Promise.all([
      t.api(admin, 'POST', `/api/admin/coupons/${coupon.id}/deactivate`),
      t.api(admin, 'POST', `/api/admin/coupons/${coupon.id}/deactivate`),
    ]);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'coupon.deactivate'), eq(auditLog.targetId, coupon.id)));
    expect(audit).toHaveLength(1);
    const missing = await t.api(admin, 'POST', '/api/admin/coupons/00000000-0000-4000-8000-000000000000/deactivate');
    expect(missing.statusCode).toBe(404);
  });
});
