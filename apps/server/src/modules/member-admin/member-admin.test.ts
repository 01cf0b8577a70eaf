import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestMember, uniqueEmail } from '../../../test/test-app.ts';
import { queryRows } from '../../db/client.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { profiles } from '../../db/schema/members.ts';
import { auditLog } from '../../db/schema/operations.ts';
import { canUseCommunity } from '../billing/community-access.ts';
import { grantRoleByEmail } from '../roles/service.ts';
import { csvCell } from './member-export.ts';

let t: TestApp;
let admin: TestMember;
let moderator: TestMember;
let member: TestMember;
let payer: TestMember;
const EMAIL = /[\w.+-]+@[\w-]+\.[\w.]+/;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUp();
  await grantRoleByEmail(t.database.db, admin.email, 'admin');
  moderator = await t.signUp();
  await grantRoleByEmail(t.database.db, moderator.email, 'moderator');
  member = await t.signUp(uniqueEmail('Zelda.Prefix'), undefined, 'Zelda Member');
  payer = await t.signUpSubscriber();
});
afterAll(async () => t?.close());

const grant = (who: TestMember | undefined, userId: string, body: unknown) =>
  t.api(who, 'POST', `/api/admin/members/${userId}/complimentary`, body);
const communityStatus = async (who: TestMember) => (await t.api(who, 'GET', '/api/posts')).statusCode;

describe('who sees members and their emails', () => {
  it('admins see emails in the list; members and moderators get 403 with no address in any answer', async () => {
    const list = await t.api(admin, 'GET', '/api/admin/users');
    expect(list.statusCode).toBe(200);
    expect(list.json().items.find((item: { id: string }) => item.id === member.id).email).toBe(
      member.email.toLowerCase(),
    );
    for (const url of [
      '/api/admin/users',
      `/api/admin/users?search=${encodeURIComponent('zelda.prefix')}`,
      `/api/admin/members/${member.id}`,
      '/api/admin/members/export',
    ]) {
      for (const who of [moderator, member]) {
        const answer = await t.api(who, 'GET', url);
        expect(answer.statusCode, url).toBe(403);
        expect(answer.body).not.toMatch(EMAIL);
      }
      expect((await t.api(undefined, 'GET', url)).statusCode).toBe(401);
    }
    for (const who of [moderator, member]) {
      expect((await grant(who, member.id, { months: 1 })).statusCode).toBe(403);
      expect((await t.api(who, 'DELETE', `/api/admin/members/${member.id}/complimentary`)).statusCode).toBe(403);
    }
  });

  it('searches by the start of an email, case-insensitively, and by name', async () => {
    const byEmail = await t.api(admin, 'GET', `/api/admin/users?search=${encodeURIComponent('ZELDA.PREFIX.')}`);
    expect(byEmail.json().items.map((item: { id: string }) => item.id)).toEqual([member.id]);
    const withAt = await t.api(
      admin,
      'GET',
      `/api/admin/users?search=${encodeURIComponent(member.email.slice(0, -4))}`,
    );
    expect(withAt.json().items.map((item: { id: string }) => item.id)).toEqual([member.id]);
    // A prefix: the middle of an address matches nothing; LIKE wildcards are plain characters.
    const middle = await t.api(admin, 'GET', `/api/admin/users?search=${encodeURIComponent('@example.com')}`);
    expect(middle.json().items).toEqual([]);
    const wildcard = await t.api(admin, 'GET', `/api/admin/users?search=${encodeURIComponent('%@')}`);
    expect(wildcard.json().items).toEqual([]);
    const byName = await t.api(admin, 'GET', '/api/admin/users?search=Zelda%20Mem');
    expect(byName.json().items.map((item: { id: string }) => item.id)).toEqual([member.id]);
  });

  it('reads the email prefix from user_email_lower_prefix_idx, under a generic plan too', async () => {
    // The app's connections plan each statement once (force_generic_plan): the range form of
    // email-prefix.ts is what lets that plan use the index (a LIKE with a bound pattern would not).
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(
        sql.raw(`prepare e_email_prefix(text, text, text) as
          select id from "user" where (lower(email) ~>=~ $1 and lower(email) ~<~ $2 and lower(email) like $3)`),
      );
      const rows = await queryRows<Record<string, string>>(
        tx,
        sql.raw(`explain execute e_email_prefix('zelda.prefix', 'zelda.prefiy', 'zelda.prefix%')`),
      );
      await tx.execute(sql.raw('deallocate e_email_prefix'));
      return rows;
    });
    const text = plan.map((row) => Object.values(row)[0]).join('\n');
    expect(text).toContain('user_email_lower_prefix_idx');
    expect(text).toMatch(/Index Cond: .*~>=~.*~<~/s);
  });
});

describe("a member's detail", () => {
  it('shows her join date, activity, points, reports and audit entries; unknown ids are 404, bad ids 400', async () => {
    const detail = await t.api(admin, 'GET', `/api/admin/members/${member.id}`);
    expect(detail.statusCode).toBe(200);
    const body = detail.json();
    expect(body).toMatchObject({
      id: member.id,
      email: member.email.toLowerCase(),
      displayName: 'Zelda Member',
      role: 'user',
      membership: null,
      points: 0,
      level: 1,
      activity: { postsCount: 0, commentsCount: 0 },
      reports: [],
      reportsTotal: 0,
    });
    expect(new Date(body.joinedAt).getTime()).toBeLessThanOrEqual(Date.now());
    expect((await t.api(admin, 'GET', '/api/admin/members/nobody-here')).statusCode).toBe(404);
    expect((await t.api(admin, 'GET', '/api/admin/members/%00')).statusCode).toBe(400);
  });

  it('lists the reports about her, without naming who reported', async () => {
    const reported = await t.api(payer, 'POST', '/api/reports', {
      targetType: 'profile',
      targetId: member.id,
      reason: 'spam',
    });
    expect(reported.statusCode).toBeLessThan(300);
    const detail = (await t.api(admin, 'GET', `/api/admin/members/${member.id}`)).json();
    expect(detail.reportsTotal).toBe(1);
    expect(detail.reports).toEqual([
      expect.objectContaining({ targetType: 'profile', status: 'open', reportersCount: 1 }),
    ]);
    expect(JSON.stringify(detail.reports)).not.toContain(payer.id);
  });

  it("shows a paying member's billing", async () => {
    const detail = (await t.api(admin, 'GET', `/api/admin/members/${payer.id}`)).json();
    expect(detail.membership).toMatchObject({
      provider: 'test',
      status: 'active',
      subscribed: true,
      complimentary: false,
    });
  });
});

describe('complimentary memberships', () => {
  it('grants access for months, refuses a second one and a paying member, and ends early', async () => {
    const fresh = await t.signUp();
    expect(await communityStatus(fresh)).toBe(403);
    const granted = await grant(admin, fresh.id, { months: 3 });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().membership).toMatchObject({
      provider: 'complimentary',
      status: 'active',
      complimentary: true,
    });
    const end = new Date(granted.json().membership.currentPeriodEnd);
    expect(end.getUTCMonth()).toBe((new Date().getUTCMonth() + 3) % 12);
    expect(await communityStatus(fresh)).toBe(200);
    expect((await t.api(fresh, 'GET', '/api/billing/subscription')).json()).toMatchObject({ subscribed: true });
    const [usable] = await queryRows<{ ok: boolean }>(t.database.db, sql`select ${canUseCommunity(fresh.id)} as ok`);
    expect(usable?.ok).toBe(true);

    const again = await grant(admin, fresh.id, { months: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/already has a complimentary membership/);
    const paid = await grant(admin, payer.id, { months: 1 });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error.message).toMatch(/already has a paid membership/);

    // A paused membership resumes and charges by itself: no free one on top of it.
    const pausing = await t.signUpSubscriber();
    await t.database.db
      .update(subscriptions)
      .set({ status: 'paused', pausedUntil: new Date(Date.now() + 30 * 86_400_000) })
      .where(eq(subscriptions.userId, pausing.id));
    const overPause = await grant(admin, pausing.id, { months: 1 });
    expect(overPause.statusCode).toBe(409);
    expect(overPause.json().error.message).toMatch(/^Her membership is paused until/);

    const ended = await t.api(admin, 'DELETE', `/api/admin/members/${fresh.id}/complimentary`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().membership).toMatchObject({ status: 'canceled', subscribed: false });
    expect(await communityStatus(fresh)).toBe(403);
    expect((await t.api(admin, 'DELETE', `/api/admin/members/${fresh.id}/complimentary`)).statusCode).toBe(404);
    const audit = (await t.api(admin, 'GET', `/api/admin/members/${fresh.id}`)).json().audit;
    expect(audit.map((entry: { action: string }) => entry.action)).toEqual([
      'member.complimentary_end',
      'member.complimentary_grant',
    ]);
  });

  it('refuses bad periods with a clear message and writes nothing', async () => {
    const fresh = await t.signUp();
    for (const body of [
      {},
      { months: 0 },
      { months: 25 },
      { months: 1.5 },
      { months: 2, until: '2030-01-01T00:00:00Z' },
    ]) {
      const answer = await grant(admin, fresh.id, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
    const past = await grant(admin, fresh.id, { until: new Date(Date.now() - 60_000).toISOString() });
    expect(past.json().error.message).toBe('The end date must be in the future');
    const far = await grant(admin, fresh.id, { until: new Date(Date.now() + 800 * 86_400_000).toISOString() });
    expect(far.json().error.message).toBe('A complimentary membership lasts at most 24 months');
    expect((await grant(admin, 'no-such-member', { months: 1 })).statusCode).toBe(404);
    const rows = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, fresh.id));
    expect(rows).toEqual([]);
  });

  it('makes one membership and one audit entry from four concurrent grants', async () => {
    const fresh = await t.signUp();
    const answers = await Promise.all([1, 2, 3, 4].map(() => grant(admin, fresh.id, { months: 2 })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const rows = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, fresh.id));
    expect(rows).toHaveLength(1);
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, fresh.id), eq(auditLog.action, 'member.complimentary_grant')));
    expect(entries).toHaveLength(1);
  });

  it('lapses when its end date passes: no access, membership inactive', async () => {
    const fresh = await t.signUp();
    expect((await grant(admin, fresh.id, { until: new Date(Date.now() + 86_400_000).toISOString() })).statusCode).toBe(
      200,
    );
    expect(await communityStatus(fresh)).toBe(200);
    await t.database.db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, fresh.id));
    // The lists' rule in SQL (member search, mentions, reminders) drops her at once, before anything settles.
    const [usable] = await queryRows<{ ok: boolean }>(t.database.db, sql`select ${canUseCommunity(fresh.id)} as ok`);
    expect(usable?.ok).toBe(false);
    // The session remembered the old end; a new sign-in reads the row again, as time passing would.
    const again = await t.signIn(fresh.email, fresh.password);
    const cookie = again.headers['set-cookie'] ? String(again.headers['set-cookie']).split(';')[0] : fresh.cookie;
    expect(await communityStatus({ ...fresh, cookie: cookie ?? fresh.cookie })).toBe(403);
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, fresh.id));
    expect(row?.status).toBe('canceled');
    const [profile] = await t.database.db.select().from(profiles).where(eq(profiles.id, fresh.id));
    expect(profile?.membershipStatus).toBe('inactive');
    // And she may be granted a new one.
    expect((await grant(admin, fresh.id, { months: 1 })).statusCode).toBe(200);
  });
});

describe('CSV export', () => {
  it('escapes formulas and quotes', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('+1')).toBe('"\'+1"');
    expect(csvCell('-2')).toBe('"\'-2"');
    expect(csvCell('@SUM')).toBe('"\'@SUM"');
    expect(csvCell('Plain, "quoted"')).toBe('"Plain, ""quoted"""');
    expect(csvCell(12)).toBe('"12"');
  });

  it('streams every member with the columns, formula cells escaped', async () => {
    const evil = await t.signUp(uniqueEmail('csv'), undefined, '=cmd|calc');
    const answer = await t.api(admin, 'GET', '/api/admin/members/export');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    expect(answer.headers['content-disposition']).toMatch(/attachment; filename="members-\d{4}-\d{2}-\d{2}\.csv"/);
    // Streamed: no length known in advance.
    expect(answer.headers['content-length']).toBeUndefined();
    const lines = answer.body.trim().split('\r\n');
    expect(lines[0]).toBe('"name","email","joined","membership status","plan","points","level"');
    const [total] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(profiles);
    expect(lines).toHaveLength((total?.n ?? 0) + 1);
    expect(lines.find((line) => line.includes(evil.email.toLowerCase()))).toMatch(/^"'=cmd\|calc",/);
    expect(lines.find((line) => line.includes(payer.email.toLowerCase()))).toMatch(/"active","monthly","0","1"$/);
  });
});
