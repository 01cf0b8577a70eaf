import { expect, type Page, test } from '@playwright/test';
import { ADMIN_EMAIL, becomeMember, joinSeededCircle, signInAs, watchCspViolations } from './fixtures.ts';

// The pages these tests walk, as a visitor, a member and the admin, break none of the CSP's rules.
let cspViolations: string[] = [];
test.beforeEach(async ({ page }) => {
  cspViolations = await watchCspViolations(page);
});
test.afterEach(() => {
  expect(cspViolations).toEqual([]);
});

test('every page has its own title, followed by the product name', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Courses, Sisterhood and Moon Rituals - Lunara');
  await page.goto('/auth');
  await expect(page).toHaveTitle('Login - Lunara');
  await page.getByRole('button', { name: 'New here? Create an account' }).click();
  await expect(page).toHaveTitle('Sign Up - Lunara');
  await page.goto('/auth?mode=forgot');
  await expect(page).toHaveTitle('Reset Your Password - Lunara');
  await page.goto('/reset-password?token=abc');
  await expect(page).toHaveTitle('Choose a New Password - Lunara');
  await page.goto('/assessment');
  await expect(page).toHaveTitle('Self-Assessment - Lunara');
  for (const path of ['/no/such/page', '/community/nope', '/course/1/nope', '/admin/content/nope']) {
    await page.goto(path);
    await expect(page, path).toHaveTitle('Page Not Found - Lunara');
  }

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

const origin = () => ({ origin: process.env.E2E_ORIGIN ?? '' });

async function send(page: Page, url: string, data: object = {}) {
  const response = await page.request.post(url, { data, headers: origin() });
  expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
  return response.json();
}

test("a member's pages are named after the route, or after what they show", async ({ page, browser }) => {
  await becomeMember(page);
  for (const [path, title] of [
    ['/settings', 'Account Settings'],
    ['/community/search?q=moon', 'Search'],
    ['/rituals/bath-builder', 'Spiritual Bath Builder'],
    ['/assessment', 'Self-Assessment'],
    ['/course/1/lesson/1-2', 'Understanding Your Lunar Cycles'],
  ] as const) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(`${title} - Lunara`);
  }

  // Her post, her saved bath and her pod carry their own names.
  const post = await send(page, '/api/posts', { title: 'Waning moon letting go', content: 'Notes from tonight.' });
  await page.goto(`/community/post/${post.id}`);
  await expect(page).toHaveTitle('Waning moon letting go - Lunara');
  const catalog = await (await page.request.get('/api/baths/catalog')).json();
  const bath = await send(page, '/api/baths', {
    intention: 'rest',
    moonPhase: 'full_moon',
    ingredientIds: [catalog.ingredients[0].id],
  });
  await page.goto(`/rituals/baths/${bath.id}`);
  await expect(page).toHaveTitle(`${bath.recipe.title} - Lunara`);

  const me = await (await page.request.get('/api/me')).json();
  const admin = await (await browser.newContext()).newPage();
  await signInAs(admin, ADMIN_EMAIL);
  const podName = `Titles Pod ${Date.now()}`;
  const pod = await send(admin, '/api/admin/pods', {
    name: podName,
    description: 'Named in the tab',
    focus: 'Titles',
    capacity: 3,
    mentorId: me.user.id,
    isOpen: true,
  });
  await page.goto(`/pods/${pod.id}`);
  await expect(page).toHaveTitle(`${podName} - Lunara`);
  await admin.context().close();

  await page.goto(await joinSeededCircle(page));
  await expect(page).toHaveTitle('New Moon Manifesters - Lunara');

  // What is gone or never was keeps the route's own name.
  await page.goto('/community/post/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('This post no longer exists')).toBeVisible();
  await expect(page).toHaveTitle('Post - Lunara');
});

test('staff pages each have their own title', async ({ page }) => {
  await signInAs(page, ADMIN_EMAIL);
  for (const [path, title] of [
    ['/admin', 'Admin Panel'],
    ['/admin?tab=users', 'Admin Panel'],
    ['/admin/content', 'Content Studio'],
    ['/admin/content?section=baths', 'Content Studio'],
    ['/moderation', 'Moderation'],
    ['/admin/content/courses/1', 'Edit Goddess Goals'],
    ['/admin/content/courses/1/lessons/1-2', 'Edit Understanding Your Lunar Cycles'],
  ] as const) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(`${title} - Lunara`);
  }
});
