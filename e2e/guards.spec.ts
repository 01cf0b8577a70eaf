import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, becomeMember, signInAs, signUpThroughForm } from './fixtures.ts';

const MEMBER_PAGES = ['/courses', '/community', '/rituals'];

test('a visitor is sent to /auth from every private page, without a history entry', async ({ page }) => {
  for (const path of ['/dashboard', ...MEMBER_PAGES, '/admin']) {
    await page.goto('/');
    await page.goto(path);
    // With the page she asked for, to return there after sign-in.
    await expect(page, path).toHaveURL(`/auth?next=${encodeURIComponent(path)}`);
    await page.goBack();
    await expect(page, `${path} is replaced in history`).toHaveURL(/\/$/);
  }
});

test('a course page is open to a visitor: the outline, and one way in for the members-only lessons', async ({
  page,
}) => {
  await page.goto('/course/1');
  await expect(page).toHaveURL(/\/course\/1$/);
  await expect(page.getByRole('heading', { name: 'Goddess Goals', level: 1 })).toBeVisible();
  await expect(page.getByText('Members only')).toHaveCount(5);
  await expect(page.getByRole('button', { name: /^Start Lesson/ })).toHaveCount(0);
  await expect(page.getByText(/lessons complete/)).toHaveCount(0);
  await page.getByRole('link', { name: 'Join to unlock' }).click();
  await expect(page).toHaveURL(/\/auth\?mode=signup$/);
  // A lesson's own address asks her to sign in, with the API's words.
  await page.goto('/course/1/lesson/1-1');
  await expect(page.getByText('Sign in to open this lesson')).toBeVisible();
});

test('a free user is sent to /dashboard from the premium pages and the admin panel', async ({ page }) => {
  await signUpThroughForm(page);
  for (const path of [...MEMBER_PAGES, '/admin']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/dashboard$/);
  }
  await expect(page.getByRole('button', { name: /Course Library/ })).toBeDisabled();
  await expect(page.getByText('Premium').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Unlock Full Access' })).toHaveAttribute('href', '/');

  // The course page shows her the outline and the way to a membership, not the lessons.
  await page.goto('/course/1');
  await expect(page.getByRole('heading', { name: 'Goddess Goals', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Start Lesson/ })).toHaveCount(0);
  await page.goto('/course/1/lesson/1-1');
  await expect(page.getByText('This lesson is for members. Join the Sisterhood to open it.')).toBeVisible();
  await page.getByRole('button', { name: 'Become a member' }).click();
  await expect(page).toHaveURL(/\/billing\/test-checkout$/);
});

test('a member reaches the premium pages but not the admin panel', async ({ page }) => {
  await becomeMember(page);
  for (const path of MEMBER_PAGES) {
    await page.goto(path);
    await expect(page, path).toHaveURL(new RegExp(`${path}$`));
  }
  await page.goto('/course/1');
  await expect(page.getByRole('button', { name: /^Start Lesson/ })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Become a member' })).toHaveCount(0);
  await page.goto('/course/42');
  await expect(page.getByRole('heading', { name: 'Course not found' })).toBeVisible();
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an admin without a subscription reaches community and rituals, not the course pages', async ({ page }) => {
  await page.goto('/');
  await signInAs(page, ADMIN_EMAIL);
  for (const path of ['/community', '/rituals', '/admin']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(new RegExp(`${path}$`));
  }
  await page.goto('/courses');
  await expect(page).toHaveURL(/\/dashboard$/);
  // So the dashboard does not send her there: the library's tile is locked and offers the subscription.
  await expect(page.getByRole('link', { name: /Course Library/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Sacred Sisterhood/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /Daily Rituals/ })).toBeVisible();
  await expect(page.getByText('Premium features are locked')).toHaveCount(0);
  await page.getByRole('button', { name: 'Subscribe to open the Course Library' }).click();
  await expect(page).toHaveURL(/\/billing\/test-checkout$/);
  // A course page shows her what members see and offers the same subscription.
  await page.goto('/course/1');
  await expect(page.getByRole('button', { name: /^Start Lesson/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Become a member' }).click();
  await expect(page).toHaveURL(/\/billing\/test-checkout$/);
});
