import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { requireSubscriber } from '../../plugins/membership-guards.ts';
import { grantRoleByEmail } from '../roles/service.ts';
import { upsertSubscription } from './subscription-service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Stand-ins for the premium endpoints of later modules, guarded exactly as they will be.
  t.app.get('/api/test/course-area', { onRequest: requireSubscriber({ allowStaff: false }) }, async () => ({
    ok: true,
  }));
  t.app.get('/api/test/community-area', { onRequest: requireSubscriber({ allowStaff: true }) }, async () => ({
    ok: true,
  }));
});
afterAll(async () => t?.close());

const status = async (cookie?: string) =>
  (await t.request({ method: 'GET', url: '/api/billing/subscription', cookie })).json();
const post = (url: string, cookie?: string) => t.request({ method: 'POST', url, cookie, payload: {} });
const DAY = 24 * 60 * 60 * 1000;

async function subscribe(member: TestMember) {
  expect((await post('/api/billing/checkout', member.cookie)).json()).toEqual({ url: '/billing/test-checkout' });
  expect((await post('/api/billing/test/complete', member.cookie)).statusCode).toBe(200);
}

describe('subscription status', () => {
  it('is "not subscribed" for a visitor and a free member', async () => {
    const notSubscribed = {
      subscribed: false,
      product_id: null,
      subscription_end: null,
      cancel_at_period_end: false,
      status: null,
    };
    expect(await status()).toEqual(notSubscribed);
    const member = await t.signUp();
    expect(await status(member.cookie)).toEqual(notSubscribed);
  });

  it('is the synthetic admin_access subscription, one year ahead, for an admin', async () => {
    const admin = await t.signUp();
    await grantRoleByEmail(t.database.db, admin.email, 'admin');
    const body = await status(admin.cookie);
    expect(body).toMatchObject({ subscribed: true, product_id: 'admin_access' });
    const days = (new Date(body.subscription_end).getTime() - Date.now()) / DAY;
    expect(days).toBeGreaterThan(364.9);
    expect(days).toBeLessThan(365.1);
  });
});

describe('test checkout', () => {
  it('needs a session ("No access token")', async () => {
    for (const url of ['/api/billing/checkout', '/api/billing/portal', '/api/billing/test/complete']) {
      const response = await post(url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json().error.message).toBe('No access token');
    }
  });

  it('makes an active membership for a month, and the profile follows', async () => {
    const member = await t.signUp();
    await subscribe(member);
    const body = await status(member.cookie);
    expect(body).toMatchObject({ subscribed: true, product_id: 'lunara_membership_test', status: 'active' });
    const days = (new Date(body.subscription_end).getTime() - Date.now()) / DAY;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    const me = (await t.request({ method: 'GET', url: '/api/me', cookie: member.cookie })).json();
    expect(me.user.profile.membershipStatus).toBe('active');
  });

  it('does not sell a second membership (double submit, second checkout)', async () => {
    const member = await t.signUp();
    const [first, second] = await Promise.all([
      post('/api/billing/test/complete', member.cookie),
      post('/api/billing/test/complete', member.cookie),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const rows = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, member.id));
    expect(rows).toHaveLength(1);
    const again = await post('/api/billing/checkout', member.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('You already have an active membership');
  });
});

describe('test portal', () => {
  it('cancels at period end (still a member) and resumes', async () => {
    const member = await t.signUp();
    await subscribe(member);
    expect((await post('/api/billing/portal', member.cookie)).json()).toEqual({ url: '/billing/test-portal' });

    expect((await post('/api/billing/test/cancel', member.cookie)).statusCode).toBe(200);
    expect(await status(member.cookie)).toMatchObject({ subscribed: true, cancel_at_period_end: true });
    expect((await post('/api/billing/test/resume', member.cookie)).statusCode).toBe(200);
    expect(await status(member.cookie)).toMatchObject({ subscribed: true, cancel_at_period_end: false });
  });

  it('refuses to cancel without a membership', async () => {
    const member = await t.signUp();
    expect((await post('/api/billing/test/cancel', member.cookie)).statusCode).toBe(409);
  });

  it('renews an active membership when its period ends, and ends a cancelled one', async () => {
    const renewing = await t.signUp();
    const cancelled = await t.signUp();
    await subscribe(renewing);
    await subscribe(cancelled);
    await post('/api/billing/test/cancel', cancelled.cookie);
    const lapsed = new Date(Date.now() - 40 * DAY);
    for (const member of [renewing, cancelled]) {
      await t.database.db
        .update(subscriptions)
        .set({ currentPeriodEnd: lapsed })
        .where(eq(subscriptions.userId, member.id));
    }

    const renewed = await status(renewing.cookie);
    expect(renewed.subscribed).toBe(true);
    expect(new Date(renewed.subscription_end).getTime()).toBeGreaterThan(Date.now());

    expect((await status(cancelled.cookie)).subscribed).toBe(false);
    const me = (await t.request({ method: 'GET', url: '/api/me', cookie: cancelled.cookie })).json();
    expect(me.user.profile.membershipStatus).toBe('inactive');
    // A former member may subscribe again.
    expect((await post('/api/billing/checkout', cancelled.cookie)).statusCode).toBe(200);
  });
});

describe('which statuses count', () => {
  it.each([
    ['active', true],
    ['trialing', true],
    ['past_due', true],
    ['canceled', false],
    ['unpaid', false],
    ['incomplete', false],
  ] as const)('%s counts as subscribed: %s', async (subscriptionStatus, expected) => {
    const member = await t.signUp();
    await upsertSubscription(t.database.db, {
      userId: member.id,
      provider: 'stripe',
      providerSubscriptionId: `sub_${subscriptionStatus}_${member.id}`,
      providerCustomerId: 'cus_x',
      status: subscriptionStatus,
      priceId: 'price_x',
      productId: 'prod_x',
      currentPeriodEnd: new Date(Date.now() + 10 * DAY),
      cancelAtPeriodEnd: false,
    });
    expect((await status(member.cookie)).subscribed).toBe(expected);
    const me = (await t.request({ method: 'GET', url: '/api/me', cookie: member.cookie })).json();
    expect(me.user.profile.membershipStatus).toBe(expected ? 'active' : 'inactive');
  });
});

describe('server-side gates', () => {
  it('answer 401 without a session and 403 for a free member', async () => {
    const member = await t.signUp();
    for (const url of ['/api/test/course-area', '/api/test/community-area']) {
      expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
      const refused = await t.request({ method: 'GET', url, cookie: member.cookie });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('FORBIDDEN');
    }
  });

  it('let a subscriber in everywhere', async () => {
    const member = await t.signUp();
    await subscribe(member);
    for (const url of ['/api/test/course-area', '/api/test/community-area']) {
      expect((await t.request({ method: 'GET', url, cookie: member.cookie })).statusCode).toBe(200);
    }
  });

  it('let an unsubscribed admin into community and rituals, not courses', async () => {
    const admin = await t.signUp();
    await grantRoleByEmail(t.database.db, admin.email, 'admin');
    expect((await t.request({ method: 'GET', url: '/api/test/community-area', cookie: admin.cookie })).statusCode).toBe(
      200,
    );
    expect((await t.request({ method: 'GET', url: '/api/test/course-area', cookie: admin.cookie })).statusCode).toBe(
      403,
    );
  });
});
