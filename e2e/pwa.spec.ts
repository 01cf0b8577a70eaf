import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, expect, type Page, test } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './chromium.ts';
import { becomeMember } from './fixtures.ts';

// The installable app (issue 32): the manifest, the service worker, the offline page, the update
// banner and the install option. Other specs may block workers; these need them.
test.use({ serviceWorkers: 'allow' });

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

/** Waits for the page to be controlled by the worker (the first worker claims its tabs at once). */
async function waitForWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

const cacheNames = (page: Page) => page.evaluate(() => caches.keys());

test('the manifest is linked, valid and installable by Chrome’s own checks', async () => {
  // Chrome installs nothing from an incognito profile, which every test context is: a profile on disk.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'lunara-pwa-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: findChromium(),
    args: CHROMIUM_ARGS,
    baseURL: process.env.E2E_ORIGIN,
    serviceWorkers: 'allow',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/icons/apple-touch-icon.png');

    const response = await page.request.get('/manifest.webmanifest');
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await response.json()) as Manifest;
    expect(manifest).toMatchObject({ name: 'Lunara', start_url: '/dashboard', scope: '/', display: 'standalone' });
    for (const icon of manifest.icons) {
      const image = await page.request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type'], icon.src).toBe('image/png');
    }
    await waitForWorker(page);

    // What Lighthouse's installable-manifest audit asked Chrome: no errors at all.
    const cdp = await context.newCDPSession(page);
    const parsed = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
    expect(parsed.errors).toEqual([]);
    expect(parsed.url).toMatch(/\/manifest\.webmanifest$/);
    await expect
      .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, { timeout: 15_000 })
      .toEqual([]);
  } finally {
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
});

test('the worker registers, controls the page after a reload, and keeps the API out of its caches', async ({
  page,
}) => {
  await page.goto('/');
  await waitForWorker(page);
  await page.reload();
  const controller = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  expect(controller).toMatch(/\/sw\.js$/);
  const stored = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(stored).toContain('/offline.html');
  expect(stored.some((url) => /^\/assets\/index-[\w-]+\.js$/.test(url))).toBe(true);
  expect(stored.filter((url) => /^\/(api|media|calendar)(\/|$)/.test(url))).toEqual([]);
});

test('offline, a navigation shows the offline page, hashed files come from the cache, and Try again recovers', async ({
  page,
  context,
}) => {
  await becomeMember(page);
  await waitForWorker(page);
  const entry = await page.evaluate(
    () => performance.getEntriesByType('resource').find((item) => /\/assets\/index-[\w-]+\.js$/.test(item.name))?.name,
  );
  expect(entry).toBeTruthy();

  await context.setOffline(true);
  await page.goto('/community');
  await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();
  await expect(page.getByText('Check your Wi-Fi or mobile data, then try again.')).toBeVisible();
  await expect(page).toHaveURL(/\/community$/);
  // A file the page already loaded still arrives; the API does not (it is never stored).
  const fromCache = await page.evaluate(async (url) => (await fetch(url as string)).ok, entry);
  expect(fromCache).toBe(true);
  const api = await page.evaluate(async () =>
    fetch('/api/me').then(
      (response) => response.status,
      () => 'failed',
    ),
  );
  expect(api).toBe('failed');

  // Try again while still offline: the same address again, and the offline page again.
  await page.evaluate(() => Object.assign(window, { beforeRetry: true }));
  await page.getByRole('button', { name: 'Try again' }).click();
  await page.waitForFunction(() => !('beforeRetry' in window));
  await expect(page.getByRole('heading', { name: "You're offline" })).toBeVisible();

  // Back online, the page comes back by itself.
  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: "You're offline" })).toHaveCount(0);
  await expect(page).toHaveURL(/\/community$/);
  await expect(page.locator('main')).toBeVisible();
});

/**
 * Deploys the next build's worker: the same script with another build id. The browser fetches a worker
 * for an update check itself, out of reach of page.route and context.route, so the server's file is
 * swapped (this spec holds the e2e lock) and put back afterwards; without its .br and .gz the server
 * sends the new file as it is.
 */
const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web', 'dist');
const WORKER_FILES = ['sw.js', 'sw.js.br', 'sw.js.gz'];

async function deployNextWorker(nextBuild: string) {
  const saved = new Map(
    WORKER_FILES.filter((file) => fs.existsSync(path.join(WEB_DIST, file))).map((file) => [
      file,
      fs.readFileSync(path.join(WEB_DIST, file)),
    ]),
  );
  const current = saved.get('sw.js')?.toString('utf8') ?? '';
  const build = /Lunara build (\w+)/.exec(current)?.[1];
  if (!build) throw new Error('sw.js names no build');
  for (const file of WORKER_FILES) fs.rmSync(path.join(WEB_DIST, file), { force: true });
  fs.writeFileSync(path.join(WEB_DIST, 'sw.js'), current.replaceAll(build, nextBuild));
  const restore = () => {
    fs.rmSync(path.join(WEB_DIST, 'sw.js'), { force: true });
    for (const [file, content] of saved) fs.writeFileSync(path.join(WEB_DIST, file), content);
  };
  return { build, restore };
}

test('a new build waits without breaking the open tab, and Reload switches to it', async ({ page }) => {
  await page.goto('/');
  await waitForWorker(page);
  const next = 'e2enextbuild';
  const { build, restore } = await deployNextWorker(next);
  try {
    // The tab checks for a new worker (as it does when she comes back to it, or every half hour).
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const banner = page.getByRole('status').filter({ hasText: 'A new version is ready' });
    await expect(banner).toBeVisible();
    // Meanwhile the old worker still serves this tab: the new one waits, the old build's caches are there.
    const waiting = () =>
      page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));
    expect(await waiting()).toBe(true);
    expect(await cacheNames(page)).toContain(`lunara-shell-${build}`);
    await page.evaluate(() => Object.assign(window, { beforeReload: true }));

    await banner.getByRole('button', { name: 'Reload' }).click();
    // Across the reload: a check that survives the navigation, unlike page.evaluate.
    await page.waitForFunction(() => !('beforeReload' in window));
    await waitForWorker(page);
    // The new worker controls the page, and activating it removed the old build's caches.
    await expect.poll(() => cacheNames(page)).toContain(`lunara-shell-${next}`);
    expect((await cacheNames(page)).filter((name) => name.includes(build))).toEqual([]);
    expect(await waiting()).toBe(false);
    await expect(banner).toHaveCount(0);
  } finally {
    restore();
  }
});

const installSection = (page: Page) => page.getByRole('region', { name: 'Install the app' });

test('"Install app" appears in the settings once Chrome offers installing, and opens its dialog', async ({ page }) => {
  await becomeMember(page);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  await expect(installSection(page)).toHaveCount(0);

  // Chrome's event, as it fires once the site is installable and she has used it a little.
  await page.evaluate(() => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => Object.assign(window, { prompted: true }),
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(event);
  });
  const install = installSection(page).getByRole('button', { name: 'Install app' });
  await expect(install).toBeVisible();
  await install.click();
  await expect.poll(() => page.evaluate(() => 'prompted' in window)).toBe(true);
  // Installed: nothing more to offer.
  await expect(installSection(page)).toHaveCount(0);
});

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

test('on an iPhone the settings say how to add the app to the home screen, and nothing once it is there', async ({
  browser,
}) => {
  const context = await browser.newContext({ userAgent: IPHONE_SAFARI, viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  await becomeMember(page);
  await page.goto('/settings');
  await expect(installSection(page)).toContainText('In Safari, tap Share, then Add to Home Screen.');

  // Opened from the home screen, Safari says so with navigator.standalone.
  await page.addInitScript(() => Object.defineProperty(navigator, 'standalone', { value: true }));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  await expect(installSection(page)).toHaveCount(0);
  await context.close();
});
