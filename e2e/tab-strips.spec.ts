import { expect, type Locator, type Page, test } from '@playwright/test';
import { ADMIN_EMAIL, becomeMember, signInAs, waitUntilHydrated } from './fixtures.ts';

test.use({ viewport: { width: 375, height: 667 } });

/** Whether the tab lies wholly inside the part of its strip that shows. */
const isWhollyInView = (tab: Locator) =>
  tab.evaluate((element) => {
    const strip = element.closest('[role="tablist"]')?.getBoundingClientRect();
    const box = element.getBoundingClientRect();
    return Boolean(strip && box.left >= strip.left - 0.5 && box.right <= strip.right + 0.5);
  });
/** The fade that shows the strip scrolls ('none' without one). */
const fadeOf = (strip: Locator) => strip.evaluate((element) => getComputedStyle(element).maskImage);
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test("on a phone the Sisterhood's tab strip fades where tabs wait and shows the active one", async ({ page }) => {
  await becomeMember(page);
  await page.goto('/community?tab=circles');
  const strip = page.getByRole('tablist', { name: 'Community sections' });
  await expect(page.getByRole('tab', { name: 'Sacred Circles' })).toHaveAttribute('aria-selected', 'true');
  // The server draws the page; the strip measures itself, and takes keys, once the app runs.
  await waitUntilHydrated(page.getByRole('tab', { name: 'Sacred Circles' }));
  await expect.poll(() => fadeOf(strip)).not.toBe('none');
  expect(await pageWidth(page)).toBeLessThanOrEqual(375);

  // Opened at the last tab (a link, a notification): the strip has scrolled to it.
  await page.goto('/community?tab=leaderboard');
  const last = page.getByRole('tab', { name: 'Leaderboard' });
  await expect(last).toHaveAttribute('aria-selected', 'true');
  await waitUntilHydrated(last);
  await expect.poll(() => isWhollyInView(last)).toBe(true);
  await expect.poll(() => fadeOf(strip)).not.toBe('none');
  expect(await pageWidth(page)).toBeLessThanOrEqual(375);

  // And back to the first with the keyboard.
  await last.focus();
  await page.keyboard.press('Home');
  const first = page.getByRole('tab', { name: 'Community Feed' });
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => isWhollyInView(first)).toBe(true);

  // The arrows move and choose, round from the first to the last; the strip is one stop of the Tab key,
  // which leaves it for the chosen panel.
  await expect(first).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Sacred Circles' })).toBeFocused();
  await expect(page).toHaveURL(/tab=circles/);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  const saved = page.getByRole('tab', { name: 'Saved' });
  await expect(saved).toBeFocused();
  await expect(saved).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { selected: true })).toHaveCount(1);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('tabpanel', { name: 'Saved' })).toBeFocused();
});

test('on a phone the admin panel fits the screen and its tab strip shows the active tab', async ({ page }) => {
  await signInAs(page, ADMIN_EMAIL);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Quick Actions' })).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(375);
  const strip = page.getByRole('tablist', { name: 'Admin sections' });
  expect(await fadeOf(strip)).not.toBe('none');

  await page.goto('/admin?tab=settings');
  const last = page.getByRole('tab', { name: 'Settings' });
  await expect(last).toHaveAttribute('aria-selected', 'true');
  await expect.poll(() => isWhollyInView(last)).toBe(true);
  expect(await pageWidth(page)).toBeLessThanOrEqual(375);
});
