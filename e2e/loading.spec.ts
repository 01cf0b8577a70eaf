import { expect, test } from '@playwright/test';
import { becomeMember, clickWhenHydrated } from './fixtures.ts';

const headers = { origin: process.env.E2E_ORIGIN ?? '' };

test('the Journey card shows placeholders, not zeros, until her figures arrive', async ({ page }) => {
  await becomeMember(page);
  const course = await (await page.request.get('/api/courses/1')).json();
  const lesson = course.lessons[0].id as string;
  expect((await page.request.post(`/api/courses/1/lessons/${lesson}/complete`, { headers, data: {} })).ok()).toBe(true);
  const journey = await (await page.request.get('/api/me/journey')).json();
  expect(journey.lessonsCompleted).toBe(1);

  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/me/journey', async (route) => {
    await held;
    await route.continue();
  });
  // The server draws /dashboard with her figures: reached from another page (once the app runs there),
  // the browser asks for them.
  await page.goto('/community');
  await clickWhenHydrated(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }));
  const card = page.getByRole('heading', { name: 'Your Journey' }).locator('..');
  await expect(card).toHaveAttribute('aria-busy', 'true');
  await expect(card.getByText('Lessons complete')).toBeVisible();
  // Nothing she could take for her progress while it loads.
  await expect(card).not.toContainText('0%');
  await expect(card.locator('dd')).toHaveText(['', '']);

  release();
  await expect(card).toHaveAttribute('aria-busy', 'false');
  await expect(card.getByText(`${journey.courseProgressPercent}%`)).toBeVisible();
  await expect(card.locator('dd')).toHaveText(['1', String(journey.daysActive)]);
});

test('a list that failed to load has a Retry button that loads it again', async ({ page }) => {
  await becomeMember(page);
  let failing = true;
  await page.route('**/api/posts*', async (route) => {
    if (failing && route.request().method() === 'GET') await route.abort('connectionreset');
    else await route.continue();
  });
  // The server draws /community with the feed: reached from another page (once the app runs there), the
  // browser asks for it.
  await page.goto('/dashboard');
  await clickWhenHydrated(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sisterhood' }));
  const failure = page.getByRole('alert').filter({ hasText: 'Failed to load posts' });
  await expect(failure).toBeVisible();

  failing = false;
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(failure).toHaveCount(0);
  await expect(page.getByRole('article').first()).toBeVisible();
});
