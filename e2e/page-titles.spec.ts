import { expect, test } from '@playwright/test';
import { becomeMember } from './fixtures.ts';

test('every page has its own title, followed by the product name', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Courses, Sisterhood and Moon Rituals - Lunara');
  await page.goto('/auth');
  await expect(page).toHaveTitle('Login - Lunara');
  await page.getByRole('button', { name: 'New here? Create an account' }).click();
  await expect(page).toHaveTitle('Sign Up - Lunara');
  await page.goto('/no/such/page');
  await expect(page).toHaveTitle('Page Not Found - Lunara');

  await becomeMember(page);
  await expect(page).toHaveTitle('Dashboard - Lunara');
  for (const [path, title] of [
    ['/courses', 'Course Library'],
    ['/community', 'Community'],
    ['/rituals', 'Daily Rituals'],
    ['/billing/test-portal', 'Billing Portal'],
    ['/billing/test-checkout', 'Checkout'],
    ['/email-confirmed', 'Email Confirmed'],
  ] as const) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(`${title} - Lunara`);
  }
  // A course is named after itself; moving within the app renames the document too.
  await page.goto('/course/1');
  await expect(page).toHaveTitle('Goddess Goals - Lunara');
  await page.getByRole('link', { name: 'Back to Courses' }).click();
  await expect(page).toHaveTitle('Course Library - Lunara');
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  await expect(page).toHaveTitle('Dashboard - Lunara');
});
