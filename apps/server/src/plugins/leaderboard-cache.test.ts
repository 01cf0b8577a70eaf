import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { subscriptions } from '../db/schema/billing.ts';
import { userPoints } from '../db/schema/community.ts';
import { userRoles } from '../db/schema/members.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const withPoints = async (userId: string, points: number) =>
  t.database.db
    .insert(userPoints)
    .values({ userId, points })
    .onConflictDoUpdate({ target: userPoints.userId, set: { points } });

describe('leaderboard cache', () => {
  // Written straight to the database, as another process (a webhook, an admin elsewhere) writes them:
  // only the triggers' notices can tell this process, and these rows notify the sessions channel alone.
  it('forgets the boards when a membership or a role changes who is ranked', async () => {
    const viewer = await t.signUpSubscriber();
    const lapsing = await t.signUpSubscriber();
    const free = await t.signUp();
    await withPoints(lapsing.id, 80_001);
    await withPoints(free.id, 80_002);
    const ranked = async () =>
      (await t.api(viewer, 'GET', '/api/leaderboard?period=all'))
        .json()
        .entries.map((entry: { userId: string }) => entry.userId) as string[];
    await vi.waitFor(async () => expect(await ranked()).toContain(lapsing.id), { timeout: 5000 });
    expect(await ranked()).not.toContain(free.id);

    await t.database.db.update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.userId, lapsing.id));
    await vi.waitFor(async () => expect(await ranked()).not.toContain(lapsing.id), { timeout: 5000 });

    await t.database.db
      .insert(userRoles)
      .values({ userId: free.id, role: 'moderator' })
      .onConflictDoUpdate({
        target: userRoles.userId,
        set: { role: 'moderator' },
      });
    await vi.waitFor(async () => expect(await ranked()).toContain(free.id), { timeout: 5000 });
  });
});
