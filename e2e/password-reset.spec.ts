import { expect, test } from '@playwright/test';
import { signUpThroughForm } from './fixtures.ts';

test('a member resets a forgotten password through the emailed link', async ({ page, request }) => {
  const { email } = await signUpThroughForm(page);
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/auth');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account exists for that email')).toBeVisible();

  // No SMTP here: the mail is in the development outbox.
  const outbox = await (await request.get('/api/dev/outbox')).json();
  const mail = outbox.mails.find(
    (m: { to: string; subject: string }) => m.to === email && m.subject.startsWith('Reset'),
  );
  const link = mail.text.match(/https?:\/\/\S+/)[0] as string;

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('brand-new-moon');
  await page.getByLabel('Confirm new password').fill('brand-new-moon');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('brand-new-moon');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
