import { BATH_MESSAGES } from '@lunara/shared/bath-schemas';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { bathIngredients, savedBaths } from '../../db/schema/baths.ts';
import { posts } from '../../db/schema/community.ts';
import { auditLog } from '../../db/schema/operations.ts';
import { rituals } from '../../db/schema/rituals.ts';

let t: TestApp;
let member: TestMember;
let other: TestMember;
let admin: TestMember;
let otherAdmin: TestMember;
let account: TestMember;
let catalog: Array<{ id: string; name: string; kind: string }>;
beforeAll(async () => {
  t = await createTestApp();
  [member, other, admin, otherAdmin] = await Promise.all([
    t.signUpSubscriber(),
    t.signUpSubscriber(),
    t.signUpSubscriber('admin'),
    t.signUpSubscriber('admin'),
  ]);
  account = await t.signUp();
  catalog = (await t.api(member, 'GET', '/api/baths/catalog')).json().ingredients;
});
afterAll(async () => t?.close());

const named = (name: string) => {
  const found = catalog.find((ingredient) => ingredient.name === name);
  if (!found) throw new Error(`No ${name} in the seeded catalog`);
  return found.id;
};
const bath = (names: string[], overrides: Record<string, unknown> = {}) => ({
  intention: 'release',
  moonPhase: 'waning_crescent',
  ingredientIds: names.map(named),
  ...overrides,
});
const post = (who: TestMember, url: string, payload: object, key?: string) =>
  t.request({ method: 'POST', url, cookie: who.cookie, payload, headers: key ? { 'idempotency-key': key } : {} });

describe('the bath builder', () => {
  it('offers the seeded catalog across the five kinds and tonight’s phase', async () => {
    const response = await t.api(member, 'GET', '/api/baths/catalog');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(new Set(body.ingredients.map((i: { kind: string }) => i.kind))).toEqual(
      new Set(['salt', 'herb', 'flower', 'oil', 'crystal']),
    );
    expect(body.ingredients.length).toBeGreaterThanOrEqual(20);
    expect(typeof body.tonight).toBe('string');
  });

  it('saves a bath as her own ritual, built by the server, which she completes, prints and shares', async () => {
    const response = await post(
      member,
      '/api/baths',
      bath(['Epsom salt', 'Lavender buds', 'Clary sage oil', 'Selenite']),
    );
    expect(response.statusCode).toBe(201);
    const saved = response.json();
    expect(saved.recipe.title).toBe('Release Bath for the Waning Crescent');
    expect(saved.recipe.ingredients.map((i: { name: string }) => i.name)).toEqual([
      'Epsom salt',
      'Lavender buds',
      'Clary sage oil',
      'Selenite',
    ]);
    expect(saved.recipe.warnings.join(' ')).toMatch(/pregnan/);
    expect(saved.recipe.ingredients.at(-1).placement).toBe('beside_bath');

    const [ritual] = await t.database.db.select().from(rituals).where(eq(rituals.id, saved.ritualId));
    expect(ritual).toMatchObject({ isTemplate: false, userId: member.id, title: saved.recipe.title });
    expect(ritual?.instructions).toContain('Epsom salt (2 cups)');

    const completed = await t.api(member, 'POST', `/api/rituals/${saved.ritualId}/complete?tz=UTC`, {});
    expect(completed.statusCode).toBe(200);

    const printed = await t.api(member, 'GET', `/api/baths/${saved.id}`);
    expect(printed.json().recipe).toEqual(saved.recipe);
    expect((await t.api(member, 'GET', '/api/baths')).json().baths[0].id).toBe(saved.id);

    const shared = await post(member, `/api/baths/${saved.id}/share`, { note: 'My Sunday soak' });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json()).toMatchObject({ title: saved.recipe.title, category: 'rituals' });
    expect(shared.json().content).toMatch(/^My Sunday soak\n/);
    expect((await t.api(member, 'GET', `/api/baths/${saved.id}`)).json().sharedPostId).toBe(shared.json().id);
    const again = await post(member, `/api/baths/${saved.id}/share`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(BATH_MESSAGES.alreadyShared);

    // Deleting the ritual deletes the bath; deleting the post lets her share again.
    await t.database.db.delete(posts).where(eq(posts.id, shared.json().id));
    expect((await t.api(member, 'GET', `/api/baths/${saved.id}`)).json().sharedPostId).toBeNull();
    await t.database.db.delete(rituals).where(eq(rituals.id, saved.ritualId));
    expect(await t.database.db.select().from(savedBaths).where(eq(savedBaths.id, saved.id))).toEqual([]);
  });

  it('makes one bath and one ritual of a double submit with the same idempotency key', async () => {
    const body = bath(['Rose petals', 'Rose quartz'], { intention: 'love', moonPhase: 'full_moon' });
    const [first, second] = await Promise.all([
      post(member, '/api/baths', body, 'bath-double-submit-0001'),
      post(member, '/api/baths', body, 'bath-double-submit-0001'),
    ]);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json().id).toBe(first.json().id);
    const mine = await t.database.db
      .select()
      .from(rituals)
      .where(and(eq(rituals.userId, member.id), eq(rituals.title, 'Love Bath for the Full Moon')));
    expect(mine).toHaveLength(1);
  });

  it('refuses another member’s bath as not found, and an unknown or withdrawn ingredient clearly', async () => {
    const saved = (await post(member, '/api/baths', bath(['Sea salt']))).json();
    expect((await t.api(other, 'GET', `/api/baths/${saved.id}`)).statusCode).toBe(404);
    expect((await post(other, `/api/baths/${saved.id}/share`, {})).statusCode).toBe(404);

    const unknown = await post(member, '/api/baths', {
      ...bath(['Sea salt']),
      ingredientIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(BATH_MESSAGES.unknownIngredient);

    await t.database.db.update(bathIngredients).set({ isActive: false }).where(eq(bathIngredients.name, 'Basil'));
    const withdrawn = await post(member, '/api/baths', bath(['Sea salt', 'Basil']));
    expect(withdrawn.statusCode).toBe(400);
    expect(withdrawn.json().error.message).toBe('Basil is no longer offered. Remove it and choose again.');
    await t.database.db.update(bathIngredients).set({ isActive: true }).where(eq(bathIngredients.name, 'Basil'));
  });

  const ids = () => catalog.map((ingredient) => ingredient.id);
  it.each<[string, () => Record<string, unknown>, string]>([
    ['no ingredients', () => ({ ingredientIds: [] }), 'Choose at least one ingredient'],
    ['nine ingredients', () => ({ ingredientIds: ids().slice(0, 9) }), 'A bath holds at most 8 ingredients'],
    ['one twice', () => ({ ingredientIds: [ids()[0], ids()[0]] }), 'Choose each ingredient once'],
    ['an unknown intention', () => ({ intention: 'revenge' }), 'Choose an intention'],
    ['an unknown phase', () => ({ moonPhase: 'blue_moon' }), 'Choose a moon phase'],
  ])('refuses %s with a clear message and saves nothing', async (_case, overrides, message) => {
    const before = await t.database.db.select().from(savedBaths).where(eq(savedBaths.userId, other.id));
    const response = await post(other, '/api/baths', { ...bath(['Sea salt']), ...overrides() });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain(message);
    expect(await t.database.db.select().from(savedBaths).where(eq(savedBaths.userId, other.id))).toEqual(before);
  });

  it('is for paying members and staff: a visitor signs in, an account without a membership is refused', async () => {
    for (const [method, url] of [
      ['GET', '/api/baths/catalog'],
      ['POST', '/api/baths'],
    ] as const) {
      expect((await t.api(undefined, method, url, bath(['Sea salt']))).statusCode).toBe(401);
      expect((await t.api(account, method, url, bath(['Sea salt']))).statusCode).toBe(403);
    }
    expect((await post(admin, '/api/baths', bath(['Sea salt']))).statusCode).toBe(201);
  });
});

describe('the ingredient catalog in the Content Studio', () => {
  const ingredient = (overrides: Record<string, unknown> = {}) => ({
    kind: 'herb',
    name: 'Lemon balm',
    properties: 'A gentle, uplifting herb.',
    amount: 'a small handful',
    caution: '',
    cautionTags: [],
    intentions: ['rest', 'love'],
    moonPhases: ['waxing_crescent'],
    isActive: true,
    ...overrides,
  });

  it('is the admins’ alone', async () => {
    expect((await t.api(member, 'GET', '/api/admin/bath-ingredients')).statusCode).toBe(403);
    expect((await t.api(member, 'POST', '/api/admin/bath-ingredients', ingredient())).statusCode).toBe(403);
    expect((await t.api(undefined, 'GET', '/api/admin/bath-ingredients')).statusCode).toBe(401);
  });

  it('adds, edits (refusing a stale version), withdraws and deletes, each audited', async () => {
    const created = await t.api(admin, 'POST', '/api/admin/bath-ingredients', ingredient());
    expect(created.statusCode).toBe(201);
    const { id, version } = created.json();
    expect(
      (await t.api(member, 'GET', '/api/baths/catalog')).json().ingredients.map((i: { id: string }) => i.id),
    ).toContain(id);

    const duplicate = await t.api(admin, 'POST', '/api/admin/bath-ingredients', ingredient({ name: 'lemon BALM' }));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.message).toBe(BATH_MESSAGES.duplicateName);

    const edited = await t.api(admin, 'PATCH', `/api/admin/bath-ingredients/${id}`, {
      ...ingredient({ isActive: false, cautionTags: ['pregnancy'] }),
      version,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ isActive: false, cautionTags: ['pregnancy'], version: version + 1 });
    const stale = await t.api(otherAdmin, 'PATCH', `/api/admin/bath-ingredients/${id}`, { ...ingredient(), version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('VERSION_CONFLICT');
    expect(
      (await t.api(member, 'GET', '/api/baths/catalog')).json().ingredients.map((i: { id: string }) => i.id),
    ).not.toContain(id);

    expect((await t.api(admin, 'DELETE', `/api/admin/bath-ingredients/${id}`)).statusCode).toBe(204);
    expect((await t.api(admin, 'DELETE', `/api/admin/bath-ingredients/${id}`)).statusCode).toBe(404);
    const audit = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'bath_ingredient'), eq(auditLog.targetId, id)));
    expect(audit.map((entry) => entry.action).sort()).toEqual([
      'bath_ingredient.create',
      'bath_ingredient.delete',
      'bath_ingredient.update',
    ]);
  });

  it.each([
    ['an unknown kind', { kind: 'potion' }, 'Choose a kind of ingredient'],
    ['no intention', { intentions: [] }, 'Choose at least one intention it suits'],
    ['an unknown caution', { cautionTags: ['cursed'] }, 'Choose a listed caution'],
    ['a blank name', { name: '  ' }, 'Give the ingredient a name'],
  ])('refuses %s', async (_case, overrides, message) => {
    const response = await t.api(admin, 'POST', '/api/admin/bath-ingredients', ingredient(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain(message);
  });
});
