import { expect, type Page, type Route, test } from '@playwright/test';

// These tests fail the page's own downloads with page.route, which never sees what the service worker
// answers from its cache (e2e/pwa.spec.ts tests the worker).
test.use({ serviceWorkers: 'block' });

const LANDING_HEADING = 'Reclaim your power, in rhythm with the moon.';

/** The landing page's own chunk, as the build lists it (dist/pages.json: the route's module comes first). */
async function landingChunk(page: Page): Promise<string> {
  const table: Array<{ path: string; files: string[] }> = await (await page.request.get('/pages.json')).json();
  const file = table.find((entry) => entry.path === '/')?.files[0];
  if (!file) throw new Error('pages.json lists no chunk for /');
  return file;
}

/** Counts the requests for `url` and answers each with `answer` (`route.continue` lets it through). */
async function intercept(page: Page, url: string | RegExp, answer: (route: Route, count: number) => Promise<void>) {
  const seen = { count: 0 };
  await page.route(url, (route) => answer(route, ++seen.count));
  return seen;
}

/**
 * The sign-in page, drawn in the browser; then the brand link takes her to the landing page, whose code
 * is fetched only then.
 */
async function openLandingFromSignIn(page: Page) {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await page.getByRole('link', { name: 'Lunara', exact: true }).click();
}

/** Signs in with an unknown account, so that the toaster is asked for with "Authentication error". */
async function failToSignIn(page: Page) {
  await page.getByLabel('Email').fill('nobody-here@example.com');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
}

test('a page whose code fails to download once is fetched again and shown', async ({ page }) => {
  const chunk = await intercept(page, `**${await landingChunk(page)}`, (route, count) =>
    count === 1 ? route.abort('internetdisconnected') : route.continue(),
  );
  await openLandingFromSignIn(page);
  await expect(page.getByRole('heading', { name: LANDING_HEADING })).toBeVisible();
  expect(chunk.count).toBe(2);
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
});

test('the toaster failing to download once still shows the toast', async ({ page }) => {
  const toaster = await intercept(page, /\/assets\/toaster-[\w-]+\.js$/, (route, count) =>
    count === 1 ? route.abort('internetdisconnected') : route.continue(),
  );
  await page.goto('/auth');
  await failToSignIn(page);
  await expect(page.getByText('Authentication error')).toBeVisible();
  expect(toaster.count).toBe(2);
});

test('a page whose code is gone after a deploy offers "A new version is available" with Reload', async ({ page }) => {
  const file = await landingChunk(page);
  await intercept(page, `**${file}`, (route) => route.fulfill({ status: 404, body: 'Not Found' }));
  await openLandingFromSignIn(page);
  await expect(page.getByRole('heading', { name: 'A new version is available' })).toBeVisible();
  await expect(page.getByText('Application Error')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: LANDING_HEADING })).toHaveCount(0);

  // The new version is there once the page is reloaded.
  await page.unroute(`**${file}`);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { name: LANDING_HEADING })).toBeVisible();
});

test('a failed download while the server runs another build also offers the new version', async ({ page }) => {
  await intercept(page, `**${await landingChunk(page)}`, (route) => route.abort('connectionreset'));
  await intercept(page, '**/build.json', (route) => route.fulfill({ json: { id: 'a-newer-build' } }));
  await openLandingFromSignIn(page);
  await expect(page.getByRole('heading', { name: 'A new version is available' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();
});

test('a page that cannot be downloaded offline says so in place, and "Try again" fetches it without a reload', async ({
  page,
}) => {
  const file = await landingChunk(page);
  await intercept(page, `**${file}`, (route) => route.abort('internetdisconnected'));
  await openLandingFromSignIn(page);
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByText('This page could not be loaded. Check your connection and try again.')).toBeVisible();
  await expect(page.getByText('Application Error')).toHaveCount(0);

  // Back online: the page arrives in the same document (what the page held is not lost).
  await page.evaluate(() => Object.assign(window, { beforeRetry: true }));
  await page.unroute(`**${file}`);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: LANDING_HEADING })).toBeVisible();
  expect(await page.evaluate(() => 'beforeRetry' in window)).toBe(true);
});

test('the toaster gone after a deploy leaves the page working and offers the new version', async ({ page }) => {
  await intercept(page, /\/assets\/toaster-[\w-]+\.js$/, (route) => route.fulfill({ status: 404, body: 'Not Found' }));
  await page.goto('/auth');
  await failToSignIn(page);
  const banner = page.getByRole('status').filter({ hasText: 'A new version is ready' });
  await expect(banner.getByRole('button', { name: 'Reload' })).toBeVisible();
  await expect(page.getByText('Application Error')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('nobody-here@example.com');
});
