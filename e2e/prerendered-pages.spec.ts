import { expect, type Page, test } from '@playwright/test';
import { ADMIN_EMAIL, APP_CODE, becomeMember, holdAppCode, signInAs, waitUntilHydrated } from './fixtures.ts';

// The app's own code is held back or refused with page.route, which never sees what the service worker
// answers from its cache.
test.use({ serviceWorkers: 'block' });

/** Refuses the app's code: what shows is what the server drew. */
const withoutTheAppsCode = (page: Page) => page.route(APP_CODE, (route) => route.abort('blockedbyclient'));

/** Warnings of a prerendered page React had to draw again (its HTML differed from the first render). */
function redrawsOf(page: Page): string[] {
  const redraws: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Part of the prerendered page was drawn again')) redraws.push(message.text());
  });
  return redraws;
}

test('her feed, a course and her rituals arrive drawn with her own reads, before any of the code', async ({ page }) => {
  await becomeMember(page);
  const course = await (await page.request.get('/api/courses/1')).json();
  const rituals = await (await page.request.get('/api/rituals?tz=UTC')).json();
  const posts = await (await page.request.get('/api/posts')).json();
  await withoutTheAppsCode(page);

  await page.goto('/community');
  await expect(page.getByRole('heading', { name: 'Sacred Sisterhood' })).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: posts.items[0].title }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create Post' })).toBeVisible();

  await page.goto('/course/1');
  await expect(page.getByRole('heading', { name: course.title })).toBeVisible();
  await expect(page.getByText(course.lessons[0].title).first()).toBeVisible();

  await page.goto('/rituals');
  await expect(page.getByRole('heading', { name: "Today's Sacred Practice" })).toBeVisible();
  await expect(page.getByRole('heading', { name: rituals.rituals[0].title }).first()).toBeVisible();
  // Her session's reads, never drawn for a visitor.
  await page.context().clearCookies();
  await page.goto('/community');
  await expect(page.getByRole('article')).toHaveCount(0);
});

test("a browser whose clock is off hydrates the feed's times as the server drew them", async ({ page }) => {
  await becomeMember(page);
  const post = await page.request.post('/api/posts', {
    data: { title: `Just now ${Date.now()}`, content: 'Drawn at one moment, hydrated at another.' },
    headers: { origin: process.env.E2E_ORIGIN ?? '' },
  });
  expect(post.ok(), await post.text()).toBe(true);
  const { title } = await post.json();
  // Three minutes ahead of the server, as a phone's clock may be (or as many seconds pass on a slow one).
  await page.clock.setSystemTime(Date.now() + 3 * 60_000);
  const redraws = redrawsOf(page);
  const code = await holdAppCode(page);
  await code.open('/community');
  const card = page.getByRole('article').filter({ hasText: title });
  const drawn = await card.elementHandle();
  code.release();
  await waitUntilHydrated(card.getByRole('button').first());
  // React took over the server's card rather than drawing it again (which it does on any text that differs).
  expect(await drawn?.evaluate((element) => element.isConnected)).toBe(true);
  expect(redraws).toEqual([]);
});

test.describe('far from the server, in another language', () => {
  test.use({ timezoneId: 'Pacific/Kiritimati', locale: 'en-GB' });

  test('the server draws her pages in her time zone and language, and they hydrate unchanged', async ({ page }) => {
    await becomeMember(page);
    // The app has run on the dashboard, and told the server her time zone (that first page, drawn
    // before the server knew it, was redrawn).
    await waitUntilHydrated(page.getByRole('heading', { name: 'Active Lunara Member' }));
    await expect
      .poll(async () => (await page.context().cookies()).some((cookie) => cookie.name === 'lunara-tz'))
      .toBe(true);
    const redraws = redrawsOf(page);
    const zone = encodeURIComponent('Pacific/Kiritimati');
    const today = await (await page.request.get(`/api/rituals?tz=${zone}`)).json();
    const begins = await page.evaluate(
      (at) =>
        new Intl.DateTimeFormat(undefined, { weekday: 'long', hour: 'numeric', minute: '2-digit' }).format(
          new Date(at),
        ),
      today.moon.nextPhase.at as string,
    );
    for (const url of ['/community', '/course/1', '/rituals', '/dashboard']) {
      await page.goto(url);
      await waitUntilHydrated(page.getByRole('main').getByRole('heading').first());
    }
    expect(redraws).toEqual([]);

    await withoutTheAppsCode(page);
    await page.goto('/rituals');
    await expect(page.getByText(`begins ${begins}.`)).toBeVisible();
  });

  test("a visitor's landing page, drawn once for every visitor, hydrates unchanged here too", async ({ page }) => {
    const redraws = redrawsOf(page);
    await page.goto('/');
    await waitUntilHydrated(page.getByRole('main').getByRole('heading').first());
    // Its courses came with the page.
    await expect(page.getByRole('heading', { name: 'Goddess Goals' }).first()).toBeVisible();
    expect(redraws).toEqual([]);
  });

  test('a first page drawn before the server knew her time zone asks for her day itself', async ({ page }) => {
    await becomeMember(page);
    // Once the app has run there (it writes the cookie as it starts), the server is made to forget it.
    await waitUntilHydrated(page.getByRole('heading', { name: 'Active Lunara Member' }));
    await page.context().clearCookies({ name: 'lunara-tz' });
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/rituals?')) asked.push(new URL(request.url()).searchParams.get('tz') ?? '');
    });
    await page.goto('/rituals');
    await expect(page.getByRole('heading', { name: "Today's Sacred Practice" })).toBeVisible();
    await expect.poll(() => asked).toEqual(['Pacific/Kiritimati']);
    // From now on the server knows it.
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'lunara-tz')?.value).toBe(
      encodeURIComponent('Pacific/Kiritimati'),
    );
  });
});

test('what she types into the search box before the code has arrived is what she searches for', async ({ page }) => {
  await becomeMember(page);
  const code = await holdAppCode(page);
  await code.open('/community');
  const search = page.getByRole('combobox', { name: 'Search the community' });
  await search.fill('moon');
  code.release();
  await waitUntilHydrated(search);
  await expect(search).toHaveValue('moon');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/community\/search\?q=moon$/);
});

test("a moderator's Lock, pressed on a forum topic before the code has arrived, locks it", async ({ page }) => {
  await signInAs(page, ADMIN_EMAIL);
  const { categories } = await (await page.request.get('/api/forums/categories')).json();
  const created = await page.request.post(`/api/forums/categories/${categories[0].id}/topics`, {
    data: { title: `Held back ${Date.now()}`, content: 'Pressed before the code.' },
    headers: { origin: process.env.E2E_ORIGIN ?? '' },
  });
  const topic = await created.json();
  // The forums panel is a part of the page with its own code: had it hydrated after the page, an update
  // reaching it first would have replaced the server's HTML (and the pressed button) with its loading line.
  await page.addInitScript(() => {
    const seen = new MutationObserver(() => {
      if (document.body.textContent?.includes('Loading forums...')) document.documentElement.dataset.redrawn = '';
    });
    document.addEventListener('DOMContentLoaded', () =>
      seen.observe(document.body, { childList: true, subtree: true }),
    );
  });
  const code = await holdAppCode(page);
  await code.open(`/community?tab=forums&category=${categories[0].id}&topic=${topic.id}`);
  await page.getByRole('button', { name: 'Lock', exact: true }).click();
  code.release();
  await expect(page.getByText('Topic locked successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unlock', exact: true })).toBeVisible();
  expect(await page.evaluate(() => 'redrawn' in document.documentElement.dataset)).toBe(false);
});
