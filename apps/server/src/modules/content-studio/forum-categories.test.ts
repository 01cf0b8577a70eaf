import { CONTENT_MESSAGES } from '@lunara/shared/content-studio';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp, TestMember } from '../../../test/test-app.ts';
import { forumCategories } from '../../db/schema/forums.ts';
import { auditLog } from '../../db/schema/operations.ts';
import { expectOnlyAdmins, startStudioApp } from './studio-test-kit.ts';

let t: TestApp;
let admin: TestMember;
let moderator: TestMember;
let member: TestMember;
beforeAll(async () => {
  ({ t, admin, moderator, member } = await startStudioApp());
});
afterAll(async () => t?.close());

type Category = { id: string; name: string; version: number; isActive: boolean; topicCount: number };
const category = (overrides: Record<string, unknown> = {}) => ({
  name: 'Herbal wisdom',
  description: 'Teas, tinctures and the garden.',
  icon: 'Flower2',
  color: 'teal',
  ...overrides,
});
const create = async (overrides: Record<string, unknown> = {}) => {
  const response = await t.api(admin, 'POST', '/api/admin/forum-categories', category(overrides));
  expect(response.statusCode).toBe(201);
  return response.json() as Category;
};
const adminList = async () =>
  (await t.api(admin, 'GET', '/api/admin/forum-categories')).json().categories as Category[];
const memberList = async () =>
  (await t.api(member, 'GET', '/api/forums/categories')).json().categories as Array<{ id: string; slug: string }>;
const auditOf = (categoryId: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'forum_category'), eq(auditLog.targetId, categoryId)));
const startTopic = (categoryId: string) =>
  t.api(member, 'POST', `/api/forums/categories/${categoryId}/topics`, { title: 'Hello', content: 'First words' });

describe('who may edit forum categories', () => {
  const anyId = '00000000-0000-4000-8000-000000000000';
  const routes: Array<[method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string]> = [
    ['GET', '/api/admin/forum-categories'],
    ['POST', '/api/admin/forum-categories'],
    ['PUT', '/api/admin/forum-categories/order'],
    ['PATCH', `/api/admin/forum-categories/${anyId}`],
    ['DELETE', `/api/admin/forum-categories/${anyId}`],
  ];
  it.each(routes)('%s %s: 401 visitor, 403 member and moderator', async (method, url) => {
    await expectOnlyAdmins(t, { member, moderator }, method, url, category());
  });
});

describe('forum categories', () => {
  it('are listed in order, hidden ones included, with topic counts', async () => {
    const list = await adminList();
    expect(list.length).toBeGreaterThanOrEqual(4);
    expect(list[0]).toMatchObject({ isActive: true, version: 1, topicCount: expect.any(Number) });
  });

  it('are created last in the order with a unique slug, audited', async () => {
    const first = await create({ name: 'Moon gardens' });
    const second = await create({ name: 'Moon Gardens!' });
    const list = await adminList();
    expect(list.slice(-2).map((row) => row.id)).toEqual([first.id, second.id]);
    const slugs = await t.database.db
      .select({ id: forumCategories.slug })
      .from(forumCategories)
      .where(eq(forumCategories.name, 'Moon Gardens!'));
    expect(slugs[0]?.id).toBe('moon-gardens-2');
    expect((await memberList()).map((row) => row.id)).toContain(first.id);
    const [row] = await auditOf(first.id);
    expect(row).toMatchObject({
      action: 'forum_category.create',
      actorId: admin.id,
      details: { name: 'Moon gardens' },
    });
  });

  it('refuse bad input with the field’s message', async () => {
    const blank = await t.api(admin, 'POST', '/api/admin/forum-categories', category({ name: ' ' }));
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toContain('Give the category a name');
    const icon = await t.api(admin, 'POST', '/api/admin/forum-categories', category({ icon: 'Skull' }));
    expect(icon.json().error.message).toContain('Choose an icon');
    const color = await t.api(admin, 'POST', '/api/admin/forum-categories', category({ color: 'black' }));
    expect(color.json().error.message).toContain('Choose a colour');
  });

  it('are edited from their version; a stale save is refused', async () => {
    const created = await create({ name: 'Dream journals' });
    const saved = await t.api(admin, 'PATCH', `/api/admin/forum-categories/${created.id}`, {
      ...category({ name: 'Dream journaling', icon: 'Moon' }),
      version: 1,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'Dream journaling', icon: 'Moon', version: 2 });
    const stale = await t.api(admin, 'PATCH', `/api/admin/forum-categories/${created.id}`, {
      ...category({ name: 'Overwrite' }),
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(CONTENT_MESSAGES.versionConflict);
    expect((await adminList()).find((row) => row.id === created.id)?.name).toBe('Dream journaling');
    const missing = await t.api(admin, 'PATCH', '/api/admin/forum-categories/00000000-0000-4000-8000-000000000000', {
      ...category(),
      version: 1,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('hidden: out of the forums and refusing new topics, kept for admins', async () => {
    const created = await create({ name: 'Soon hidden' });
    expect((await startTopic(created.id)).statusCode).toBe(200);
    const hidden = await t.api(admin, 'PATCH', `/api/admin/forum-categories/${created.id}`, {
      ...category({ name: 'Soon hidden', isActive: false }),
      version: 1,
    });
    expect(hidden.json()).toMatchObject({ isActive: false, topicCount: 1 });
    expect((await memberList()).map((row) => row.id)).not.toContain(created.id);
    expect((await startTopic(created.id)).statusCode).toBe(404);
    expect((await t.api(member, 'GET', `/api/forums/categories/${created.id}/topics`)).statusCode).toBe(404);
    expect((await adminList()).find((row) => row.id === created.id)).toMatchObject({ isActive: false });
  });

  it('are deleted only when empty', async () => {
    const busy = await create({ name: 'Busy corner' });
    expect((await startTopic(busy.id)).statusCode).toBe(200);
    const refused = await t.api(admin, 'DELETE', `/api/admin/forum-categories/${busy.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(CONTENT_MESSAGES.categoryHasTopics);

    const empty = await create({ name: 'Empty corner' });
    expect((await t.api(admin, 'DELETE', `/api/admin/forum-categories/${empty.id}`)).statusCode).toBe(204);
    expect((await t.api(admin, 'DELETE', `/api/admin/forum-categories/${empty.id}`)).statusCode).toBe(404);
    expect((await adminList()).map((row) => row.id)).not.toContain(empty.id);
    const actions = (await auditOf(empty.id)).map((entry) => entry.action).sort();
    expect(actions).toEqual(['forum_category.create', 'forum_category.delete']);
  });

  it('are reordered as a whole; a list that differs is refused', async () => {
    const ids = (await adminList()).map((row) => row.id);
    const reversed = [...ids].reverse();
    expect((await t.api(admin, 'PUT', '/api/admin/forum-categories/order', { categoryIds: reversed })).statusCode).toBe(
      204,
    );
    expect((await adminList()).map((row) => row.id)).toEqual(reversed);
    const [entry] = await auditOf(reversed[0] ?? '');
    expect(entry).toBeDefined();
    const reorders = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'forum_category.reorder'));
    expect(reorders).toHaveLength(1);

    for (const categoryIds of [reversed.slice(1), [...reversed, reversed[0]], [...reversed.slice(1), reversed[1]]]) {
      const refused = await t.api(admin, 'PUT', '/api/admin/forum-categories/order', { categoryIds });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe(CONTENT_MESSAGES.orderMismatch);
    }
    expect((await adminList()).map((row) => row.id)).toEqual(reversed);
    // The members' forums follow the new order (hidden ones left out).
    const visible = (await memberList()).map((row) => row.id);
    expect(visible).toEqual(reversed.filter((id) => visible.includes(id)));
  });
});
