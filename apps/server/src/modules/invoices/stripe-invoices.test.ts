import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../../test/fake-stripe.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { billingCustomers, subscriptions } from '../../db/schema/billing.ts';
import { invoices, membershipCancellations } from '../../db/schema/billing-history.ts';
import { grantRoleByEmail } from '../roles/service.ts';

const WEBHOOK_SECRET = 'whsec_test_secret';
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

let counter = 0;
async function deliver(type: string, object: Record<string, unknown>, id = `evt_inv_${Date.now()}_${counter++}`) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    type,
    data: { object },
    created: Math.floor(Date.now() / 1000),
  });
  const signature = fake.stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
  expect(response.statusCode).toBe(200);
}

async function stripeMember() {
  const member = await t.signUp();
  expect((await t.api(member, 'POST', '/api/billing/checkout', { plan: 'month' })).statusCode).toBe(200);
  const [customer] = await t.database.db.select().from(billingCustomers).where(eq(billingCustomers.userId, member.id));
  return { member, customerId: customer?.providerCustomerId ?? '' };
}

const start = Math.floor(Date.UTC(2026, 10, 1) / 1000);
const invoiceObject = (id: string, customer: string, extra: Record<string, unknown> = {}) => ({
  id,
  object: 'invoice',
  customer,
  number: `ABCD-${id.slice(-4)}`,
  amount_paid: 5500,
  amount_due: 5500,
  currency: 'usd',
  hosted_invoice_url: `https://invoice.stripe.test/${id}`,
  lines: { data: [{ period: { start, end: start + 30 * 86400 } }] },
  ...extra,
});

describe('Stripe invoice webhooks', () => {
  it('lists a paid invoice once with its hosted page, however often it is delivered', async () => {
    const { member, customerId } = await stripeMember();
    const object = invoiceObject('in_paid_0001', customerId);
    await deliver('invoice.paid', object, 'evt_same_paid');
    await deliver('invoice.paid', object, 'evt_same_paid');
    await deliver('invoice.paid', object); // a second event about the same invoice
    const page = (await t.api(member, 'GET', '/api/billing/invoices')).json();
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      number: 'ABCD-0001',
      status: 'paid',
      amountCents: 5500,
      provider: 'stripe',
      hostedInvoiceUrl: 'https://invoice.stripe.test/in_paid_0001',
      receiptUrl: null,
    });
    // Stripe's invoices have no receipt of ours.
    expect((await t.api(member, 'GET', `/api/billing/invoices/${page.items[0].id}/receipt.pdf`)).statusCode).toBe(404);
  });

  it('follows a failed payment, a void and a refund', async () => {
    const { member, customerId } = await stripeMember();
    await deliver('invoice.payment_failed', invoiceObject('in_fail_0002', customerId, { amount_paid: 0 }));
    const rows = () => t.database.db.select().from(invoices).where(eq(invoices.userId, member.id));
    expect(await rows()).toMatchObject([{ status: 'open', amountCents: 5500 }]);
    await deliver('invoice.paid', invoiceObject('in_fail_0002', customerId));
    expect(await rows()).toMatchObject([{ status: 'paid' }]);
    // An earlier attempt's failure delivered late does not make a paid invoice open again.
    await deliver('invoice.payment_failed', invoiceObject('in_fail_0002', customerId, { amount_paid: 0 }));
    expect(await rows()).toMatchObject([{ status: 'paid' }]);
    await deliver('charge.refunded', { id: 'ch_1', object: 'charge', invoice: 'in_fail_0002', refunded: true });
    expect(await rows()).toMatchObject([{ status: 'refunded' }]);
    // A late paid event does not undo the refund.
    await deliver('invoice.paid', invoiceObject('in_fail_0002', customerId));
    expect(await rows()).toMatchObject([{ status: 'refunded' }]);
    await deliver('invoice.voided', invoiceObject('in_void_0003', customerId, { amount_paid: 0 }));
    expect((await rows()).map((row) => row.status).sort()).toEqual(['refunded', 'void']);
  });

  it('finds the invoice of a refunded charge through its payment intent (charges name no invoice since 2025-03-31)', async () => {
    const { member, customerId } = await stripeMember();
    await deliver('invoice.paid', invoiceObject('in_pi_0004', customerId));
    fake.state.invoiceOfPaymentIntent.set('pi_refund_1', 'in_pi_0004');
    const rows = () => t.database.db.select().from(invoices).where(eq(invoices.userId, member.id));
    // A partial refund leaves the invoice paid; a charge of no invoice of ours changes nothing.
    await deliver('charge.refunded', { id: 'ch_2', object: 'charge', payment_intent: 'pi_refund_1', refunded: false });
    await deliver('charge.refunded', { id: 'ch_3', object: 'charge', payment_intent: 'pi_unknown', refunded: true });
    expect(await rows()).toMatchObject([{ status: 'paid' }]);
    await deliver('charge.refunded', { id: 'ch_4', object: 'charge', payment_intent: 'pi_refund_1', refunded: true });
    expect(await rows()).toMatchObject([{ status: 'refunded' }]);
  });

  it('lists no "Paid $0.00" for the empty invoice that opens a free trial, but lists its first charge', async () => {
    const { member, customerId } = await stripeMember();
    const trial = { amount_paid: 0, amount_due: 0, billing_reason: 'subscription_create' };
    await deliver('invoice.paid', invoiceObject('in_trial_0005', customerId, trial));
    const rows = () => t.database.db.select().from(invoices).where(eq(invoices.userId, member.id));
    expect(await rows()).toEqual([]);
    await deliver('invoice.paid', invoiceObject('in_after_0006', customerId, { billing_reason: 'subscription_cycle' }));
    expect(await rows()).toMatchObject([{ providerInvoiceId: 'in_after_0006', status: 'paid', amountCents: 5500 }]);
  });

  it('ignores an invoice of a customer it does not know', async () => {
    await deliver('invoice.paid', invoiceObject('in_unknown_0004', 'cus_nobody'));
    expect(
      await t.database.db.select().from(invoices).where(eq(invoices.providerInvoiceId, 'in_unknown_0004')),
    ).toEqual([]);
  });
});

describe('Stripe: cancel with a reason, pause and resume', () => {
  async function subscribedStripeMember(id: string) {
    const { member, customerId } = await stripeMember();
    fake.setSubscription({
      id,
      customer: customerId,
      status: 'active',
      periodEnd: new Date(Date.now() + 20 * 86400_000),
    });
    await deliver('checkout.session.completed', { id: `cs_${id}`, object: 'checkout.session', subscription: id });
    return member;
  }
  const rowOf = async (id: string) => {
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, id));
    return row;
  };

  it('sends the reason to Stripe as cancellation_details and records it once', async () => {
    const member = await subscribedStripeMember('sub_reason');
    const body = { reason: 'found_alternative', note: 'Trying another studio' };
    const results = await Promise.all([
      t.api(member, 'POST', '/api/billing/cancellation', body),
      t.api(member, 'POST', '/api/billing/cancellation', body),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const update = fake.state.subscriptionUpdates.filter((u) => u.id === 'sub_reason');
    expect(update).toHaveLength(1);
    expect(update[0]?.fields).toMatchObject({
      cancel_at_period_end: 'true',
      'cancellation_details[feedback]': 'switched_service',
      'cancellation_details[comment]': 'Trying another studio',
    });
    expect((await rowOf('sub_reason'))?.cancelAtPeriodEnd).toBe(true);
    const rows = await t.database.db
      .select()
      .from(membershipCancellations)
      .where(eq(membershipCancellations.userId, member.id));
    expect(rows).toMatchObject([{ reason: 'found_alternative', note: 'Trying another studio' }]);
  });

  it('records nothing when Stripe refuses', async () => {
    const member = await subscribedStripeMember('sub_refused');
    fake.state.failUpdates = true;
    try {
      expect((await t.api(member, 'POST', '/api/billing/cancellation', { reason: 'other' })).statusCode).toBe(500);
    } finally {
      fake.state.failUpdates = false;
    }
    expect((await rowOf('sub_refused'))?.cancelAtPeriodEnd).toBe(false);
    expect(
      await t.database.db.select().from(membershipCancellations).where(eq(membershipCancellations.userId, member.id)),
    ).toEqual([]);
  });

  it('pauses with pause_collection from the end of the period, keeps paused_until from the webhook, resumes', async () => {
    const admin = await t.signUp();
    await grantRoleByEmail(t.database.db, admin.email, 'admin');
    await t.api(admin, 'PUT', '/api/admin/cancellation-settings', { pauseEnabled: true, maxPauseMonths: 3 });
    const member = await subscribedStripeMember('sub_pause');
    expect((await t.api(member, 'POST', '/api/billing/pause', { months: 2 })).statusCode).toBe(200);
    expect((await t.api(member, 'POST', '/api/billing/pause', { months: 2 })).statusCode).toBe(409);
    const pause = fake.state.subscriptionUpdates.filter((u) => u.id === 'sub_pause');
    expect(pause).toHaveLength(1);
    expect(pause[0]?.fields['pause_collection[behavior]']).toBe('void');
    const row = await rowOf('sub_pause');
    expect(Number(pause[0]?.fields['pause_collection[resumes_at]'])).toBe(
      Math.floor((row?.pausedUntil?.getTime() ?? 0) / 1000),
    );
    // Stripe's own view wins when its webhook arrives.
    await deliver('customer.subscription.updated', { id: 'sub_pause', object: 'subscription' });
    expect((await rowOf('sub_pause'))?.pausedUntil?.getTime()).toBe(row?.pausedUntil?.getTime());
    expect((await t.api(member, 'POST', '/api/billing/pause/resume', {})).statusCode).toBe(200);
    expect(fake.state.subscriptionUpdates.at(-1)?.fields).toMatchObject({ pause_collection: '' });
    expect((await rowOf('sub_pause'))?.pausedUntil).toBeNull();
    await t.api(admin, 'PUT', '/api/admin/cancellation-settings', { pauseEnabled: false, maxPauseMonths: 3 });
  });
});
