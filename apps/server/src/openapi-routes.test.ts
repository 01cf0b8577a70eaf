import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const STRIPE = { secretKey: 'sk_test_not_used', priceId: 'price_not_used', webhookSecret: 'whsec_not_used' };

// Both billing modes: the built-in test provider (development) and Stripe (production).
const modes: Record<'test billing' | 'Stripe', TestApp | undefined> = { 'test billing': undefined, Stripe: undefined };
beforeAll(async () => {
  modes['test billing'] = await createTestApp();
  modes.Stripe = await createTestApp({ stripe: STRIPE });
});
afterAll(async () => {
  await modes['test billing']?.close();
  await modes.Stripe?.close();
});

async function documentedOperations(t: TestApp): Promise<string[]> {
  const document = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
  );
}

const registeredOperations = (t: TestApp) => t.app.routeList.map((route) => `${route.method} ${route.url}`);
const TEST_BILLING_ROUTES = ['/api/billing/test/complete', '/api/billing/test/cancel', '/api/billing/test/resume'];

describe.each(['test billing', 'Stripe'] as const)('the OpenAPI document with %s', (mode) => {
  it('lists only routes that exist', async () => {
    const t = modes[mode] as TestApp;
    const documented = await documentedOperations(t);
    expect(documented.length).toBeGreaterThan(50);
    const registered = new Set(registeredOperations(t));
    expect(documented.filter((operation) => !registered.has(operation))).toEqual([]);
  });

  it(`${mode === 'Stripe' ? 'has no' : 'has the'} test-mode billing routes, in the document and in the app alike`, async () => {
    const t = modes[mode] as TestApp;
    const expected = mode === 'Stripe' ? [] : TEST_BILLING_ROUTES.map((url) => `POST ${url}`);
    const isTestRoute = (operation: string) => operation.includes('/api/billing/test/');
    expect((await documentedOperations(t)).filter(isTestRoute).sort()).toEqual([...expected].sort());
    expect(registeredOperations(t).filter(isTestRoute).sort()).toEqual([...expected].sort());
  });
});

describe('with Stripe configured', () => {
  it('answers 404 to every test-mode billing route, even for a signed-in member', async () => {
    const t = modes.Stripe as TestApp;
    const member = await t.signUp();
    for (const url of TEST_BILLING_ROUTES) {
      const response = await t.api(member, 'POST', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    const subscription = await t.api(member, 'GET', '/api/billing/subscription');
    expect(subscription.json().subscribed).toBe(false);
  });
});
