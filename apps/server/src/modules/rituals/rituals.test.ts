import { RITUAL_POINTS } from '@lunara/shared/moon';
import { OWN_RITUALS_PAID_PER_DAY } from '@lunara/shared/points';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { pointsLedger, userPoints } from '../../db/schema/community.ts';
import { dailyRituals, rituals } from '../../db/schema/rituals.ts';
import { grantRoleByEmail } from '../roles/service.ts';
import { completeRitual } from './ritual-service.ts';

let t: TestApp;
let ritualIds: string[];
beforeAll(async () => {
  t = await createTestApp();
  ritualIds = (await t.database.db.select({ id: rituals.id }).from(rituals).where(eq(rituals.isTemplate, true))).map(
    (row) => row.id,
  );
});
afterAll(async () => t?.close());

const subscriber = () => t.signUpSubscriber();
const complete = (member: TestMember, ritualId: string, body: Record<string, unknown> = {}) =>
  t.request({ method: 'POST', url: `/api/rituals/${ritualId}/complete?tz=UTC`, cookie: member.cookie, payload: body });
const ledgerOf = (userId: string) =>
  t.database.db
    .select()
    .from(pointsLedger)
    .where(and(eq(pointsLedger.userId, userId), eq(pointsLedger.reason, 'ritual')));

describe('rituals page data', () => {
  it('is for subscribers and admins', async () => {
    expect((await t.request({ method: 'GET', url: '/api/rituals' })).statusCode).toBe(401);
    expect(
      (await t.request({ method: 'GET', url: '/api/rituals', cookie: (await t.signUp()).cookie })).statusCode,
    ).toBe(403);
    const admin = await t.signUp();
    await grantRoleByEmail(t.database.db, admin.email, 'admin');
    expect((await t.request({ method: 'GET', url: '/api/rituals', cookie: admin.cookie })).statusCode).toBe(200);
  });

  it('gives the moon, the templates and today’s completions', async () => {
    const member = await subscriber();
    const body = (
      await t.request({ method: 'GET', url: '/api/rituals?tz=Europe/Paris', cookie: member.cookie })
    ).json();
    expect(body.moon.phase).toBeTypeOf('string');
    expect(body.moon.illuminationPercent).toBeGreaterThanOrEqual(0);
    expect(body.moon.timing).toBeNull();
    expect(body.rituals.length).toBeGreaterThanOrEqual(16);
    expect(body.completedToday).toEqual([]);
  });
});

describe('completing a ritual', () => {
  it('never deadlocks with likes paying her at the same moment (every writer takes her ledger before her totals)', async () => {
    const member = await subscriber();
    const likers: TestMember[] = [];
    for (let i = 0; i < 6; i++) likers.push(await subscriber());
    const statuses: number[] = [];
    for (const ritualId of ritualIds.slice(0, 4)) {
      const post = (
        await t.request({
          method: 'POST',
          url: '/api/posts',
          cookie: member.cookie,
          payload: { title: 'Moon', content: 'Here' },
        })
      ).json();
      const answers = await Promise.all([
        ...likers
          .slice(0, 3)
          .map((liker) =>
            t.request({ method: 'PUT', url: `/api/posts/${post.id}/like`, cookie: liker.cookie, payload: {} }),
          ),
        complete(member, ritualId),
        ...likers
          .slice(3)
          .map((liker) =>
            t.request({ method: 'PUT', url: `/api/posts/${post.id}/like`, cookie: liker.cookie, payload: {} }),
          ),
      ]);
      statuses.push(...answers.map((answer) => answer.statusCode));
    }
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    const [totals] = await t.database.db.select().from(userPoints).where(eq(userPoints.userId, member.id));
    expect(totals?.likesReceived).toBe(24);
    expect(await ledgerOf(member.id)).toHaveLength(4);
  });

  it('stores mood, energy and notes, pays +15 once, and refuses a second time that day', async () => {
    const member = await subscriber();
    const ritualId = ritualIds[0] ?? '';
    const first = await complete(member, ritualId, { mood: 'grateful', energyLevel: 5, notes: 'Felt lighter' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ ritualId, moodAfter: 'grateful', energyLevel: 5, streakCount: 1 });
    const again = await complete(member, ritualId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('You have already completed this ritual today');
    expect(await ledgerOf(member.id)).toHaveLength(1);
  });

  it('defaults energy to 3 and validates it and the mood', async () => {
    const member = await subscriber();
    expect((await complete(member, ritualIds[1] ?? '')).json().energyLevel).toBe(3);
    const bad = await complete(member, ritualIds[2] ?? '', { energyLevel: 7 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Energy level must be from 1 to 5');
    expect((await complete(member, ritualIds[2] ?? '', { mood: 'furious' })).statusCode).toBe(400);
  });

  it('pays once under two concurrent completions', async () => {
    const member = await subscriber();
    const ritualId = ritualIds[3] ?? '';
    const responses = await Promise.all([complete(member, ritualId), complete(member, ritualId)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(await ledgerOf(member.id)).toHaveLength(1);
    const [points] = await t.database.db.select().from(userPoints).where(eq(userPoints.userId, member.id));
    expect(points?.points).toBeGreaterThanOrEqual(15);
  });

  it('uses the member’s own day: just before and after midnight are two days in Tokyo, one in Los Angeles', async () => {
    const member = await subscriber();
    const ritualId = ritualIds[4] ?? '';
    const db = t.database.db;
    // 14:50 and 15:10 UTC are 23:50 and 00:10 in Tokyo (UTC+9): two different days there.
    await completeRitual(db, member.id, ritualId, {}, 'Asia/Tokyo', new Date('2030-03-10T14:50:00Z'));
    const nextDay = await completeRitual(db, member.id, ritualId, {}, 'Asia/Tokyo', new Date('2030-03-10T15:10:00Z'));
    expect(nextDay.streakCount).toBe(2);
    // The same two instants are 07:50 and 08:10 on one day in Los Angeles.
    const other = await subscriber();
    await completeRitual(db, other.id, ritualId, {}, 'America/Los_Angeles', new Date('2030-03-10T14:50:00Z'));
    await expect(
      completeRitual(db, other.id, ritualId, {}, 'America/Los_Angeles', new Date('2030-03-10T15:10:00Z')),
    ).rejects.toThrow('You have already completed this ritual today');
    const rows = await db.select().from(dailyRituals).where(eq(dailyRituals.userId, member.id));
    expect(rows.map((row) => row.localDate).sort()).toEqual(['2030-03-10', '2030-03-11']);
  });

  it('counts the streak in days in a row, not completions', async () => {
    const member = await subscriber();
    const db = t.database.db;
    const at = (day: number) => new Date(Date.UTC(2031, 0, day, 12));
    expect((await completeRitual(db, member.id, ritualIds[5] ?? '', {}, 'UTC', at(1))).streakCount).toBe(1);
    expect((await completeRitual(db, member.id, ritualIds[6] ?? '', {}, 'UTC', at(1))).streakCount).toBe(1);
    expect((await completeRitual(db, member.id, ritualIds[5] ?? '', {}, 'UTC', at(2))).streakCount).toBe(2);
    expect((await completeRitual(db, member.id, ritualIds[5] ?? '', {}, 'UTC', at(3))).streakCount).toBe(3);
    expect((await completeRitual(db, member.id, ritualIds[5] ?? '', {}, 'UTC', at(5))).streakCount).toBe(1);
  });
});

describe('own rituals and location', () => {
  it('are visible to their author only', async () => {
    const author = await subscriber();
    const other = await subscriber();
    const created = await t.request({
      method: 'POST',
      url: '/api/rituals',
      cookie: author.cookie,
      payload: {
        title: 'Morning pages',
        description: 'Three pages',
        instructions: 'Wake\nWrite',
        durationMinutes: 20,
        moonPhase: 'new_moon',
      },
    });
    expect(created.statusCode).toBe(200);
    const ritual = created.json();
    const mine = (await t.request({ method: 'GET', url: '/api/rituals', cookie: author.cookie })).json().rituals;
    expect(mine.find((row: { id: string }) => row.id === ritual.id)).toMatchObject({ isMine: true, isTemplate: false });
    const theirs = (await t.request({ method: 'GET', url: '/api/rituals', cookie: other.cookie })).json().rituals;
    expect(theirs.find((row: { id: string }) => row.id === ritual.id)).toBeUndefined();
    expect((await complete(other, ritual.id)).statusCode).toBe(404);
    const blank = await t.request({
      method: 'POST',
      url: '/api/rituals',
      cookie: author.cookie,
      payload: { title: ' ', description: 'x', instructions: 'x', durationMinutes: 5, moonPhase: 'new_moon' },
    });
    expect(blank.json().error.message).toBe('Give your ritual a title');
  });

  it('saves a location and then times moonrise and moonset', async () => {
    const member = await subscriber();
    const saved = await t.request({
      method: 'PUT',
      url: '/api/me/location',
      cookie: member.cookie,
      payload: { latitude: 38.72, longitude: -9.14 },
    });
    expect(saved.statusCode).toBe(200);
    const body = (
      await t.request({ method: 'GET', url: '/api/rituals?tz=Europe/Lisbon', cookie: member.cookie })
    ).json();
    expect(body.moon.timing).not.toBeNull();
    expect(
      (
        await t.request({
          method: 'PUT',
          url: '/api/me/location',
          cookie: member.cookie,
          payload: { latitude: 123, longitude: 0 },
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('ritual points cannot be farmed (issue 25, item 9)', () => {
  const createOwn = async (member: TestMember, n: number): Promise<string> => {
    const response = await t.request({
      method: 'POST',
      url: '/api/rituals',
      cookie: member.cookie,
      payload: {
        title: `Mine ${n}`,
        description: 'Mine',
        instructions: 'Breathe',
        durationMinutes: 5,
        moonPhase: 'new_moon',
      },
    });
    expect(response.statusCode).toBe(200);
    return response.json().id;
  };
  const paidRituals = async (userId: string) => (await ledgerOf(userId)).reduce((sum, row) => sum + row.amount, 0);
  const completeIn = (member: TestMember, ritualId: string, tz: string) =>
    t.request({
      method: 'POST',
      url: `/api/rituals/${ritualId}/complete?tz=${encodeURIComponent(tz)}`,
      cookie: member.cookie,
      payload: {},
    });

  it(`own rituals pay for ${OWN_RITUALS_PAID_PER_DAY} completions a day; more still count for the streak, for nothing`, async () => {
    const member = await subscriber();
    const own = [];
    for (let n = 0; n < OWN_RITUALS_PAID_PER_DAY + 3; n++) own.push(await createOwn(member, n));
    const answers = [];
    for (const id of own) answers.push(await complete(member, id));
    expect(answers.map((answer) => answer.statusCode)).toEqual(own.map(() => 200));
    expect(answers.map((answer) => answer.json().pointsAwarded)).toEqual(
      own.map((_, index) => (index < OWN_RITUALS_PAID_PER_DAY ? RITUAL_POINTS : 0)),
    );
    expect(answers.every((answer) => answer.json().streakCount === 1)).toBe(true);
    expect(await paidRituals(member.id)).toBe(OWN_RITUALS_PAID_PER_DAY * RITUAL_POINTS);
    // Templates are not capped: the spec's rituals pay as before.
    expect((await complete(member, ritualIds[0] ?? '')).json().pointsAwarded).toBe(RITUAL_POINTS);
    const today = (await t.request({ method: 'GET', url: '/api/rituals?tz=UTC', cookie: member.cookie })).json();
    expect(today.completedToday).toHaveLength(own.length + 1);
  });

  it('the cap holds under concurrent completions, and opens again the next day', async () => {
    const member = await subscriber();
    const own = [];
    for (let n = 0; n < 8; n++) own.push(await createOwn(member, n));
    const answers = await Promise.all(own.map((id) => complete(member, id)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(own.map(() => 200));
    expect(answers.filter((answer) => answer.json().pointsAwarded > 0)).toHaveLength(OWN_RITUALS_PAID_PER_DAY);
    expect(await paidRituals(member.id)).toBe(OWN_RITUALS_PAID_PER_DAY * RITUAL_POINTS);
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    const next = await completeRitual(t.database.db, member.id, own[0] ?? '', {}, 'UTC', tomorrow);
    expect(next).toMatchObject({ pointsAwarded: RITUAL_POINTS, streakCount: 2 });
  });

  it('alternating time zones on one real day pays each ritual once', async () => {
    const member = await subscriber();
    const zones = ['UTC', 'Pacific/Kiritimati', 'Etc/GMT+12', 'Asia/Tokyo', 'America/Los_Angeles', 'UTC'];
    const ritualId = ritualIds[7] ?? '';
    const answers = [];
    for (const zone of zones) answers.push(await completeIn(member, ritualId, zone));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 409, 409, 409, 409, 409]);
    expect(answers[1]?.json().error.message).toBe('You have already completed this ritual today');
    // And all at once.
    const racing = await Promise.all(zones.map((zone) => completeIn(member, ritualIds[8] ?? '', zone)));
    expect(racing.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(await paidRituals(member.id)).toBe(2 * RITUAL_POINTS);
  });

  it('a changed zone cannot open a second day within 24 hours; her zone changes at most once a day', async () => {
    const member = await subscriber();
    const db = t.database.db;
    const ritualId = ritualIds[9] ?? '';
    const at = (iso: string) => new Date(iso);
    // 23:00 UTC on the 10th; in Kiritimati (UTC+14) it is already the 11th.
    await completeRitual(db, member.id, ritualId, {}, 'UTC', at('2032-05-10T23:00:00Z'));
    await expect(
      completeRitual(db, member.id, ritualId, {}, 'Pacific/Kiritimati', at('2032-05-10T23:30:00Z')),
    ).rejects.toThrow('You have already completed this ritual today');
    // Her zone became Kiritimati at 23:30; another zone is not taken before 24 hours have passed.
    await expect(completeRitual(db, member.id, ritualId, {}, 'Etc/GMT+12', at('2032-05-11T09:00:00Z'))).rejects.toThrow(
      'You have already completed this ritual today',
    );
    // 24 hours after the completion, her day in Kiritimati is a new one (the 12th there).
    const next = await completeRitual(db, member.id, ritualId, {}, 'Pacific/Kiritimati', at('2032-05-11T23:01:00Z'));
    expect(next.pointsAwarded).toBe(RITUAL_POINTS);
    const rows = await db.select().from(dailyRituals).where(eq(dailyRituals.userId, member.id));
    expect(rows.map((row) => [row.localDate, row.timeZone]).sort()).toEqual([
      ['2032-05-10', 'UTC'],
      ['2032-05-12', 'Pacific/Kiritimati'],
    ]);
    expect(await paidRituals(member.id)).toBe(2 * RITUAL_POINTS);
  });
});
