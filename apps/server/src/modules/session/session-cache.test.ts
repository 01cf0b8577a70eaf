import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/server-process.ts';
import { createTestApp, type TestApp, withSecondProcess } from '../../../test/test-app.ts';
import { testDatabaseKind } from '../../../test/test-database.ts';
import { upsertSubscription } from '../billing/subscription-service.ts';
import { grantRoleByEmail } from '../roles/service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const get = (url: string, cookie: string) => t.api({ cookie }, 'GET', url);

describe('cached sessions answer as the database would', () => {
  it('see a new role at once', async () => {
    const member = await t.signUpSubscriber();
    expect((await get('/api/admin/stats', member.cookie)).statusCode).toBe(403);
    await grantRoleByEmail(t.database.db, member.email, 'admin');
    expect((await get('/api/admin/stats', member.cookie)).statusCode).toBe(200);
    await grantRoleByEmail(t.database.db, member.email, 'user');
    expect((await get('/api/admin/stats', member.cookie)).statusCode).toBe(403);
  });

  it('end with sign-out', async () => {
    const member = await t.signUpSubscriber();
    expect((await get('/api/posts', member.cookie)).statusCode).toBe(200);
    const out = await t.request({ method: 'POST', url: '/api/auth/sign-out', cookie: member.cookie, payload: {} });
    expect(out.statusCode).toBe(200);
    expect((await get('/api/posts', member.cookie)).statusCode).toBe(401);
  });

  it('lose premium access when the membership ends', async () => {
    const member = await t.signUp();
    expect((await get('/api/posts', member.cookie)).statusCode).toBe(403);
    const end = new Date(Date.now() + 30 * 86_400_000);
    const subscription = {
      userId: member.id,
      provider: 'stripe' as const,
      providerSubscriptionId: `sub_cache_${member.id}`,
      providerCustomerId: `cus_cache_${member.id}`,
      priceId: null,
      productId: 'prod_test',
      currentPeriodEnd: end,
      cancelAtPeriodEnd: false,
    };
    await upsertSubscription(t.database.db, { ...subscription, status: 'active' });
    expect((await get('/api/posts', member.cookie)).statusCode).toBe(200);
    await upsertSubscription(t.database.db, { ...subscription, status: 'canceled' });
    expect((await get('/api/posts', member.cookie)).statusCode).toBe(403);
  });

  it.runIf(testDatabaseKind === 'postgres')(
    'cost no session query once cached, and hear changes made by another process',
    () =>
      withSecondProcess(t, async ({ app: other, statements }) => {
        const member = await t.signUpSubscriber();
        const ask = (path: string) =>
          other.inject({ method: 'GET', url: path, headers: { cookie: member.cookie } }).then((r) => r.statusCode);
        expect(await ask('/api/admin/stats')).toBe(403);
        // Once the notices of her sign-up have arrived, a request reads no session, role or membership.
        // A lookup is a statement that reads one of those tables first; a subquery of another read (whether a
        // notification's circle is one she may see, issue 34) is part of what that read answers.
        const sessionQueries = () =>
          statements.filter((query) =>
            /\bfrom\s+"(session|user_roles|subscriptions)"/i.test(query.split(/\bwhere\b/i)[0] ?? ''),
          );
        await waitFor(
          async () => {
            statements.length = 0;
            return (await ask('/api/posts')) === 200 && sessionQueries().length === 0;
          },
          5_000,
          'a request answered from the cached session',
        );
        statements.length = 0;
        await ask('/api/notifications');
        expect(sessionQueries()).toEqual([]);

        // Changed through the first app: the second hears it from the database.
        await grantRoleByEmail(t.database.db, member.email, 'admin');
        await waitFor(async () => (await ask('/api/admin/stats')) === 200, 5_000, 'the role change to arrive');
      }),
  );
});
