import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, signInAs, uniqueEmail } from './fixtures.ts';

const DEFAULT_PLANS = {
  monthlyCents: 5500,
  yearlyEnabled: false,
  yearlyCents: null,
  trialDays: 0,
  stripeMonthlyPriceId: null,
  stripeYearlyPriceId: null,
};

test('the owner offers a yearly plan, a trial and a coupon; a member checks out yearly with it and is trialing', async ({
  page,
  browser,
}) => {
  const headers = { origin: process.env.E2E_ORIGIN ?? '' };
  await signInAs(page, ADMIN_EMAIL);
  try {
    await page.goto('/admin?tab=plans');
    await expect(page.getByRole('heading', { name: 'Plans and trial' })).toBeVisible();
    await page.getByRole('switch', { name: 'Offer a yearly plan' }).click();
    await page.getByLabel('Yearly price (USD)').fill('550');
    await page.getByLabel('Free trial (days, 0 = off)').fill('14');
    await page.getByRole('button', { name: 'Save plans' }).click();
    await expect(page.getByText('Plans saved')).toBeVisible();

    const code = `MOON${Date.now() % 100000}`;
    await page.getByRole('button', { name: 'New coupon' }).click();
    const dialog = page.getByRole('dialog', { name: 'New coupon' });
    await dialog.getByLabel('Code').fill(code.toLowerCase());
    await dialog.getByLabel('Percent (1-100)').fill('20');
    // A bad value is refused in the form, with the reason.
    await dialog.getByLabel('Redemption limit (empty = unlimited)').fill('0');
    await dialog.getByRole('button', { name: 'Create coupon' }).click();
    await expect(dialog.getByText('The limit must be at least 1')).toBeVisible();
    await dialog.getByLabel('Redemption limit (empty = unlimited)').fill('10');
    await dialog.getByRole('button', { name: 'Create coupon' }).click();
    await expect(dialog).toHaveCount(0);
    const row = page.getByRole('list', { name: 'Coupons' }).getByRole('listitem').filter({ hasText: code });
    await expect(row).toContainText('20% off the first payment · used 0 of 10');

    // A member, in her own browser.
    const context = await browser.newContext();
    const member = await context.newPage();
    const email = uniqueEmail('yearly');
    const signUp = await member.request.post('/api/auth/sign-up/email', {
      data: { email, password: 'moonlight', name: 'Yearly Sister' },
      headers,
    });
    expect(signUp.ok()).toBe(true);
    await member.goto('/');
    const pricing = member.locator('#pricing');
    await expect(pricing.getByText('or $550/year')).toBeVisible();
    await expect(pricing.getByText('14-day free trial')).toBeVisible();

    await member.goto('/dashboard');
    await member.getByRole('button', { name: 'Choose yearly - $550/year' }).click();
    await expect(member.getByRole('heading', { name: 'Test checkout' })).toBeVisible();
    await expect(member.getByRole('radio', { name: /Yearly/ })).toBeChecked();
    await expect(member.getByText('14-day free trial', { exact: true })).toBeVisible();

    // An unknown code is refused with its reason; hers applies with the discount on the first charge.
    await member.getByLabel('Coupon code (optional)').fill('NOT-A-CODE');
    await member.getByRole('button', { name: 'Apply' }).click();
    await expect(member.getByText('This code does not exist.')).toBeVisible();
    await member.getByLabel('Coupon code (optional)').fill(code.toLowerCase());
    await member.getByRole('button', { name: 'Apply' }).click();
    await expect(member.getByText(`Code ${code} applied`)).toBeVisible();
    await expect(member.getByText('-$110')).toBeVisible();
    await expect(member.getByText(/^First charge on /)).toBeVisible();
    await expect(member.getByText('$440', { exact: true })).toBeVisible();

    await member.getByRole('button', { name: 'Complete test payment' }).click();
    await expect(member).toHaveURL(/\/dashboard$/);
    await expect(member.getByRole('heading', { name: 'Active Lunara Member' })).toBeVisible();
    const status = await (await member.request.get('/api/billing/subscription')).json();
    expect(status).toMatchObject({ subscribed: true, status: 'trialing' });
    await context.close();

    await page.reload();
    await expect(row).toContainText('used 1 of 10');
    await row.getByRole('button', { name: `Deactivate ${code}` }).click();
    await expect(row).toContainText('Inactive');
  } finally {
    // The other specs of this shard expect the default plans.
    const restored = await page.request.put('/api/admin/plans', { data: DEFAULT_PLANS, headers });
    expect(restored.ok(), await restored.text()).toBe(true);
  }
});
