import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type EventStream, openEventStream } from '../../../test/event-stream.ts';
import { waitFor } from '../../../test/server-process.ts';
import { createTestApp, type TestApp, type TestMember, withSecondProcess } from '../../../test/test-app.ts';
import { testDatabaseKind } from '../../../test/test-database.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { profiles } from '../../db/schema/members.ts';
import { auditLog } from '../../db/schema/operations.ts';
import { suspensions } from '../../db/schema/suspensions.ts';
import { grantRoleByEmail } from '../roles/service.ts';
import { suspendMember } from './suspension-service.ts';

let t: TestApp;
let baseUrl: string;
let admin: TestMember;
let moderator: TestMember;

const DAY = 24 * 60 * 60 * 1000;

async function staff(role: 'admin' | 'moderator'): Promise<TestMember> {
  const member = await t.signUp();
  await grantRoleByEmail(t.database.db, member.email, role);
  return member;
}

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.listen();
});
// Fresh staff for each test, so that no test meets another's per-member write limit.
beforeEach(async () => {
  admin = await staff('admin');
  moderator = await staff('moderator');
});
afterAll(async () => t?.close());

const suspend = (who: TestMember | undefined, target: string, body: unknown, headers: Record<string, string> = {}) =>
  t.request({
    method: 'POST',
    url: `/api/moderation/members/${target}/suspensions`,
    cookie: who?.cookie,
    payload: body as object,
    headers,
  });
const lift = (who: TestMember | undefined, target: string) =>
  t.request({ method: 'DELETE', url: `/api/moderation/members/${target}/suspensions/current`, cookie: who?.cookie });
const history = (who: TestMember | undefined, target: string, cursor?: string) =>
  t.request({
    method: 'GET',
    url: `/api/moderation/members/${target}/suspensions${cursor ? `?cursor=${cursor}` : ''}`,
    cookie: who?.cookie,
  });
const days = (n: number) => ({ kind: 'days', days: n });
const until = (date: Date) => ({ kind: 'until', endsAt: date.toISOString() });
const signedInStatus = async (member: TestMember) => (await t.api(member, 'GET', '/api/notifications')).statusCode;
const suspensionRows = (memberId: string) =>
  t.database.db.select().from(suspensions).where(eq(suspensions.memberId, memberId));

describe('who may suspend whom, and for how long', () => {
  it('refuses visitors (401) and members (403), and stores nothing', async () => {
    const target = await t.signUp();
    const other = await t.signUpSubscriber();
    expect((await suspend(undefined, target.id, { reason: 'Spam', length: days(1) })).statusCode).toBe(401);
    const refused = await suspend(other, target.id, { reason: 'Spam', length: days(1) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Only moderators and admins can manage suspensions');
    expect(await suspensionRows(target.id)).toEqual([]);
    expect(await signedInStatus(target)).toBe(200);
  });

  it('lets a moderator suspend for 1, 3 or 7 days, or until a date within 7 days', async () => {
    for (const length of [days(1), days(3), days(7), until(new Date(Date.now() + 6.5 * DAY))]) {
      const target = await t.signUp();
      const response = await suspend(moderator, target.id, { reason: 'Cooling off', length });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({ memberId: target.id, reason: 'Cooling off', active: true });
      expect(response.json().endsAt).not.toBeNull();
    }
  });

  it('refuses a moderator anything longer than 7 days, or permanent, with a message that says why', async () => {
    const target = await t.signUp();
    for (const length of [days(8), days(30), until(new Date(Date.now() + 7 * DAY + 60 * 60_000))]) {
      const response = await suspend(moderator, target.id, { reason: 'Too long', length });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe('Moderators can suspend for up to 7 days; ask an admin for longer');
    }
    const permanent = await suspend(moderator, target.id, { reason: 'Forever', length: { kind: 'permanent' } });
    expect(permanent.statusCode).toBe(403);
    expect(permanent.json().error.message).toBe('Only admins can suspend a member permanently');
    expect(await suspensionRows(target.id)).toEqual([]);
    expect(await signedInStatus(target)).toBe(200);
  });

  it('lets an admin suspend for any length, and permanently (a ban)', async () => {
    const month = await t.signUp();
    const banned = await t.signUp();
    const long = await suspend(admin, month.id, { reason: 'A month away', length: days(30) });
    expect(long.statusCode).toBe(201);
    expect(new Date(long.json().endsAt).getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
    const ban = await suspend(admin, banned.id, { reason: 'Repeated harassment', length: { kind: 'permanent' } });
    expect(ban.statusCode).toBe(201);
    expect(ban.json().endsAt).toBeNull();
  });

  it('never suspends an admin, lets only admins suspend moderators, and nobody herself', async () => {
    const otherAdmin = await staff('admin');
    const otherModerator = await staff('moderator');
    const cases: Array<[TestMember, TestMember, string]> = [
      [admin, otherAdmin, 'Admins cannot be suspended'],
      [moderator, otherAdmin, 'Admins cannot be suspended'],
      [moderator, otherModerator, 'Only admins can suspend a moderator'],
      [moderator, moderator, 'You cannot suspend yourself'],
      [admin, admin, 'You cannot suspend yourself'],
    ];
    for (const [actor, target, message] of cases) {
      const response = await suspend(actor, target.id, { reason: 'No', length: days(1) });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.message).toBe(message);
      expect(await suspensionRows(target.id)).toEqual([]);
    }
    expect(await signedInStatus(otherAdmin)).toBe(200);
    const byAdmin = await suspend(admin, otherModerator.id, { reason: 'Misused the queue', length: days(3) });
    expect(byAdmin.statusCode).toBe(201);
    expect(await signedInStatus(otherModerator)).toBe(401);
  });

  it('applies the role held now, not the one the session was loaded with', async () => {
    const demoted = await staff('admin');
    const target = await t.signUp();
    expect(await signedInStatus(demoted)).toBe(200);
    await grantRoleByEmail(t.database.db, demoted.email, 'moderator');
    const response = await suspend(demoted, target.id, { reason: 'Gone', length: { kind: 'permanent' } });
    expect(response.statusCode).toBe(403);
  });
});

describe('what a suspension asks for', () => {
  it('refuses a missing, blank, too long or hostile reason, and bad lengths, with the field and why', async () => {
    const target = await t.signUp();
    const cases: Array<[unknown, string]> = [
      [{ length: days(1) }, 'reason'],
      [{ reason: '   ', length: days(1) }, 'Please give a reason: she will see it when she tries to sign in'],
      [{ reason: '\u200B', length: days(1) }, 'Please give a reason'],
      [{ reason: 'x'.repeat(501), length: days(1) }, 'The reason must be at most 500 characters'],
      [{ reason: 'bad\u0000', length: days(1) }, 'control characters'],
      [{ reason: 'evil\u202E', length: days(1) }, 'direction'],
      [{ reason: 'Spam' }, 'Choose how long the suspension lasts'],
      [{ reason: 'Spam', length: days(0) }, 'A suspension lasts at least 1 day'],
      [{ reason: 'Spam', length: days(1.5) }, 'whole number'],
      [{ reason: 'Spam', length: days(3651) }, 'choose permanent instead'],
      [{ reason: 'Spam', length: { kind: 'weeks', weeks: 1 } }, 'Choose how long the suspension lasts'],
      [{ reason: 'Spam', length: { kind: 'until', endsAt: 'tomorrow' } }, 'The end date must be a date and time'],
    ];
    for (const [body, message] of cases) {
      const response = await suspend(admin, target.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
    const past = await suspend(admin, target.id, { reason: 'Spam', length: until(new Date(Date.now() - 60_000)) });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toBe('The end date must be in the future');
    expect(await suspensionRows(target.id)).toEqual([]);
    expect(await signedInStatus(target)).toBe(200);
  });

  it('answers 404 for an unknown member, 400 for a malformed id', async () => {
    expect((await suspend(admin, 'no-such-member', { reason: 'Spam', length: days(1) })).statusCode).toBe(404);
    expect((await suspend(admin, 'bad%20id', { reason: 'Spam', length: days(1) })).statusCode).toBe(400);
  });

  it('stores the reason cleaned (trimmed, one form) and keeps line breaks', async () => {
    const target = await t.signUp();
    const response = await suspend(admin, target.id, { reason: '  Cafe\u0301 spam\r\nagain  ', length: days(1) });
    expect(response.statusCode).toBe(201);
    const [row] = await suspensionRows(target.id);
    expect(row?.reason).toBe('Café spam\nagain');
  });

  it('is done once: a second suspension is a 409 until it is lifted, a repeated key gets the first answer', async () => {
    const target = await t.signUp();
    const key = { 'idempotency-key': `suspend-${target.id}` };
    const body = { reason: 'Double click', length: days(1) };
    const [first, repeat] = await Promise.all([
      suspend(admin, target.id, body, key),
      suspend(admin, target.id, body, key),
    ]);
    expect(first.statusCode).toBe(201);
    expect(repeat.statusCode).toBe(201);
    expect(repeat.json().id).toBe(first.json().id);
    const again = await suspend(moderator, target.id, { reason: 'Again', length: days(2) });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/^She is already suspended until .*; lift it first to change it$/);
    expect(await suspensionRows(target.id)).toHaveLength(1);
  });

  it('lets only one of two staff suspending her at once succeed', async () => {
    const target = await t.signUp();
    const answers = await Promise.all([
      suspend(admin, target.id, { reason: 'First', length: days(1) }),
      suspend(moderator, target.id, { reason: 'Second', length: days(2) }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(await suspensionRows(target.id)).toHaveLength(1);
  });
});

describe('a suspended member', () => {
  it('is signed out everywhere at once: every old cookie is a 401', async () => {
    const target = await t.signUpSubscriber();
    const second = await t.signIn(target.email, target.password);
    const phone = String(second.headers['set-cookie']).split(';')[0] ?? '';
    expect(await signedInStatus(target)).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/notifications', cookie: phone })).statusCode).toBe(200);
    expect((await suspend(moderator, target.id, { reason: 'Spam links', length: days(3) })).statusCode).toBe(201);
    expect(await signedInStatus(target)).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/notifications', cookie: phone })).statusCode).toBe(401);
    const me = await t.request({ method: 'GET', url: '/api/me', cookie: target.cookie });
    expect(me.json().user).toBeNull();
  });

  it('is refused at sign-in with the reason and the end date, in her time zone; a wrong password tells nothing', async () => {
    const target = await t.signUp();
    await t.database.db.update(profiles).set({ timeZone: 'Europe/Paris' }).where(eq(profiles.id, target.id));
    const endsAt = new Date(Date.UTC(2031, 0, 15, 9, 30));
    const created = await suspendMember(t.database.db, {
      memberId: target.id,
      actor: { id: admin.id, role: 'admin' },
      reason: 'Repeated spam in the forums',
      endsAt,
    });
    expect(created.endsAt?.toISOString()).toBe(endsAt.toISOString());
    const refused = await t.signIn(target.email, target.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect(refused.json()).toEqual({
      error: {
        code: 'ACCOUNT_SUSPENDED',
        message: 'Your account is suspended until 15 January 2031 at 10:30 CET: Repeated spam in the forums',
      },
    });
    const wrong = await t.signIn(target.email, 'not-her-password');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).not.toContain('spam');
  });

  it('is told "permanently" when banned', async () => {
    const target = await t.signUp();
    await suspend(admin, target.id, { reason: 'Threats to other members', length: { kind: 'permanent' } });
    const refused = await t.signIn(target.email, target.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Your account is suspended permanently: Threats to other members');
  });

  it('signs in again once the end date has passed, without anyone acting', async () => {
    const target = await t.signUp();
    await suspend(moderator, target.id, { reason: 'A day off', length: days(1) });
    expect((await t.signIn(target.email, target.password)).statusCode).toBe(403);
    // As if the day had passed (created_at too, so the row stays a plausible one).
    await t.database.db
      .update(suspensions)
      .set({ endsAt: sql`now() - interval '1 minute'`, createdAt: sql`now() - interval '1 day 1 minute'` })
      .where(eq(suspensions.memberId, target.id));
    const back = await t.signIn(target.email, target.password);
    expect(back.statusCode).toBe(200);
    // And she can be suspended again: the old one is over.
    expect((await suspend(moderator, target.id, { reason: 'Again', length: days(1) })).statusCode).toBe(201);
  });

  it('keeps her subscription: billing is not touched', async () => {
    const target = await t.signUpSubscriber();
    const before = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, target.id));
    await suspend(admin, target.id, { reason: 'Time out', length: days(30) });
    const after = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, target.id));
    expect(after).toEqual(before);
    expect(after[0]?.status).toBe('active');
  });

  it("loses her live event stream, and another member's stream stays open", async () => {
    const target = await t.signUpSubscriber();
    const bystander = await t.signUpSubscriber();
    const streams: EventStream[] = [];
    try {
      for (const cookie of [target.cookie, bystander.cookie]) {
        const stream = await openEventStream(baseUrl, cookie);
        await stream.next((event) => event.type === 'ready');
        streams.push(stream);
      }
      const [hers, theirs] = streams as [EventStream, EventStream];
      await suspend(moderator, target.id, { reason: 'Stream test', length: days(1) });
      await hers.ended;
      const stillOpen = await Promise.race([
        theirs.ended.then(() => false),
        new Promise((resolve) => setTimeout(() => resolve(true), 300)),
      ]);
      expect(stillOpen).toBe(true);
      // And she cannot open a new one with her old cookie.
      const again = await openEventStream(baseUrl, target.cookie);
      again.close();
      expect(again.status).toBe(401);
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it.runIf(testDatabaseKind === 'postgres')(
    'is signed out and loses her stream in another process too',
    () =>
      withSecondProcess(t, async ({ app: other }) => {
        const target = await t.signUpSubscriber();
        const ask = () =>
          other
            .inject({ method: 'GET', url: '/api/notifications', headers: { cookie: target.cookie } })
            .then((r) => r.statusCode);
        // Her session is cached in the other process before the suspension.
        await waitFor(async () => (await ask()) === 200, 5_000, 'the other process to know her session');
        const otherUrl = await other.listen({ port: 0, host: '127.0.0.1' });
        const stream = await openEventStream(otherUrl, target.cookie);
        try {
          await stream.next((event) => event.type === 'ready');
          expect((await suspend(admin, target.id, { reason: 'Across processes', length: days(2) })).statusCode).toBe(
            201,
          );
          await stream.ended;
          await waitFor(async () => (await ask()) === 401, 5_000, 'the other process to end her session');
        } finally {
          stream.close();
        }
      }),
    30_000,
  );
});

describe('lifting a suspension', () => {
  it('is for admins only; afterwards she signs in again', async () => {
    const target = await t.signUp();
    await suspend(moderator, target.id, { reason: 'Mistake', length: days(7) });
    expect((await lift(undefined, target.id)).statusCode).toBe(401);
    const byModerator = await lift(moderator, target.id);
    expect(byModerator.statusCode).toBe(403);
    expect(byModerator.json().error.message).toBe('Only admins can lift a suspension');
    expect((await t.signIn(target.email, target.password)).statusCode).toBe(403);
    const lifted = await lift(admin, target.id);
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json()).toMatchObject({ active: false });
    expect(lifted.json().liftedAt).not.toBeNull();
    expect((await t.signIn(target.email, target.password)).statusCode).toBe(200);
  });

  it('answers 404 when she is not suspended (never suspended, or already over)', async () => {
    const target = await t.signUp();
    const none = await lift(admin, target.id);
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe('She is not suspended');
    await suspend(admin, target.id, { reason: 'Short', length: days(1) });
    await t.database.db
      .update(suspensions)
      .set({ endsAt: sql`now() - interval '1 second'`, createdAt: sql`now() - interval '1 day'` })
      .where(eq(suspensions.memberId, target.id));
    expect((await lift(admin, target.id)).statusCode).toBe(404);
    expect((await lift(admin, 'no-such-member')).statusCode).toBe(404);
  });
});

describe('the record', () => {
  it('writes every suspension and lift to the audit log, with who, whom and what', async () => {
    const target = await t.signUp();
    const made = (await suspend(moderator, target.id, { reason: 'Audit me', length: days(2) })).json();
    await lift(admin, target.id);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, target.id), eq(auditLog.targetType, 'user')))
      .orderBy(auditLog.createdAt);
    expect(entries.map((e) => [e.action, e.actorId])).toEqual([
      ['member.suspend', moderator.id],
      ['member.suspension_lift', admin.id],
    ]);
    expect(entries[0]?.details).toEqual({
      suspensionId: made.id,
      reason: 'Audit me',
      endsAt: made.endsAt,
      permanent: false,
    });
    expect(entries[1]?.details).toEqual({ suspensionId: made.id });
  });

  it('writes nothing to the audit log for a refused suspension', async () => {
    const target = await t.signUp();
    await suspend(moderator, target.id, { reason: 'Too long', length: days(9) });
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, target.id));
    expect(entries).toEqual([]);
  });

  it("shows staff her history, newest first, paged; members can't see it", async () => {
    const target = await t.signUp();
    const historian = await staff('admin');
    for (let i = 0; i < 22; i++) {
      await suspendMember(t.database.db, {
        memberId: target.id,
        actor: { id: historian.id, role: 'admin' },
        reason: `Number ${i}`,
        endsAt: new Date(Date.now() + DAY),
      });
      if (i < 21) await lift(historian, target.id);
    }
    const first = await history(moderator, target.id);
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page.items).toHaveLength(20);
    expect(page.items[0]).toMatchObject({ reason: 'Number 21', active: true, liftedAt: null });
    expect(page.items[1]).toMatchObject({ reason: 'Number 20', active: false, liftedBy: { id: historian.id } });
    expect(page.items[0].createdBy.id).toBe(historian.id);
    const second = (await history(moderator, target.id, page.nextCursor)).json();
    expect(second.items.map((item: { reason: string }) => item.reason)).toEqual(['Number 1', 'Number 0']);
    expect(second.nextCursor).toBeNull();
    expect((await history(await t.signUpSubscriber(), target.id)).statusCode).toBe(403);
    expect((await history(moderator, target.id, 'forged')).statusCode).toBe(400);
    expect((await history(moderator, 'no-such-member')).statusCode).toBe(404);
  });

  it('marks suspended members in the admin users list', async () => {
    const target = await t.signUp();
    await t.database.db.update(profiles).set({ displayName: 'Marked Suspended' }).where(eq(profiles.id, target.id));
    await suspend(admin, target.id, { reason: 'Marked', length: { kind: 'permanent' } });
    const list = (await t.api(admin, 'GET', '/api/admin/users?search=Marked%20Suspended')).json();
    expect(list.items).toEqual([
      expect.objectContaining({ id: target.id, suspension: { endsAt: null, reason: 'Marked' } }),
    ]);
    const unsuspended = (await t.api(admin, 'GET', `/api/admin/users?search=${encodeURIComponent('')}`)).json();
    expect(unsuspended.items.find((item: { id: string }) => item.id === admin.id)?.suspension).toBeNull();
  });
});
