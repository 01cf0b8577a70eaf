import { expect, type Page, test } from '@playwright/test';
import {
  ADMIN_EMAIL,
  becomeMember,
  clickWhenHydrated,
  holdAppCode,
  signInAs,
  signUpThroughForm,
  waitUntilHydrated,
} from './fixtures.ts';

const hero = (page: Page) => page.getByRole('region', { name: 'Reclaim your power, in rhythm with the moon.' });

test('a visitor sees the whole landing page and is sent to /auth', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Reclaim your power, in rhythm with the moon.' })).toBeVisible();
  await expect(page.getByText(/5 core courses, .* 14 years of proven success/)).toBeVisible();

  for (const [id, title] of [
    'Goddess Goals',
    'Detox Your Trauma',
    'Energy Healing',
    'Intentional Beauty',
    'Spiritual Baths',
  ].entries()) {
    await expect(page.getByRole('link', { name: new RegExp(title) })).toHaveAttribute('href', `/course/${id + 1}`);
  }
  for (const feature of [
    'Self-assessment pathways',
    'Live circles and events',
    'Cycle syncing with moon tracking',
    'Spiritual bath builder',
    'Mentorship pods',
    'Progress badges',
  ]) {
    await expect(page.getByRole('heading', { name: feature })).toBeVisible();
  }
  await expect(page.locator('#pricing li')).toHaveCount(12);
  await expect(page.getByText('© 2024 Lunara')).toBeVisible();

  // Anyone may take the assessment (e2e/assessment.spec.ts follows a visitor through it).
  await expect(page.getByRole('link', { name: 'Take Assessment' })).toHaveAttribute('href', '/assessment');
  await expect(page.getByRole('link', { name: 'I am a member - Log in' })).toHaveAttribute('href', '/auth');
  // "Join" opens Sign Up, from the hero and from the pricing card alike; "I am a member" the login.
  await hero(page).getByRole('link', { name: 'Join Lunara for $55/month' }).click();
  await expect(page).toHaveURL(/\/auth\?mode=signup$/);
  await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
  await page.goBack();
  await page.locator('#pricing').getByRole('link', { name: 'Join Lunara for $55/month' }).click();
  await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
});

test('a free user sees "Free User", can sign out, and the hero starts checkout', async ({ page }) => {
  await signUpThroughForm(page);
  await page.goto('/');
  await expect(hero(page).getByText('Free User')).toBeVisible();
  await expect(page.getByRole('link', { name: 'I am a member - Log in' })).toHaveCount(0);
  await expect(hero(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Join Sacred Circle' })).toHaveAttribute('href', '#pricing');
  await clickWhenHydrated(hero(page).getByRole('button', { name: 'Join Lunara for $55/month' }));
  await expect(page).toHaveURL(/\/billing\/test-checkout$/);
  await expect(page.getByText('Test mode - no card is charged')).toBeVisible();

  // The pricing card's button does what the hero's does: straight to checkout, not to the dashboard.
  await page.goto('/');
  await clickWhenHydrated(page.locator('#pricing').getByRole('button', { name: 'Join Lunara for $55/month' }));
  await expect(page).toHaveURL(/\/billing\/test-checkout$/);
});

test('a member sees "Active Member", the next billing date and Manage Subscription', async ({ page }) => {
  await becomeMember(page);
  await page.goto('/');
  await expect(hero(page).getByText('Active Member')).toBeVisible();
  await expect(hero(page).getByText(/Next billing date: /)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Join Sacred Circle' })).toHaveAttribute(
    'href',
    '/community?tab=circles',
  );
  await clickWhenHydrated(hero(page).getByRole('button', { name: 'Manage Subscription' }));
  await expect(page).toHaveURL(/\/billing\/test-portal$/);
});

test('a button pressed before the page has come alive still does what it says', async ({ page }) => {
  await becomeMember(page);
  // A slow phone: the prerendered page shows well before its code has arrived and taken it over.
  const code = await holdAppCode(page);
  await code.open('/');
  await hero(page).getByRole('button', { name: 'Manage Subscription' }).click();
  await expect(page).toHaveURL(/\/$/);
  code.release();
  await expect(page).toHaveURL(/\/billing\/test-portal$/);
});

test('a menu pressed before the page has come alive opens once it has, by mouse or by key', async ({ page }) => {
  const code = await holdAppCode(page);
  await code.open('/');
  const toggle = page.getByTestId('theme-toggle').first();
  // The menu opens on the press; the loader can only replay the click that follows it.
  await toggle.click();
  code.release();
  const menu = page.getByRole('menu', { name: 'Theme' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitemradio').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(toggle).toBeFocused();

  // Once alive, a press opens it once, by key and by mouse: the replay's answer does not open it twice.
  await page.reload({ waitUntil: 'domcontentloaded' });
  await waitUntilHydrated(toggle);
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await page.reload({ waitUntil: 'domcontentloaded' });
  await waitUntilHydrated(toggle);
  await toggle.click();
  await expect(menu).toBeVisible();
  await menu.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('an admin without a membership is offered the subscription, never a portal with nothing to manage', async ({
  page,
}) => {
  await page.goto('/');
  await signInAs(page, ADMIN_EMAIL);
  await page.goto('/');
  await expect(hero(page).getByText('Admin Access')).toBeVisible();
  await expect(hero(page).getByRole('button', { name: 'Manage Subscription' })).toHaveCount(0);
  await clickWhenHydrated(hero(page).getByRole('button', { name: 'Subscribe - $55/month' }));
  await expect(page).toHaveURL(/\/billing\/test-checkout$/);
  await page.goto('/');
  await clickWhenHydrated(page.locator('#pricing').getByRole('button', { name: 'Subscribe - $55/month' }));
  await expect(page).toHaveURL(/\/billing\/test-checkout$/);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Take Assessment' })).toHaveAttribute('href', '/assessment');

  await page.goto('/dashboard');
  await expect(page.getByText('Admin Access').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Active Lunara Member' })).toBeVisible();
  await expect(page.getByText('The course library needs a membership')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Manage Subscription' })).toHaveCount(0);
  await page.getByRole('link', { name: /Admin Panel/ }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();

  // Arriving at the portal anyway, she can subscribe from there.
  await page.goto('/billing/test-portal');
  await expect(page.getByText('You have no active membership.')).toBeVisible();
  await clickWhenHydrated(page.getByRole('button', { name: 'Subscribe - $55/month' }));
  await expect(page).toHaveURL(/\/billing\/test-checkout$/);
});

test.describe('in another time zone and language than the server', () => {
  test.use({ timezoneId: 'Pacific/Kiritimati', locale: 'de-DE' });

  test('the landing page and the dashboard arrive drawn, and the app takes them over as they are', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.text().includes('prerendered')) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));

    const landing = await (await page.request.get('/')).text();
    expect(landing).toContain('<div id="root" data-prerendered="">');
    expect(landing).toContain('Reclaim your power, in rhythm with the moon.');
    await page.goto('/');
    await hero(page).getByRole('link', { name: 'Join Lunara for $55/month' }).click();
    await expect(page).toHaveURL(/\/auth\?mode=signup$/);

    await becomeMember(page);
    const dashboard = await (await page.request.get('/dashboard')).text();
    expect(dashboard).toContain('Welcome back');
    await page.goto('/dashboard');
    // Her billing date in her own language, written once the browser has the page.
    await expect(page.getByText(/Next billing date: \d{1,2}\. \p{L}+ \d{4}/u)).toBeVisible();
    await clickWhenHydrated(page.getByRole('button', { name: 'Manage Subscription' }));
    await expect(page).toHaveURL(/\/billing\/test-portal/);
    expect(problems).toEqual([]);
  });
});

test('the hero shows tonight’s moon in its real phase', async ({ page }) => {
  await page.clock.setFixedTime(new Date('2026-11-24T20:00:00Z'));
  await page.goto('/');
  await expect(page.getByRole('img', { name: "Tonight's moon: Full Moon, 100% illuminated" })).toBeVisible();
  await page.clock.setFixedTime(new Date('2026-11-17T20:00:00Z'));
  await page.reload();
  await expect(page.getByRole('img', { name: /^Tonight's moon: First Quarter, 5\d% illuminated$/ })).toBeVisible();
});
