import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../../test/fake-stripe.ts';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { billingCustomers, billingEvents, subscriptions } from '../../db/schema/billing.ts';

const WEBHOOK_SECRET = 'whsec_test_secret';
const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let fake: FakeStripe;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp(
    { stripe: { secretKey: 'sk_test_fake', priceId: 'price_membership', webhookSecret: WEBHOOK_SECRET } },
    { stripe: fake.stripe },
  );
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const status = async (cookie: string) =>
  (await t.request({ method: 'GET', url: '/api/billing/subscription', cookie })).json();

let eventCounter = 0;
/** Delivers a webhook signed the way Stripe signs it. */
async function deliver(type: string, object: Record<string, unknown>, options: { id?: string; secret?: string } = {}) {
  const payload = JSON.stringify({
    id: options.id ?? `evt_${Date.now()}_${eventCounter++}`,
    object: 'event',
    type,
    data: { object },
    created: Math.floor(Date.now() / 1000),
  });
  const signature = fake.stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

async function checkout(member: TestMember) {
  const response = await t.request({
    method: 'POST',
    url: '/api/billing/checkout',
    cookie: member.cookie,
    payload: {},
  });
  expect(response.statusCode).toBe(200);
  return response.json().url as string;
}

describe('Stripe checkout and portal', () => {
  it('opens a subscription-mode Checkout for the price, with one customer per member', async () => {
    const member = await t.signUp();
    const url = await checkout(member);
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const session = fake.state.checkoutSessions.at(-1);
    expect(session).toMatchObject({ mode: 'subscription', price: 'price_membership', client_reference_id: member.id });
    expect(session?.success_url).toBe('http://localhost:3000/dashboard?checkout=success');

    await checkout(member);
    const customers = await t.database.db.select().from(billingCustomers).where(eq(billingCustomers.userId, member.id));
    expect(customers).toHaveLength(1);
    expect(fake.state.checkoutSessions.at(-1)?.customer).toBe(customers[0]?.providerCustomerId);
  });

  it('opens the portal for a member with a billing account, and refuses one without', async () => {
    const newcomer = await t.signUp();
    const refused = await t.request({
      method: 'POST',
      url: '/api/billing/portal',
      cookie: newcomer.cookie,
      payload: {},
    });
    expect(refused.statusCode).toBe(409);

    await checkout(newcomer);
    const portal = await t.request({
      method: 'POST',
      url: '/api/billing/portal',
      cookie: newcomer.cookie,
      payload: {},
    });
    expect(portal.json().url).toMatch(/^https:\/\/billing\.stripe\.test\//);
  });

  it('has no test-mode routes', async () => {
    const member = await t.signUp();
    const response = await t.request({
      method: 'POST',
      url: '/api/billing/test/complete',
      cookie: member.cookie,
      payload: {},
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('Stripe webhooks', () => {
  async function memberWithCustomer() {
    const member = await t.signUp();
    await checkout(member);
    const [customer] = await t.database.db
      .select()
      .from(billingCustomers)
      .where(eq(billingCustomers.userId, member.id));
    return { member, customerId: customer?.providerCustomerId ?? '' };
  }

  it('refuses a bad signature and changes nothing', async () => {
    const response = await deliver('customer.subscription.created', { id: 'sub_forged' }, { secret: 'whsec_wrong' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Invalid webhook signature');
    expect(
      await t.database.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, 'sub_forged')),
    ).toEqual([]);
  });

  it('applies a checkout by re-reading the subscription from Stripe', async () => {
    const { member, customerId } = await memberWithCustomer();
    const periodEnd = new Date(Date.now() + 30 * DAY);
    fake.setSubscription({ id: 'sub_checkout', customer: customerId, status: 'active', periodEnd });
    const response = await deliver('checkout.session.completed', {
      id: 'cs_1',
      object: 'checkout.session',
      subscription: 'sub_checkout',
    });
    expect(response.statusCode).toBe(200);
    expect(await status(member.cookie)).toMatchObject({
      subscribed: true,
      product_id: 'prod_membership',
      subscription_end: new Date(Math.floor(periodEnd.getTime() / 1000) * 1000).toISOString(),
    });
    const me = (await t.request({ method: 'GET', url: '/api/me', cookie: member.cookie })).json();
    expect(me.user.profile.membershipStatus).toBe('active');
  });

  it('stores each event once: a duplicate delivery is acknowledged and not applied again', async () => {
    const { member, customerId } = await memberWithCustomer();
    fake.setSubscription({
      id: 'sub_dup',
      customer: customerId,
      status: 'active',
      userId: member.id,
      periodEnd: new Date(Date.now() + 30 * DAY),
    });
    const first = await deliver('customer.subscription.created', { id: 'sub_dup' }, { id: 'evt_duplicate' });
    expect(first.statusCode).toBe(200);

    // Stripe changes its mind, but the same event again must not re-apply anything.
    fake.setSubscription({
      id: 'sub_dup',
      customer: customerId,
      status: 'canceled',
      userId: member.id,
      periodEnd: new Date(),
    });
    const again = await deliver('customer.subscription.created', { id: 'sub_dup' }, { id: 'evt_duplicate' });
    expect(again.statusCode).toBe(200);
    expect((await status(member.cookie)).subscribed).toBe(true);
    expect(await t.database.db.select().from(billingEvents).where(eq(billingEvents.id, 'evt_duplicate'))).toHaveLength(
      1,
    );
  });

  it('converges on Stripe’s current state when events arrive out of order', async () => {
    const { member, customerId } = await memberWithCustomer();
    // The subscription was created, then cancelled; the "deleted" event arrives first.
    fake.setSubscription({
      id: 'sub_order',
      customer: customerId,
      status: 'canceled',
      periodEnd: new Date(Date.now() - DAY),
    });
    await deliver('customer.subscription.deleted', { id: 'sub_order' });
    await deliver('customer.subscription.created', { id: 'sub_order' });
    await deliver('invoice.paid', { id: 'in_1', parent: { subscription_details: { subscription: 'sub_order' } } });
    expect((await status(member.cookie)).subscribed).toBe(false);
    const rows = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.providerSubscriptionId, 'sub_order'));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe('canceled');
  });

  it('keeps a member whose card failed (past_due) and follows cancel at period end', async () => {
    const { member, customerId } = await memberWithCustomer();
    fake.setSubscription({
      id: 'sub_pd',
      customer: customerId,
      status: 'past_due',
      periodEnd: new Date(Date.now() + 3 * DAY),
      cancelAtPeriodEnd: true,
    });
    await deliver('invoice.payment_failed', { id: 'in_2', subscription: 'sub_pd' });
    expect(await status(member.cookie)).toMatchObject({
      subscribed: true,
      status: 'past_due',
      cancel_at_period_end: true,
    });
  });

  it('acknowledges event types it does not handle', async () => {
    const response = await deliver('customer.created', { id: 'cus_other' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
  });
});
