import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, signInAs, uniqueEmail } from './fixtures.ts';

test('an admin finds a member by email, opens her detail and grants a complimentary membership that lets her in', async ({
  browser,
}) => {
  // The member: an account without a membership (through the API; the forms are other specs' subject).
  const memberPage = await (await browser.newContext()).newPage();
  await memberPage.goto('/');
  const email = uniqueEmail('comp');
  await signInAs(memberPage, email);
  const name = email.split('@')[0] ?? '';
  expect((await memberPage.request.get('/api/posts')).status()).toBe(403);

  const page = await (await browser.newContext()).newPage();
  await page.goto('/');
  await signInAs(page, ADMIN_EMAIL);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'User Management' }).click();
  // An email prefix, typed in capitals: the search is by the start of the address, case-insensitively.
  await page.getByRole('textbox', { name: 'Search users by name or email' }).fill(email.slice(0, -8).toUpperCase());
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: `Details of ${name}` }).click();

  const dialog = page.getByRole('dialog', { name });
  await expect(dialog.getByText('Never subscribed')).toBeVisible();
  await dialog.getByLabel('Months (1 to 24)').fill('2');
  await dialog.getByRole('button', { name: 'Grant complimentary membership' }).click();
  await expect(page.getByText(`${name} has a complimentary membership until`)).toBeVisible();
  await expect(dialog.getByText(/^Free access until/)).toBeVisible();
  await expect(dialog.getByText('Complimentary membership granted by')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // She is in: the community answers and her dashboard shows an active membership.
  expect((await memberPage.request.get('/api/posts')).status()).toBe(200);
  await memberPage.goto('/dashboard');
  await expect(memberPage.getByRole('heading', { name: 'Active Lunara Member' })).toBeVisible();
});

test('an admin edits an email template: a missing {{link}} is refused, preview, save and restore', async ({ page }) => {
  await page.goto('/');
  await signInAs(page, ADMIN_EMAIL);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Settings' }).click();
  const card = page.getByRole('heading', { name: 'Email Templates' }).locator('..');

  // The welcome email must keep its confirmation link.
  await card.getByLabel('Message (Markdown)').fill('Welcome, {{name}}!');
  await card.getByRole('button', { name: 'Save template' }).click();
  await expect(card.getByText('The Welcome email must contain {{link}}')).toBeVisible();

  await card.getByRole('button', { name: 'Membership started' }).click();
  await card.getByLabel('Subject').fill('Your {{productName}} circle awaits, {{name}}');
  await card.getByLabel('Message (Markdown)').fill('**Dear {{name}}**, welcome in.\n\n[Come in]({{link}})');
  await card.getByRole('button', { name: 'Preview' }).click();
  await expect(card.getByText('Your Lunara circle awaits, Luna')).toBeVisible();
  await expect(
    page.frameLocator('iframe[title="Email preview (HTML)"]').getByRole('link', { name: 'Come in' }),
  ).toBeVisible();
  await card.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByText('Membership started saved: the next emails use it')).toBeVisible();
  await expect(card.getByRole('heading', { name: 'Membership started (edited)' })).toBeVisible();

  await card.getByRole('button', { name: 'Restore the built-in Membership started' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Restore default' }).click();
  await expect(card.getByRole('heading', { name: 'Membership started (built-in)' })).toBeVisible();
});
