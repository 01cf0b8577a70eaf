import { expect, test } from '@playwright/test';
import { signUpThroughForm } from './fixtures.ts';

test('visitor → sign-up → free dashboard → test checkout → member → portal → cancel → still a member', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Join Lunara for $55/month' }).first().click();
  await expect(page).toHaveURL(/\/auth\?mode=signup$/);
  await signUpThroughForm(page);

  await expect(page.getByRole('heading', { name: 'Free Access' })).toBeVisible();
  await page.getByRole('button', { name: 'Upgrade to Full Access - $55/month' }).click();

  await expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible();
  await expect(page.getByText('Test mode - no card is charged')).toBeVisible();
  await expect(page.getByText('$55', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Complete test payment' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Welcome to Lunara!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Active Lunara Member' })).toBeVisible();
  await expect(page.getByText('Next billing date:')).toBeVisible();
  await expect(page.getByText('Active Member').first()).toBeVisible();
  await expect(page.getByRole('link', { name: /Course Library/ })).toBeVisible();

  await page.getByRole('button', { name: 'Manage Subscription' }).click();
  await expect(page.getByRole('heading', { name: 'Test billing portal' })).toBeVisible();
  await expect(page.getByText('Next billing date')).toBeVisible();
  // Cancelling asks first; keeping the membership changes nothing.
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel your membership?' });
  await expect(confirm.getByText(/You keep full access until /)).toBeVisible();
  await confirm.getByRole('button', { name: 'Keep membership' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByText('Next billing date')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await confirm.getByRole('button', { name: 'Cancel membership' }).click();
  await expect(page.getByRole('button', { name: 'Resume subscription' })).toBeVisible();
  await expect(page.getByText('Ends on')).toBeVisible();

  await page.getByRole('link', { name: 'Return to Lunara' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Membership ends on')).toBeVisible();
  await page.goto('/courses');
  await expect(page.getByRole('heading', { name: 'Course Library' })).toBeVisible();

  await page.goto('/billing/test-portal');
  await page.getByRole('button', { name: 'Resume subscription' }).click();
  await expect(page.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();
});

test('the test checkout can be left with Cancel, and nothing is bought', async ({ page }) => {
  await signUpThroughForm(page);
  await page.goto('/billing/test-checkout');
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Free Access' })).toBeVisible();
});
