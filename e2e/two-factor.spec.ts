import { expect, type Page, test } from '@playwright/test';
import { totpCode, wrongCode } from '../apps/server/test/totp.ts';
import { signInAs, uniqueEmail } from './fixtures.ts';

/** The password step of /auth; with two-factor on it leads to the code step, not the dashboard. */
async function passwordStep(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('a member turns two-factor on in Settings, then signs in with a code, and once with each recovery code', async ({
  page,
}) => {
  const email = uniqueEmail('two-factor');
  const password = 'moonlight';
  await signInAs(page, email, password);
  await page.goto('/settings#two-factor-section');
  const section = page.locator('#two-factor-section');
  await expect(section.getByText('Off', { exact: true })).toBeVisible();
  await section.getByRole('button', { name: 'Set up two-factor' }).click();

  await section.getByLabel('Your password').fill('not-my-password');
  await section.getByRole('button', { name: 'Continue' }).click();
  await expect(section.getByRole('alert')).toHaveText('That password is not right. Please try again.');
  await section.getByLabel('Your password').fill(password);
  await section.getByRole('button', { name: 'Continue' }).click();

  // The QR code is drawn in the page; the same key is shown as text for typing into an app.
  await expect(section.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = ((await section.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
  const codeField = section.getByLabel('Enter the 6-digit code your app shows');
  await codeField.fill(wrongCode(secret));
  await section.getByRole('button', { name: 'Turn on two-factor' }).click();
  await expect(section.getByRole('alert')).toContainText('That code did not work');
  await codeField.fill(totpCode(secret));
  await section.getByRole('button', { name: 'Turn on two-factor' }).click();

  await expect(section.getByRole('heading', { name: 'Two-factor is on. Now save your recovery codes' })).toBeVisible();
  const recoveryCodes = await section
    .getByRole('list', { name: 'Recovery codes' })
    .getByRole('listitem')
    .allTextContents();
  expect(recoveryCodes).toHaveLength(10);
  await section.getByRole('button', { name: 'I saved my codes' }).click();
  await expect(section.getByText('On', { exact: true })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Turn off' })).toBeVisible();

  // Signing in now asks for the code after the password.
  await signOut(page);
  await passwordStep(page, email, password);
  await page.getByLabel('Code from your authenticator app').fill(wrongCode(secret));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('That code did not work');
  await expect(page).toHaveURL(/\/auth/);
  await page.getByLabel('Code from your authenticator app').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // A recovery code signs her in once.
  await signOut(page);
  await passwordStep(page, email, password);
  await page.getByRole('button', { name: 'Lost your phone? Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await signOut(page);
  await passwordStep(page, email, password);
  await page.getByRole('button', { name: 'Lost your phone? Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('That recovery code did not work. Each code works only once.');
  await expect(page).toHaveURL(/\/auth/);
});
