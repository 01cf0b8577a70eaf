import type { PlanSettings } from '@lunara/shared/plans';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../../test/fake-stripe.ts';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { billingCustomers, subscriptions } from '../../db/schema/billing.ts';
import { couponRedemptions, coupons } from '../../db/schema/plans.ts';

const WEBHOOK_SECRET = 'whsec_test_secret';
const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let fake: FakeStripe;
let admin: TestMember;

const PLANS: PlanSettings = {
  monthlyCents: 5500,
  yearlyEnabled: true,
  yearlyCents: 55000,
  trialDays: 7,
  stripeMonthlyPriceId: null,
  stripeYearlyPriceId: 'price_yearly',
};

beforeAll(async () => {
  fake = await startFakeStripe();
  fake.setPrice({ id: 'price_membership', unitAmount: 5500, interval: 'month' });
  fake.setPrice({ id: 'price_yearly', unitAmount: 55000, interval: 'year' });
  fake.setPrice({ id: 'price_yearly_wrong', unitAmount: 50000, interval: 'month', currency: 'eur' });
  fake.setPrice({ id: 'price_once', unitAmount: 55000, interval: null });
  t = await createTestApp(
    { stripe: { secretKey: 'sk_test_fake', priceId: 'price_membership', webhookSecret: WEBHOOK_SECRET } },
    { stripe: fake.stripe },
  );
  admin = await t.signUp();
  const { grantRoleByEmail } = await import('../roles/service.ts');
  await grantRoleByEmail(t.database.db, admin.email, 'admin');
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('plans with Stripe', () => {
  it('checks each plan price at Stripe before saving, refusing a mismatch with a clear message', async () => {
    const wrong = await t.api(admin, 'PUT', '/api/admin/plans', {
      ...PLANS,
      stripeYearlyPriceId: 'price_yearly_wrong',
    });
    expect(wrong.statusCode).toBe(400);
    const message = wrong.json().error.message as string;
    expect(message).toContain('The Stripe price price_yearly_wrong does not match the yearly plan');
    expect(message).toContain('not every year');
    expect(message).toContain('in EUR, not USD');
    expect(message).toContain('not $550');

    const oneOff = await t.api(admin, 'PUT', '/api/admin/plans', { ...PLANS, stripeYearlyPriceId: 'price_once' });
    expect(oneOff.json().error.message).toContain('billed once');
    const missing = await t.api(admin, 'PUT', '/api/admin/plans', { ...PLANS, stripeYearlyPriceId: 'price_nope' });
    expect(missing.json().error.message).toBe('Stripe has no price price_nope (yearly plan)');
    const none = await t.api(admin, 'PUT', '/api/admin/plans', { ...PLANS, stripeYearlyPriceId: null });
    expect(none.json().error.message).toBe('Enter the Stripe price id of the yearly plan');
    // The monthly price comes from STRIPE_PRICE_ID: a monthly price it does not charge is refused too.
    const monthly = await t.api(admin, 'PUT', '/api/admin/plans', { ...PLANS, monthlyCents: 6000 });
    expect(monthly.json().error.message).toContain('does not match the monthly plan');
    // Nothing was saved.
    expect((await t.api(admin, 'GET', '/api/admin/plans')).json().yearlyEnabled).toBe(false);

    const saved = await t.api(admin, 'PUT', '/api/admin/plans', PLANS);
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('creates the Stripe coupon and promotion code with idempotency keys, and deactivates it there', async () => {
    const response = await t.api(admin, 'POST', '/api/admin/coupons', {
      code: 'welcome10',
      kind: 'amount',
      value: 1000,
      duration: 'repeating',
      durationMonths: 3,
      maxRedemptions: 5,
      expiresAt: null,
      plan: null,
    });
    expect(response.statusCode, response.body).toBe(200);
    const coupon = fake.state.coupons.at(-1) as { fields: Record<string, string>; idempotencyKey?: string };
    expect(coupon.fields).toMatchObject({
      amount_off: '1000',
      currency: 'usd',
      duration: 'repeating',
      duration_in_months: '3',
      max_redemptions: '5',
    });
    expect(coupon.idempotencyKey).toMatch(/^lunara-coupon-/);
    const promotion = fake.state.promotionCodes.at(-1) as { id: string; code: string; fields: Record<string, string> };
    expect(promotion.code).toBe('WELCOME10');
    expect(promotion.fields['promotion[coupon]']).toBe((coupon as unknown as { id: string }).id);

    const [row] = await t.database.db.select().from(coupons).where(eq(coupons.code, 'WELCOME10'));
    expect(row?.stripePromotionCodeId).toBe(promotion.id);
    const off = await t.api(admin, 'POST', `/api/admin/coupons/${row?.id}/deactivate`);
    expect(off.statusCode).toBe(200);
    expect((fake.state.promotionCodes.at(-1) as { active: boolean }).active).toBe(false);
  });

  it('refuses at checkout a code Stripe has no promotion code for, rather than charging the full price', async () => {
    await t.database.db.insert(coupons).values({ code: 'BEFORESTRIPE', kind: 'percent', value: 50, duration: 'once' });
    const member = await t.signUp();
    const before = fake.state.checkoutParams.length;
    const refused = await t.api(member, 'POST', '/api/billing/checkout', { plan: 'month', couponCode: 'beforestripe' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('This code cannot be used with card payments. Please ask for a new one.');
    expect(fake.state.checkoutParams.length).toBe(before);
  });

  it('opens Checkout with the plan price, her trial and the promotion code, after our own checks', async () => {
    const created = await t.api(admin, 'POST', '/api/admin/coupons', {
      code: 'YEARLY20',
      kind: 'percent',
      value: 20,
      duration: 'once',
      durationMonths: null,
      maxRedemptions: null,
      expiresAt: null,
      plan: 'year',
    });
    const promotionId = (fake.state.promotionCodes.at(-1) as { id: string }).id;
    const member = await t.signUp();
    const wrongPlan = await t.api(member, 'POST', '/api/billing/checkout', { plan: 'month', couponCode: 'yearly20' });
    expect(wrongPlan.statusCode).toBe(400);
    const sessionsBefore = fake.state.checkoutParams.length;
    expect(sessionsBefore).toBe(fake.state.checkoutParams.length);

    const ok = await t.api(member, 'POST', '/api/billing/checkout', { plan: 'year', couponCode: 'yearly20' });
    expect(ok.statusCode, ok.body).toBe(200);
    const params = fake.state.checkoutParams.at(-1) ?? {};
    expect(params['line_items[0][price]']).toBe('price_yearly');
    expect(params['discounts[0][promotion_code]']).toBe(promotionId);
    expect(params['subscription_data[trial_period_days]']).toBe('7');
    expect(params['subscription_data[metadata][couponId]']).toBe(created.json().id);
    expect(params['subscription_data[metadata][plan]']).toBe('year');

    // The webhook's subscription gets the plan's terms and her redemption, once.
    const [customer] = await t.database.db
      .select()
      .from(billingCustomers)
      .where(eq(billingCustomers.userId, member.id));
    const trialEnd = new Date(Date.now() + 7 * DAY);
    fake.setSubscription({
      id: 'sub_yearly',
      customer: customer?.providerCustomerId ?? '',
      status: 'trialing',
      userId: member.id,
      periodEnd: trialEnd,
      trialEnd,
      price: { id: 'price_yearly', unitAmount: 55000, interval: 'year' },
      couponId: created.json().id,
    });
    for (const id of ['evt_plan_1', 'evt_plan_2']) {
      const payload = JSON.stringify({
        id,
        object: 'event',
        type: 'customer.subscription.updated',
        data: { object: { id: 'sub_yearly' } },
        created: Math.floor(Date.now() / 1000),
      });
      const signature = fake.stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      const delivered = await t.app.inject({
        method: 'POST',
        url: '/api/billing/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
      expect(delivered.statusCode).toBe(200);
    }
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, member.id));
    expect(row).toMatchObject({ status: 'trialing', planInterval: 'year', amountCents: 55000 });
    expect(row?.discount).toMatchObject({ code: 'YEARLY20', kind: 'percent', value: 20, duration: 'once' });
    expect(row?.discountEndsAt?.getTime()).toBeGreaterThan(trialEnd.getTime() + 364 * DAY);
    const redemptions = await t.database.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.userId, member.id));
    expect(redemptions).toHaveLength(1);

    // Her second checkout (after this membership) gets no trial.
    await t.database.db.update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.userId, member.id));
    await t.api(member, 'POST', '/api/billing/checkout', { plan: 'month' });
    const second = fake.state.checkoutParams.at(-1) ?? {};
    expect(second['line_items[0][price]']).toBe('price_membership');
    expect(second['subscription_data[trial_period_days]']).toBeUndefined();
  });
});
