import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { invoices, membershipCancellations } from '../../db/schema/billing-history.ts';
import { findCurrentSubscription } from '../billing/subscription-service.ts';
import { addMonths } from '../plans/period-amount.ts';
import { grantRoleByEmail } from '../roles/service.ts';

let t: TestApp;
let admin: TestMember;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUp();
  await grantRoleByEmail(t.database.db, admin.email, 'admin');
});
afterAll(async () => t?.close());

const subOf = async (member: TestMember) => {
  const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, member.id));
  if (!row) throw new Error('no subscription');
  return row;
};
const cancellationsOf = (member: TestMember) =>
  t.database.db.select().from(membershipCancellations).where(eq(membershipCancellations.userId, member.id));
const invoicesOf = (member: TestMember) => t.database.db.select().from(invoices).where(eq(invoices.userId, member.id));
const setPause = (settings: { pauseEnabled: boolean; maxPauseMonths: number }) =>
  t.api(admin, 'PUT', '/api/admin/cancellation-settings', settings);

describe('cancelling with a reason', () => {
  it('records the reason and note with the cancellation, once for a double click', async () => {
    const member = await t.signUpSubscriber();
    const body = { reason: 'too_expensive', note: '  Lovely, but not this month.  ' };
    const [first, second] = await Promise.all([
      t.api(member, 'POST', '/api/billing/cancellation', body),
      t.api(member, 'POST', '/api/billing/cancellation', body),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect((await subOf(member)).cancelAtPeriodEnd).toBe(true);
    const rows = await cancellationsOf(member);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reason: 'too_expensive', note: 'Lovely, but not this month.' });
    // She keeps access until the period ends.
    expect((await t.api(member, 'GET', '/api/billing/subscription')).json()).toMatchObject({
      subscribed: true,
      cancel_at_period_end: true,
    });
  });

  it('takes no reason at all', async () => {
    const member = await t.signUpSubscriber();
    expect((await t.api(member, 'POST', '/api/billing/cancellation', {})).statusCode).toBe(200);
    expect(await cancellationsOf(member)).toMatchObject([{ reason: null, note: null }]);
  });

  it('refuses a bad reason or a long note and changes nothing', async () => {
    const member = await t.signUpSubscriber();
    const bad = await t.api(member, 'POST', '/api/billing/cancellation', { reason: 'bored' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/reason/i);
    const long = await t.api(member, 'POST', '/api/billing/cancellation', { note: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toMatch(/at most 1,000 characters/);
    const control = await t.api(member, 'POST', '/api/billing/cancellation', { note: 'a\u0000b' });
    expect(control.statusCode).toBe(400);
    expect((await subOf(member)).cancelAtPeriodEnd).toBe(false);
    expect(await cancellationsOf(member)).toEqual([]);
  });

  it('needs a membership and a session', async () => {
    expect((await t.api(undefined, 'POST', '/api/billing/cancellation', {})).statusCode).toBe(401);
    const free = await t.signUp();
    expect((await t.api(free, 'POST', '/api/billing/cancellation', {})).statusCode).toBe(409);
  });
});

describe('cancellation settings', () => {
  it('are for admins only, and audited', async () => {
    const member = await t.signUp();
    const moderator = await t.signUp();
    await grantRoleByEmail(t.database.db, moderator.email, 'moderator');
    for (const who of [undefined, member, moderator]) {
      const expected = who ? 403 : 401;
      expect((await t.api(who, 'GET', '/api/admin/cancellation-settings')).statusCode).toBe(expected);
      expect(
        (await t.api(who, 'PUT', '/api/admin/cancellation-settings', { pauseEnabled: true, maxPauseMonths: 2 }))
          .statusCode,
      ).toBe(expected);
    }
    expect((await setPause({ pauseEnabled: true, maxPauseMonths: 4 })).statusCode).toBe(400);
    expect((await setPause({ pauseEnabled: true, maxPauseMonths: 2 })).json()).toEqual({
      pauseEnabled: true,
      maxPauseMonths: 2,
    });
    expect((await t.api(admin, 'GET', '/api/admin/cancellation-settings')).json()).toEqual({
      pauseEnabled: true,
      maxPauseMonths: 2,
    });
  });
});

describe('pausing', () => {
  it('is refused while the owner does not offer it, and beyond her longest pause', async () => {
    const member = await t.signUpSubscriber();
    await setPause({ pauseEnabled: false, maxPauseMonths: 3 });
    expect((await t.api(member, 'POST', '/api/billing/pause', { months: 1 })).statusCode).toBe(403);
    await setPause({ pauseEnabled: true, maxPauseMonths: 2 });
    expect((await t.api(member, 'POST', '/api/billing/pause', { months: 3 })).statusCode).toBe(400);
    expect((await t.api(member, 'POST', '/api/billing/pause', { months: 0 })).statusCode).toBe(400);
    expect((await subOf(member)).pausedUntil).toBeNull();
    // On a free trial there is no paid period to pause after: she is told so.
    await t.database.db.update(subscriptions).set({ status: 'trialing' }).where(eq(subscriptions.userId, member.id));
    const trial = await t.api(member, 'POST', '/api/billing/pause', { months: 1 });
    expect(trial.statusCode).toBe(409);
    expect(trial.json().error.message).toBe('A pause can be chosen once your free trial has ended');
    expect((await subOf(member)).pausedUntil).toBeNull();
  });

  it('starts at the end of the paid period, gives no access and no charge, and resumes by itself', async () => {
    await setPause({ pauseEnabled: true, maxPauseMonths: 3 });
    const member = await t.signUpSubscriber();
    const sub = await subOf(member);
    const [a, b] = await Promise.all([
      t.api(member, 'POST', '/api/billing/pause', { months: 2 }),
      t.api(member, 'POST', '/api/billing/pause', { months: 2 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const pausedUntil = addMonths(sub.currentPeriodEnd, 2);
    expect((await subOf(member)).pausedUntil?.toISOString()).toBe(pausedUntil.toISOString());
    // Until the period ends she keeps access.
    expect(await findCurrentSubscription(t.database.db, member.id)).toBeDefined();
    // During the pause: no access, no charge.
    const during = new Date(sub.currentPeriodEnd.getTime() + 24 * 3600 * 1000);
    expect(await findCurrentSubscription(t.database.db, member.id, during)).toBeUndefined();
    expect(await subOf(member)).toMatchObject({ status: 'paused' });
    expect(await invoicesOf(member)).toHaveLength(1);
    const details = (await t.api(member, 'GET', '/api/billing/membership')).json();
    expect(details.membership).toMatchObject({ status: 'paused', pausedUntil: pausedUntil.toISOString() });
    // At paused_until it resumes: one new period from then, charged once, even for racing reads.
    const after = new Date(pausedUntil.getTime() + 1000);
    await Promise.all([
      findCurrentSubscription(t.database.db, member.id, after),
      findCurrentSubscription(t.database.db, member.id, after),
    ]);
    const resumed = await subOf(member);
    expect(resumed).toMatchObject({ status: 'active', pausedUntil: null });
    expect(resumed.currentPeriodEnd.toISOString()).toBe(addMonths(pausedUntil, 1).toISOString());
    const rows = await invoicesOf(member);
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.periodStart.getTime() === pausedUntil.getTime())?.description).toContain(
      'resumed after a pause',
    );
  });

  it('"Resume now" before the pause starts only drops it; during it starts one charged period', async () => {
    await setPause({ pauseEnabled: true, maxPauseMonths: 3 });
    const member = await t.signUpSubscriber();
    expect((await t.api(member, 'POST', '/api/billing/pause', { months: 1 })).statusCode).toBe(200);
    expect((await t.api(member, 'POST', '/api/billing/pause/resume', {})).statusCode).toBe(200);
    expect(await subOf(member)).toMatchObject({ status: 'active', pausedUntil: null });
    expect(await invoicesOf(member)).toHaveLength(1);
    expect((await t.api(member, 'POST', '/api/billing/pause/resume', {})).statusCode).toBe(409);

    // Paused now (the period is over): two tabs resume at once, one period, one charge.
    expect((await t.api(member, 'POST', '/api/billing/pause', { months: 3 })).statusCode).toBe(200);
    await t.database.db
      .update(subscriptions)
      .set({ status: 'paused', currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, member.id));
    const results = await Promise.all([
      t.api(member, 'POST', '/api/billing/pause/resume', {}),
      t.api(member, 'POST', '/api/billing/pause/resume', {}),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await invoicesOf(member)).toHaveLength(2);
    const sub = await subOf(member);
    expect(sub).toMatchObject({ status: 'active', pausedUntil: null });
    expect(sub.currentPeriodEnd.getTime()).toBeGreaterThan(Date.now() + 27 * 24 * 3600 * 1000);
    expect((await t.api(member, 'GET', '/api/billing/subscription')).json()).toMatchObject({ subscribed: true });
  });

  it('paying again while paused resumes the same subscription', async () => {
    await setPause({ pauseEnabled: true, maxPauseMonths: 3 });
    const member = await t.signUpSubscriber();
    expect((await t.api(member, 'POST', '/api/billing/pause', { months: 3 })).statusCode).toBe(200);
    await t.database.db
      .update(subscriptions)
      .set({ status: 'paused', currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, member.id));
    expect((await t.api(member, 'GET', '/api/billing/subscription')).json()).toMatchObject({ subscribed: false });
    expect((await t.api(member, 'POST', '/api/billing/test/complete', {})).statusCode).toBe(200);
    const rows = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, member.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'active', pausedUntil: null });
    expect(await invoicesOf(member)).toHaveLength(2);
  });

  it('cancelling a paused membership ends it at once and records the reason', async () => {
    await setPause({ pauseEnabled: true, maxPauseMonths: 3 });
    const member = await t.signUpSubscriber();
    await t.api(member, 'POST', '/api/billing/pause', { months: 1 });
    await t.database.db
      .update(subscriptions)
      .set({ status: 'paused', currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, member.id));
    expect((await t.api(member, 'POST', '/api/billing/cancellation', { reason: 'not_using' })).statusCode).toBe(200);
    expect(await subOf(member)).toMatchObject({ status: 'canceled', pausedUntil: null });
    expect(await cancellationsOf(member)).toMatchObject([{ reason: 'not_using' }]);
  });
});

describe('membership details', () => {
  it("show her plan's price, not a fixed one", async () => {
    const member = await t.signUpSubscriber();
    await t.database.db
      .update(subscriptions)
      .set({ planInterval: 'year', amountCents: 55000 })
      .where(eq(subscriptions.userId, member.id));
    const details = (await t.api(member, 'GET', '/api/billing/membership')).json();
    expect(details.membership).toMatchObject({ interval: 'year', amountCents: 55000, nextAmountCents: 55000 });
    const free = await t.signUp();
    expect((await t.api(free, 'GET', '/api/billing/membership')).json().membership).toBeNull();
  });
});
