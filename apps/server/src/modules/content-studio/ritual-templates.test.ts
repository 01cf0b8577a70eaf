import { CONTENT_MESSAGES } from '@lunara/shared/content-studio';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestMember } from '../../../test/test-app.ts';
import { auditLog } from '../../db/schema/operations.ts';
import { rituals } from '../../db/schema/rituals.ts';
import { RITUAL_REMOVED } from '../rituals/ritual-service.ts';
import { expectOnlyAdmins, startStudioApp } from './studio-test-kit.ts';

let t: TestApp;
let admin: TestMember;
let moderator: TestMember;
let member: TestMember;
beforeAll(async () => {
  ({ t, admin, moderator, member } = await startStudioApp());
});
afterAll(async () => t?.close());

const template = (overrides: Record<string, unknown> = {}) => ({
  title: 'Dark moon release',
  description: 'Let go of what the cycle no longer needs.',
  instructions: 'Light a candle\nWrite what you release\nBreathe out slowly',
  durationMinutes: 20,
  category: 'release',
  moonPhase: 'new_moon',
  ...overrides,
});
const create = async (overrides: Record<string, unknown> = {}) => {
  const response = await t.api(admin, 'POST', '/api/admin/rituals', template(overrides));
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; version: number; title: string };
};
const auditOf = (ritualId: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'ritual'), eq(auditLog.targetId, ritualId)));
const memberRituals = async (who: TestMember) =>
  (await t.api(who, 'GET', '/api/rituals?tz=UTC')).json().rituals as Array<{ id: string }>;

describe('who may edit ritual templates', () => {
  const anyId = '00000000-0000-4000-8000-000000000000';
  const routes: Array<[method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string]> = [
    ['GET', '/api/admin/rituals'],
    ['POST', '/api/admin/rituals'],
    ['PATCH', `/api/admin/rituals/${anyId}`],
    ['DELETE', `/api/admin/rituals/${anyId}`],
  ];
  it.each(routes)('%s %s: 401 visitor, 403 member and moderator', async (method, url) => {
    await expectOnlyAdmins(t, { member, moderator }, method, url, template());
  });
});

describe('ritual templates', () => {
  it('are listed by moon phase, then title, with their completions', async () => {
    const { rituals: list } = (await t.api(admin, 'GET', '/api/admin/rituals')).json();
    expect(list.length).toBeGreaterThanOrEqual(16);
    const phases = list.map((ritual: { moonPhase: string }) => ritual.moonPhase);
    expect(phases[0]).toBe('new_moon');
    expect(phases.at(-1)).toBe('waning_crescent');
    expect(list[0]).toMatchObject({ completionCount: 0, version: 1 });
  });

  it('are created for every member, audited', async () => {
    const created = await create({ title: 'Seed intention' });
    expect(created).toMatchObject({ title: 'Seed intention', version: 1, completionCount: 0, moonPhase: 'new_moon' });
    expect((await memberRituals(member)).map((ritual) => ritual.id)).toContain(created.id);
    const [row] = await auditOf(created.id);
    expect(row).toMatchObject({ action: 'ritual.create', actorId: admin.id, details: { title: 'Seed intention' } });
  });

  it('refuse bad input with the field’s message', async () => {
    const blank = await t.api(admin, 'POST', '/api/admin/rituals', template({ title: '   ' }));
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toContain('Give the ritual a title');
    const long = await t.api(admin, 'POST', '/api/admin/rituals', template({ durationMinutes: 481 }));
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toContain('Duration must be at most 8 hours');
    const phase = await t.api(admin, 'POST', '/api/admin/rituals', template({ moonPhase: 'blue_moon' }));
    expect(phase.json().error.message).toContain('Choose a moon phase');
  });

  it('are edited from their version; a stale save is refused, never overwrites', async () => {
    const created = await create({ title: 'Crescent wish' });
    const first = await t.api(admin, 'PATCH', `/api/admin/rituals/${created.id}`, {
      ...template({ title: 'Crescent wishes' }),
      version: 1,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ title: 'Crescent wishes', version: 2 });
    // A second admin still holding version 1.
    const stale = await t.api(admin, 'PATCH', `/api/admin/rituals/${created.id}`, {
      ...template({ title: 'Old edit' }),
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(CONTENT_MESSAGES.versionConflict);
    // A version no int4 column can hold is refused before the database sees it.
    const huge = await t.api(admin, 'PATCH', `/api/admin/rituals/${created.id}`, {
      ...template({ title: 'Huge' }),
      version: 2_147_483_648,
    });
    expect(huge.statusCode).toBe(400);
    const [row] = await t.database.db.select().from(rituals).where(eq(rituals.id, created.id));
    expect(row?.title).toBe('Crescent wishes');
    const actions = (await auditOf(created.id)).map((entry) => entry.action);
    expect(actions.sort()).toEqual(['ritual.create', 'ritual.update']);
  });

  it('never reach a member’s own ritual', async () => {
    const own = (
      await t.api(member, 'POST', '/api/rituals', {
        title: 'My own',
        description: 'Mine',
        instructions: 'Breathe',
        durationMinutes: 5,
        moonPhase: 'full_moon',
      })
    ).json();
    const edit = await t.api(admin, 'PATCH', `/api/admin/rituals/${own.id}`, { ...template(), version: 1 });
    expect(edit.statusCode).toBe(404);
    expect(edit.json().error.message).toBe(CONTENT_MESSAGES.ritualNotFound);
    expect((await t.api(admin, 'DELETE', `/api/admin/rituals/${own.id}`)).statusCode).toBe(404);
    const list = (await t.api(admin, 'GET', '/api/admin/rituals')).json().rituals;
    expect(list.map((ritual: { id: string }) => ritual.id)).not.toContain(own.id);
  });

  it('removed: hidden from members and not completable anew, past completions kept', async () => {
    const created = await create({ title: 'Soon removed' });
    const done = await t.api(member, 'POST', `/api/rituals/${created.id}/complete?tz=UTC`, { energyLevel: 4 });
    expect(done.statusCode).toBe(200);
    const listed = (await t.api(admin, 'GET', '/api/admin/rituals')).json().rituals;
    expect(listed.find((ritual: { id: string }) => ritual.id === created.id)?.completionCount).toBe(1);

    expect((await t.api(admin, 'DELETE', `/api/admin/rituals/${created.id}`)).statusCode).toBe(204);
    // A double click: the second finds nothing to remove.
    expect((await t.api(admin, 'DELETE', `/api/admin/rituals/${created.id}`)).statusCode).toBe(404);

    expect((await memberRituals(member)).map((ritual) => ritual.id)).not.toContain(created.id);
    const page = (await t.api(member, 'GET', '/api/rituals?tz=UTC')).json();
    expect(page.completedToday.map((completion: { ritualTitle: string }) => completion.ritualTitle)).toContain(
      'Soon removed',
    );
    const other = await t.signUpSubscriber();
    const again = await t.api(other, 'POST', `/api/rituals/${created.id}/complete?tz=UTC`, {});
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(RITUAL_REMOVED);

    const adminList = (await t.api(admin, 'GET', '/api/admin/rituals')).json().rituals;
    expect(adminList.map((ritual: { id: string }) => ritual.id)).not.toContain(created.id);
    const edit = await t.api(admin, 'PATCH', `/api/admin/rituals/${created.id}`, { ...template(), version: 2 });
    expect(edit.statusCode).toBe(404);
    const archive = (await auditOf(created.id)).find((entry) => entry.action === 'ritual.archive');
    expect(archive?.details).toEqual({ title: 'Soon removed' });
  });

  it('answer 404 for an unknown or malformed id', async () => {
    expect((await t.api(admin, 'DELETE', '/api/admin/rituals/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
    expect((await t.api(admin, 'DELETE', '/api/admin/rituals/not-a-uuid')).statusCode).toBe(400);
  });
});
