import { randomUUID } from 'node:crypto';
import { ANNOUNCEMENT_DUPLICATE, UNSUBSCRIBE_BAD_TOKEN } from '@lunara/shared/announcements';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { queryRows } from '../../db/client.ts';
import { formerMembers } from '../../db/schema/account-data.ts';
import { announcementDeliveries, announcements } from '../../db/schema/announcements.ts';
import { user } from '../../db/schema/auth.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { circleMemberships, circles } from '../../db/schema/circles.ts';
import { notificationPreferences } from '../../db/schema/notifications.ts';
import { appSettings, outbox } from '../../db/schema/operations.ts';
import { suspensions } from '../../db/schema/suspensions.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { isPayingMember } from './audience.ts';
import { ANNOUNCEMENT_EMAIL_BATCH, ANNOUNCEMENT_EMAIL_INTERVAL_MS, sendAnnouncementEmailBatch } from './email-job.ts';
import { unsubscribeKeyOf } from './email-runner.ts';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token.ts';

let t: TestApp;
let admin: TestMember;
let moderator: TestMember;
let subscriber: TestMember;
let key: Buffer;

beforeAll(async () => {
  // No periodic jobs: each test runs the email batches itself, on its own clock.
  t = await createTestApp({}, { periodicJobs: false });
  admin = await t.signUpSubscriber('admin');
  moderator = await t.signUpSubscriber('moderator');
  subscriber = await t.signUpSubscriber();
  key = await unsubscribeKeyOf(t.app);
});
afterAll(async () => t?.close());

let n = 0;
const post = (who: TestMember | undefined, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.request({
    method: 'POST',
    url: '/api/admin/announcements',
    cookie: who?.cookie,
    payload: { title: `Full moon gathering ${++n}`, body: 'Join us **tonight**.', audience: 'all', ...body },
    headers,
  });

async function createdId(who: TestMember, body: Record<string, unknown>) {
  const response = await post(who, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id as string;
}

const pinnedIds = async (who: TestMember) => {
  const response = await t.api(who, 'GET', '/api/announcements/pinned');
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().items as Array<{ id: string }>).map((item) => item.id);
};

async function makeCircle() {
  const [circle] = await t.database.db
    .insert(circles)
    .values({
      name: `Circle ${randomUUID()}`,
      description: 'Test',
      type: 'open',
      focusArea: 'Testing',
      maxMembers: 500,
    })
    .returning();
  if (!circle) throw new Error('no circle');
  return circle.id;
}

const joinCircle = (circleId: string, userIds: string[], status: 'approved' | 'pending' = 'approved') =>
  t.database.db.insert(circleMemberships).values(userIds.map((userId) => ({ circleId, userId, status })));

/** Accounts straight in the table (the trigger adds profile and role): fast, for audiences of many. */
async function makeUsers(count: number, prefix = 'bulk') {
  const ids = Array.from({ length: count }, (_, i) => `${prefix}-${randomUUID()}-${String(i).padStart(3, '0')}`);
  await t.database.db
    .insert(user)
    .values(ids.map((id) => ({ id, name: id.slice(0, 20), email: `${id}@example.com`, emailVerified: true })));
  return ids;
}

/** Each batch run on its own clock: far enough apart that the throttle never holds a test back. */
let clock = Date.UTC(2030, 0, 1);
const tick = () => {
  clock += ANNOUNCEMENT_EMAIL_INTERVAL_MS;
  return new Date(clock);
};
const batch = (now = tick(), mailer: Mailer = t.app.mailer) =>
  sendAnnouncementEmailBatch(t.database.db, mailer, {
    productName: 'Lunara',
    appUrl: 'http://localhost:3000',
    unsubscribeKey: key,
    now,
  });
async function runUntilDone(announcementId: string) {
  for (let i = 0; i < 100; i++) {
    await batch();
    const [row] = await t.database.db
      .select({ status: announcements.emailStatus })
      .from(announcements)
      .where(eq(announcements.id, announcementId));
    if (row?.status !== 'sending') return;
  }
  throw new Error('the announcement was never fully emailed');
}

const deliveriesOf = (announcementId: string) =>
  t.database.db.select().from(announcementDeliveries).where(eq(announcementDeliveries.announcementId, announcementId));

async function outboxRowsOf(announcementId: string) {
  return t.database.db
    .select({ to: outbox.toAddress, headers: outbox.headers, subject: outbox.subject, text: outbox.textBody })
    .from(announcementDeliveries)
    .innerJoin(outbox, eq(outbox.id, announcementDeliveries.outboxId))
    .where(eq(announcementDeliveries.announcementId, announcementId));
}

/** Finishes whatever other tests left sending, so a test's batches work on its own announcement. */
async function drainOthers() {
  await t.database.db
    .update(announcements)
    .set({ emailStatus: 'done' })
    .where(eq(announcements.emailStatus, 'sending'));
}

describe('announcements: who may send and see', () => {
  it('refuses visitors, members and moderators every admin route', async () => {
    for (const [who, status] of [
      [undefined, 401],
      [subscriber, 403],
      [moderator, 403],
    ] as const) {
      expect((await t.api(who, 'GET', '/api/admin/announcements')).statusCode).toBe(status);
      expect((await post(who, {})).statusCode).toBe(status);
      const id = randomUUID();
      expect((await t.api(who, 'PUT', `/api/admin/announcements/${id}/pin`, { isPinned: false })).statusCode).toBe(
        status,
      );
      expect((await t.api(who, 'DELETE', `/api/admin/announcements/${id}`)).statusCode).toBe(status);
    }
    expect((await t.api(undefined, 'GET', '/api/announcements/pinned')).statusCode).toBe(401);
    // A signed-in account without membership is not in the community.
    const lapsed = await t.signUp();
    expect((await t.api(lapsed, 'GET', '/api/announcements/pinned')).statusCode).toBe(403);
  });

  it('explains bad input', async () => {
    const blank = await post(admin, { title: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toContain('title');
    const noCircle = await post(admin, { audience: 'circle' });
    expect(noCircle.statusCode).toBe(400);
    expect(noCircle.json().error.message).toContain('circle');
    const unknownCircle = await post(admin, { audience: 'circle', circleId: randomUUID() });
    expect(unknownCircle.statusCode).toBe(404);
    expect(await t.database.db.select().from(announcements)).toHaveLength(0);
  });

  it('pins an announcement for its audience only: all, paying, one circle', async () => {
    const lapsedCircleMember = await t.signUpSubscriber();
    const circleId = await makeCircle();
    const inCircle = await t.signUpSubscriber();
    const pending = await t.signUpSubscriber();
    await joinCircle(circleId, [inCircle.id]);
    await joinCircle(circleId, [pending.id], 'pending');

    const forAll = await createdId(admin, { audience: 'all', sendEmail: false });
    const forPaying = await createdId(admin, { audience: 'paying', sendEmail: false });
    const forCircle = await createdId(admin, { audience: 'circle', circleId, sendEmail: false });

    expect(await pinnedIds(inCircle)).toEqual([forCircle, forPaying, forAll]);
    expect(await pinnedIds(subscriber)).toEqual([forPaying, forAll]);
    expect(await pinnedIds(pending)).toEqual([forPaying, forAll]);

    // A moderator without a membership is in the community but not a paying member.
    const staffOnly = await t.signUp();
    const { grantRoleByEmail } = await import('../roles/service.ts');
    await grantRoleByEmail(t.database.db, staffOnly.email, 'moderator');
    expect(await pinnedIds(staffOnly)).toEqual([forAll]);

    // Her membership lapses: the paying one leaves her feed (she keeps the circle's while she is in).
    await t.database.db
      .update(subscriptions)
      .set({ status: 'canceled' })
      .where(eq(subscriptions.userId, lapsedCircleMember.id));
    await t.database.db
      .insert(circleMemberships)
      .values({ circleId, userId: lapsedCircleMember.id, status: 'approved' });
    await grantRoleByEmail(t.database.db, lapsedCircleMember.email, 'moderator');
    expect(await pinnedIds(lapsedCircleMember)).toEqual([forCircle, forAll]);

    // A complimentary membership past its end, not yet settled by a read, is over for the audience too.
    const gifted = await t.signUpSubscriber();
    await t.database.db
      .update(subscriptions)
      .set({ provider: 'complimentary', currentPeriodEnd: new Date(Date.now() - 1000), cancelAtPeriodEnd: true })
      .where(eq(subscriptions.userId, gifted.id));
    const [paying] = await queryRows<{ paying: boolean }>(
      t.database.db,
      sql`select ${isPayingMember(gifted.id)} as paying`,
    );
    expect(paying?.paying).toBe(false);

    // Someone outside the circle cannot dismiss (or learn of) it.
    expect((await t.api(subscriber, 'POST', `/api/announcements/${forCircle}/dismiss`)).statusCode).toBe(404);

    // Dismissing is hers alone, and twice is fine.
    expect((await t.api(inCircle, 'POST', `/api/announcements/${forPaying}/dismiss`)).statusCode).toBe(200);
    expect((await t.api(inCircle, 'POST', `/api/announcements/${forPaying}/dismiss`)).statusCode).toBe(200);
    expect(await pinnedIds(inCircle)).toEqual([forCircle, forAll]);
    expect(await pinnedIds(subscriber)).toEqual([forPaying, forAll]);

    // Unpinned: out of every feed; deleted: gone from the admin list too. Both audited.
    expect((await t.api(admin, 'PUT', `/api/admin/announcements/${forAll}/pin`, { isPinned: false })).statusCode).toBe(
      200,
    );
    expect(await pinnedIds(subscriber)).toEqual([forPaying]);
    expect((await t.api(admin, 'DELETE', `/api/admin/announcements/${forPaying}`)).statusCode).toBe(200);
    expect((await t.api(admin, 'DELETE', `/api/admin/announcements/${forPaying}`)).statusCode).toBe(404);
    expect(await pinnedIds(subscriber)).toEqual([]);
    const audit = (await t.api(admin, 'GET', '/api/admin/audit')).json().items as Array<{ action: string }>;
    expect(audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['announcement.create', 'announcement.unpin', 'announcement.delete']),
    );
  });

  it('refuses the same words from the same admin within ten minutes, and honours Idempotency-Key', async () => {
    const admin = await t.signUpSubscriber('admin');
    const body = { title: 'New moon course', body: 'It opens on **Monday**.', sendEmail: false };
    const [a, b] = await Promise.all([post(admin, body), post(admin, body)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json().error.message).toBe(ANNOUNCEMENT_DUPLICATE);

    const keyed = { title: 'Keyed', body: 'Once only', sendEmail: false };
    const first = await post(admin, keyed, { 'idempotency-key': 'announce-key-000001' });
    const again = await post(admin, keyed, { 'idempotency-key': 'announce-key-000001' });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);

    // Other words are a new announcement.
    expect((await post(admin, { ...body, body: 'It opens on Tuesday.' })).statusCode).toBe(200);
  });

  it('limits how many announcements one admin sends in ten minutes', async () => {
    const admin = await t.signUpSubscriber('admin');
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push((await post(admin, { sendEmail: false })).statusCode);
    expect(answers.slice(0, 10).every((code) => code === 200)).toBe(true);
    expect(answers[10]).toBe(429);
  });

  it('lists every announcement by cursor, newest first', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await t.api(
        admin,
        'GET',
        `/api/admin/announcements${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(response.statusCode).toBe(200);
      const page = response.json() as { items: Array<{ id: string }>; nextCursor: string | null };
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    const all = await t.database.db.select({ id: announcements.id }).from(announcements);
    expect(new Set(seen).size).toBe(all.length);
    expect((await t.api(admin, 'GET', '/api/admin/announcements?cursor=bogus')).statusCode).toBe(400);
  });
});

describe('announcement emails', () => {
  it('sends each member once, throttled, even with two runs at once, with the unsubscribe headers', async () => {
    const admin = await t.signUpSubscriber('admin');
    await drainOthers();
    const circleId = await makeCircle();
    const members = await makeUsers(ANNOUNCEMENT_EMAIL_BATCH + 7);
    await joinCircle(circleId, members);
    const id = await createdId(admin, {
      audience: 'circle',
      circleId,
      title: 'Circle news',
      body: 'See [the page](/community)',
    });

    const now = tick();
    const [a, b] = await Promise.all([batch(now), batch(now)]);
    // One batch per interval in the whole cluster: the other run found the throttle taken.
    expect([a.queued, b.queued].sort((x, y) => x - y)).toEqual([0, ANNOUNCEMENT_EMAIL_BATCH]);
    expect((await batch(new Date(now.getTime() + 1000))).throttled).toBe(true);

    for (let i = 0; i < 5; i++) {
      const later = tick();
      await Promise.all([batch(later), batch(later)]);
    }
    const rows = await outboxRowsOf(id);
    expect(rows).toHaveLength(members.length);
    expect(new Set(rows.map((row) => row.to)).size).toBe(members.length);
    const [row] = rows;
    expect(row?.subject).toBe('Circle news');
    expect(row?.text).toContain('the page (http://localhost:3000/community)');
    const listHeader = row?.headers?.['List-Unsubscribe'] ?? '';
    expect(listHeader).toMatch(/^<http:\/\/localhost:3000\/api\/email\/unsubscribe\?token=[\w.-]+>$/);
    expect(row?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const token = decodeURIComponent(listHeader.slice(listHeader.indexOf('token=') + 6, -1));
    expect(members).toContain(verifyUnsubscribeToken(key, token));
    expect(row?.text).toContain('/email/unsubscribe?token=');

    const listed = (await t.api(admin, 'GET', '/api/admin/announcements'))
      .json()
      .items.find((item: { id: string }) => item.id === id);
    expect(listed.emailStatus).toBe('done');
    // Without SMTP the outbox row is the delivery.
    expect(listed.delivery).toEqual({ queued: 0, sent: members.length, skipped: 0, failed: 0 });
  });

  it('resumes after a crash mid-batch without sending anyone twice', async () => {
    const admin = await t.signUpSubscriber('admin');
    await drainOthers();
    const circleId = await makeCircle();
    const members = await makeUsers(30, 'crash');
    await joinCircle(circleId, members);
    const id = await createdId(admin, { audience: 'circle', circleId, title: 'Resumable', body: 'Hello' });

    let sends = 0;
    const dying: Mailer = {
      ...t.app.mailer,
      async send(mail, tx) {
        if (++sends > 12) throw new Error('the process died');
        return t.app.mailer.send(mail, tx);
      },
    };
    await expect(batch(tick(), dying)).rejects.toThrow('the process died');
    // Nothing of the dead batch stayed: no email, no claim, the cursor where it was.
    expect(await deliveriesOf(id)).toHaveLength(0);
    expect(await outboxRowsOf(id)).toHaveLength(0);
    const [row] = await t.database.db.select().from(announcements).where(eq(announcements.id, id));
    expect(row?.emailCursor).toBeNull();
    expect(row?.emailStatus).toBe('sending');

    await runUntilDone(id);
    const rows = await outboxRowsOf(id);
    expect(rows).toHaveLength(30);
    expect(new Set(rows.map((r) => r.to)).size).toBe(30);
  });

  it('skips email off, unsubscribed, suspended, lapsed and deleted members', async () => {
    const admin = await t.signUpSubscriber('admin');
    await drainOthers();
    const [wants, emailOff, unsubscribed, suspended, lapsed, deleted] = await makeUsers(6, 'skip');
    const ids = [wants, emailOff, unsubscribed, suspended, lapsed, deleted] as string[];
    const db = t.database.db;
    const subscribe = (userId: string, status: string) =>
      db.insert(subscriptions).values({
        userId,
        provider: 'test',
        providerSubscriptionId: `sub_${userId}`,
        providerCustomerId: `cus_${userId}`,
        status,
        productId: 'prod_test',
        currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
      });
    for (const userId of ids) await subscribe(userId, userId === lapsed ? 'canceled' : 'active');
    await db.insert(notificationPreferences).values([
      { userId: emailOff as string, emailEnabled: false },
      { userId: unsubscribed as string, announcementEmails: false },
    ]);
    await db.insert(suspensions).values({ memberId: suspended as string, reason: 'Spam' });
    await db.insert(formerMembers).values({ userId: deleted as string });

    const id = await createdId(admin, { audience: 'paying', title: 'For paying members', body: 'Thank you' });
    await runUntilDone(id);
    const mine = (await deliveriesOf(id)).filter((d) => ids.includes(d.userId));
    const reasonOf = (userId: string | undefined) => mine.find((d) => d.userId === userId)?.skipReason;
    expect(mine).toHaveLength(6);
    expect(reasonOf(wants)).toBeNull();
    expect(reasonOf(emailOff)).toBe('email_off');
    expect(reasonOf(unsubscribed)).toBe('unsubscribed');
    expect(reasonOf(suspended)).toBe('suspended');
    expect(reasonOf(lapsed)).toBe('lapsed');
    expect(reasonOf(deleted)).toBe('deleted');
    const emailed = await db
      .select({ to: outbox.toAddress })
      .from(announcementDeliveries)
      .innerJoin(outbox, eq(outbox.id, announcementDeliveries.outboxId))
      .where(and(eq(announcementDeliveries.announcementId, id), inArray(announcementDeliveries.userId, ids)));
    expect(emailed.map((row) => row.to)).toEqual([`${wants}@example.com`]);

    // No email at all for an announcement sent without it.
    const quiet = await createdId(admin, { audience: 'all', sendEmail: false, title: 'Quiet', body: 'Only pinned' });
    expect((await batch()).queued).toBe(0);
    expect(await deliveriesOf(quiet)).toHaveLength(0);
    expect(
      await db.select().from(appSettings).where(eq(appSettings.key, 'announcement_emails_last_batch')),
    ).toHaveLength(1);
  });
});

describe('unsubscribe link', () => {
  const oneClick = (token: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/email/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: 'List-Unsubscribe=One-Click',
    });
  const preference = async (userId: string) =>
    (
      await t.database.db
        .select({ on: notificationPreferences.announcementEmails })
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId))
    )[0]?.on;

  it('GET shows what will happen and changes nothing; a one-click POST without Origin turns emails off', async () => {
    const member = await t.signUpSubscriber();
    const token = signUnsubscribeToken(key, member.id);
    const info = await t.app.inject({
      method: 'GET',
      url: `/api/email/unsubscribe?token=${encodeURIComponent(token)}`,
    });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ unsubscribed: false, productName: expect.any(String) });
    expect(info.json().maskedEmail).toMatch(/^me•••@example\.com$/);
    expect(await preference(member.id)).not.toBe(false);

    const response = await oneClick(token);
    expect(response.statusCode, response.body).toBe(200);
    expect(await preference(member.id)).toBe(false);
    // From a mail client's web page (foreign Origin) too: the one exemption from the cross-site check.
    expect((await oneClick(token, { origin: 'https://mail.example.net' })).statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/email/unsubscribe?token=${encodeURIComponent(token)}`,
    });
    expect(again.json().unsubscribed).toBe(true);

    // She turns them back on in Settings.
    const on = await t.api(member, 'PATCH', '/api/notifications/preferences', { announcementEmails: true });
    expect(on.json().announcementEmails).toBe(true);
    expect(await preference(member.id)).toBe(true);
  });

  it('refuses forged, altered and other-purpose tokens with a clear 400', async () => {
    const member = await t.signUpSubscriber();
    const real = signUnsubscribeToken(key, member.id);
    const forged = [
      `${member.id}.${'A'.repeat(43)}`,
      signUnsubscribeToken(key, subscriber.id).replace(subscriber.id, member.id),
      signUnsubscribeToken(key, member.id, 'digests'),
      `${real}x`,
      'nonsense',
    ];
    for (const token of forged) {
      const response = await oneClick(token);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(UNSUBSCRIBE_BAD_TOKEN);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/email/unsubscribe' })).statusCode).toBe(400);
    expect(await preference(member.id)).not.toBe(false);
  });

  it('keeps the cross-site check on every other write', async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/admin/announcements',
      cookie: admin.cookie,
      headers: { origin: 'https://evil.example' },
      payload: { title: 'Cross', body: 'site', audience: 'all' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('CROSS_SITE_REQUEST');
  });
});
