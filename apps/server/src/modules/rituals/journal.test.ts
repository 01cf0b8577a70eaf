import { RITUAL_POINTS } from '@lunara/shared/moon';
import { OWN_RITUALS_PAID_PER_DAY } from '@lunara/shared/points';
import { JOURNAL_PAGE_SIZE } from '@lunara/shared/ritual-journal';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { pointsLedger } from '../../db/schema/community.ts';
import { rituals } from '../../db/schema/rituals.ts';
import { getPracticeCalendar } from './journal-service.ts';
import { getMoon } from './moon-service.ts';
import { completeRitual } from './ritual-service.ts';

let t: TestApp;
let templateIds: string[];
beforeAll(async () => {
  t = await createTestApp();
  templateIds = (await t.database.db.select({ id: rituals.id }).from(rituals).where(eq(rituals.isTemplate, true))).map(
    (row) => row.id,
  );
});
afterAll(async () => t?.close());

const template = (i: number) => templateIds[i] ?? '';
const DAY = 24 * 60 * 60 * 1000;
const ownRitual = {
  title: 'Candle at dusk',
  description: 'A quiet flame',
  instructions: 'Light it\nBreathe',
  durationMinutes: 10,
  moonPhase: 'full_moon',
};

describe('the ritual journal', () => {
  it('lists her completions newest first with mood, energy and notes, for her only', async () => {
    const member = await t.signUpSubscriber();
    await t.api(member, 'POST', `/api/rituals/${template(0)}/complete?tz=UTC`, {
      mood: 'grateful',
      energyLevel: 4,
      notes: 'Felt lighter',
    });
    await completeRitual(
      t.database.db,
      member.id,
      template(1),
      { mood: 'calm', energyLevel: 2 },
      'UTC',
      new Date(Date.now() - 3 * DAY),
    );

    const response = await t.api(member, 'GET', '/api/rituals/journal');
    expect(response.statusCode).toBe(200);
    const { entries, nextCursor } = response.json();
    expect(nextCursor).toBeNull();
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      ritualId: template(0),
      moodAfter: 'grateful',
      energyLevel: 4,
      notes: 'Felt lighter',
    });
    expect(entries[0].ritualTitle).toBeTypeOf('string');
    expect(entries[0].localDate).toBe(new Date().toISOString().slice(0, 10));
    expect(entries[1]).toMatchObject({ ritualId: template(1), moodAfter: 'calm', energyLevel: 2, notes: null });

    // Nobody else reads it: another member, an admin (their own, empty journals), a visitor, a non-subscriber.
    const other = await t.signUpSubscriber();
    expect((await t.api(other, 'GET', '/api/rituals/journal')).json().entries).toEqual([]);
    const admin = await t.signUpSubscriber('admin');
    expect((await t.api(admin, 'GET', '/api/rituals/journal')).json().entries).toEqual([]);
    expect((await t.api(undefined, 'GET', '/api/rituals/journal')).statusCode).toBe(401);
    expect((await t.api(await t.signUp(), 'GET', '/api/rituals/journal')).statusCode).toBe(403);
  });

  it('filters by the moon phase of the day she completed it', async () => {
    const member = await t.signUpSubscriber();
    const full = new Date('2030-01-20T12:00:00Z');
    const newMoon = new Date('2030-01-04T12:00:00Z');
    expect(getMoon(full).phase).not.toBe(getMoon(newMoon).phase);
    await completeRitual(t.database.db, member.id, template(0), {}, 'UTC', full);
    await completeRitual(t.database.db, member.id, template(0), {}, 'UTC', newMoon);

    const filtered = (await t.api(member, 'GET', `/api/rituals/journal?phase=${getMoon(full).phase}`)).json().entries;
    expect(filtered).toHaveLength(1);
    expect(filtered[0]).toMatchObject({ moonPhase: getMoon(full).phase, localDate: '2030-01-20' });
    const other = getMoon(newMoon).phase;
    expect((await t.api(member, 'GET', `/api/rituals/journal?phase=${other}`)).json().entries[0].localDate).toBe(
      '2030-01-04',
    );
  });

  it('pages with a cursor, without repeating or skipping an entry', async () => {
    const member = await t.signUpSubscriber();
    const start = Date.UTC(2031, 0, 1, 9);
    for (let day = 0; day < JOURNAL_PAGE_SIZE + 3; day++) {
      await completeRitual(t.database.db, member.id, template(2), {}, 'UTC', new Date(start + day * DAY));
    }
    const first = (await t.api(member, 'GET', '/api/rituals/journal')).json();
    expect(first.entries).toHaveLength(JOURNAL_PAGE_SIZE);
    expect(first.entries[0].localDate).toBe('2031-01-23');
    expect(first.nextCursor).toBeTypeOf('string');
    const second = (await t.api(member, 'GET', `/api/rituals/journal?cursor=${first.nextCursor}`)).json();
    expect(second.entries.map((entry: { localDate: string }) => entry.localDate)).toEqual([
      '2031-01-03',
      '2031-01-02',
      '2031-01-01',
    ]);
    expect(second.nextCursor).toBeNull();
  });

  it('lets her edit an entry’s notes, mood and energy, and nobody else', async () => {
    const member = await t.signUpSubscriber();
    const done = (
      await t.api(member, 'POST', `/api/rituals/${template(3)}/complete?tz=UTC`, { notes: 'first' })
    ).json();
    const edited = await t.api(member, 'PATCH', `/api/rituals/journal/${done.id}`, {
      notes: 'Second thoughts',
      mood: 'inspired',
      energyLevel: 5,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ notes: 'Second thoughts', moodAfter: 'inspired', energyLevel: 5 });
    expect((await t.api(member, 'GET', '/api/rituals/journal')).json().entries[0].notes).toBe('Second thoughts');

    const other = await t.signUpSubscriber();
    expect((await t.api(other, 'PATCH', `/api/rituals/journal/${done.id}`, { notes: 'mine now' })).statusCode).toBe(
      404,
    );
    const admin = await t.signUpSubscriber('admin');
    expect((await t.api(admin, 'PATCH', `/api/rituals/journal/${done.id}`, { notes: 'x' })).statusCode).toBe(404);
    const bad = await t.api(member, 'PATCH', `/api/rituals/journal/${done.id}`, { energyLevel: 9 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Energy level must be from 1 to 5');
    expect((await t.api(member, 'GET', '/api/rituals/journal')).json().entries[0].notes).toBe('Second thoughts');
  });

  it('refuses bad filters, cursors and months', async () => {
    const member = await t.signUpSubscriber();
    expect((await t.api(member, 'GET', '/api/rituals/journal?phase=blue_moon')).statusCode).toBe(400);
    expect((await t.api(member, 'GET', '/api/rituals/journal?cursor=bm90LWEtY3Vyc29y')).statusCode).toBe(400);
    expect((await t.api(member, 'GET', '/api/rituals/calendar?month=2026-13')).statusCode).toBe(400);
    expect((await t.api(member, 'GET', '/api/rituals/calendar?month=0000-01')).statusCode).toBe(400);
    expect((await t.api(member, 'GET', '/api/rituals/calendar?tz=Mars/Olympus')).statusCode).toBe(400);
  });
});

describe('the practice calendar', () => {
  it('counts rituals on her own day, across midnight UTC', async () => {
    const member = await t.signUpSubscriber();
    // 22:30 and 23:50 on 12 November in New York are already 13 November in UTC.
    await completeRitual(
      t.database.db,
      member.id,
      template(0),
      {},
      'America/New_York',
      new Date('2029-11-13T03:30:00Z'),
    );
    await completeRitual(
      t.database.db,
      member.id,
      template(1),
      {},
      'America/New_York',
      new Date('2029-11-13T04:50:00Z'),
    );
    await completeRitual(
      t.database.db,
      member.id,
      template(2),
      {},
      'America/New_York',
      new Date('2029-11-13T05:10:00Z'),
    );
    const calendar = (await t.api(member, 'GET', '/api/rituals/calendar?month=2029-11&tz=America/New_York')).json();
    expect(calendar.month).toBe('2029-11');
    expect(calendar.days).toEqual([
      { date: '2029-11-12', count: 2 },
      { date: '2029-11-13', count: 1 },
    ]);
    expect((await t.api(member, 'GET', '/api/rituals/calendar?month=2029-12&tz=America/New_York')).json().days).toEqual(
      [],
    );
    // Another member's calendar never shows hers.
    const other = await t.signUpSubscriber();
    expect((await t.api(other, 'GET', '/api/rituals/calendar?month=2029-11')).json().days).toEqual([]);
  });

  it('gives the current and the longest streak, a broken one included', async () => {
    const member = await t.signUpSubscriber();
    const today = new Date('2032-05-20T10:00:00Z');
    const at = (daysAgo: number) => new Date(today.getTime() - daysAgo * DAY);
    // Three days in a row, a gap, then yesterday and today (two rituals today count once).
    for (const daysAgo of [10, 9, 8, 1, 0]) {
      await completeRitual(t.database.db, member.id, template(0), {}, 'UTC', at(daysAgo));
    }
    await completeRitual(t.database.db, member.id, template(1), {}, 'UTC', at(0));
    const calendar = await getPracticeCalendar(t.database.db, member.id, { timeZone: 'UTC' }, today);
    expect(calendar).toMatchObject({ month: '2032-05', today: '2032-05-20', currentStreak: 2, longestStreak: 3 });
    expect(calendar.days).toContainEqual({ date: '2032-05-20', count: 2 });
    // Not done yet today: yesterday's streak still runs. Two days later it is broken.
    expect((await getPracticeCalendar(t.database.db, member.id, { timeZone: 'UTC' }, at(-1))).currentStreak).toBe(2);
    const later = await getPracticeCalendar(t.database.db, member.id, { timeZone: 'UTC' }, at(-2));
    expect(later).toMatchObject({ currentStreak: 0, longestStreak: 3 });
  });
});

describe('her own rituals', () => {
  it('can be edited and deleted by her only; her journal and points stay', async () => {
    const member = await t.signUpSubscriber();
    const created = (await t.api(member, 'POST', '/api/rituals', ownRitual)).json();
    const edited = await t.api(member, 'PATCH', `/api/rituals/${created.id}`, {
      ...ownRitual,
      title: 'Candle at dawn',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Candle at dawn', isMine: true });
    await t.api(member, 'POST', `/api/rituals/${created.id}/complete?tz=UTC`, { notes: 'warm' });

    const other = await t.signUpSubscriber();
    expect((await t.api(other, 'PATCH', `/api/rituals/${created.id}`, ownRitual)).statusCode).toBe(404);
    expect((await t.api(other, 'DELETE', `/api/rituals/${created.id}`)).statusCode).toBe(404);
    const admin = await t.signUpSubscriber('admin');
    expect((await t.api(admin, 'DELETE', `/api/rituals/${created.id}`)).statusCode).toBe(404);
    const onTemplate = await t.api(member, 'PATCH', `/api/rituals/${template(0)}`, ownRitual);
    expect(onTemplate.statusCode).toBe(403);
    expect(onTemplate.json().error.message).toBe('Only the rituals you added yourself can be changed');
    expect((await t.api(member, 'DELETE', `/api/rituals/${template(0)}`)).statusCode).toBe(403);
    expect((await t.api(member, 'PATCH', `/api/rituals/${created.id}`, { ...ownRitual, title: ' ' })).statusCode).toBe(
      400,
    );

    expect((await t.api(member, 'DELETE', `/api/rituals/${created.id}`)).statusCode).toBe(200);
    const page = (await t.api(member, 'GET', '/api/rituals?tz=UTC')).json();
    expect(page.rituals.some((ritual: { id: string }) => ritual.id === created.id)).toBe(false);
    expect(page.completedToday).toHaveLength(1);
    const [entry] = (await t.api(member, 'GET', '/api/rituals/journal')).json().entries;
    expect(entry).toMatchObject({ ritualId: null, ritualTitle: 'Candle at dawn', notes: 'warm' });
    const ledger = await t.database.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.userId, member.id), eq(pointsLedger.reason, 'ritual')));
    expect(ledger.map((row) => row.amount)).toEqual([RITUAL_POINTS]);
    expect((await t.api(member, 'DELETE', `/api/rituals/${created.id}`)).statusCode).toBe(404);
    expect((await t.api(member, 'POST', `/api/rituals/${created.id}/complete?tz=UTC`, {})).statusCode).toBe(404);
  });

  it('a deleted own ritual still fills the day’s paid own-ritual cap', async () => {
    const member = await t.signUpSubscriber();
    const paid: number[] = [];
    for (let i = 0; i <= OWN_RITUALS_PAID_PER_DAY; i++) {
      const created = (await t.api(member, 'POST', '/api/rituals', { ...ownRitual, title: `Own ${i}` })).json();
      paid.push((await t.api(member, 'POST', `/api/rituals/${created.id}/complete?tz=UTC`, {})).json().pointsAwarded);
      await t.api(member, 'DELETE', `/api/rituals/${created.id}`);
    }
    expect(paid.filter((points) => points > 0)).toHaveLength(OWN_RITUALS_PAID_PER_DAY);
    expect(paid.at(-1)).toBe(0);
  });
});
