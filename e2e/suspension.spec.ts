import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, signInAs, uniqueEmail } from './fixtures.ts';

test('an admin suspends a signed-in member: her next navigation lands on /auth, and signing in shows why and until when', async ({
  browser,
}) => {
  // The member, signed in in a browser of her own, on her dashboard.
  // (Made through the API: the sign-up form's own spec covers the form.)
  const memberPage = await (await browser.newContext()).newPage();
  const email = uniqueEmail('suspended');
  const password = 'moonlight';
  const memberName = email.split('@')[0] ?? '';
  await memberPage.goto('/');
  await signInAs(memberPage, email, password);
  const paid = await memberPage.request.post('/api/billing/test/complete', {
    data: {},
    headers: { origin: process.env.E2E_ORIGIN ?? '' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  await memberPage.goto('/dashboard');
  await expect(memberPage.getByRole('navigation', { name: 'Main' })).toBeVisible();

  const page = await (await browser.newContext()).newPage();
  await page.goto('/');
  await signInAs(page, ADMIN_EMAIL);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'User Management' }).click();
  await page.getByRole('textbox', { name: 'Search users' }).fill(memberName);

  // The dialog opens from the keyboard, Escape closes it and focus goes back to the button.
  const suspendButton = page.getByRole('button', { name: `Suspend ${memberName}` });
  await suspendButton.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Suspend ${memberName}` });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(suspendButton).toBeFocused();

  await suspendButton.click();
  // Admins are offered every length, permanent included.
  for (const length of ['1 day', '3 days', '7 days', '30 days', 'Until a date', 'Permanently']) {
    await expect(dialog.getByRole('radio', { name: length })).toBeVisible();
  }
  // No reason: refused before anything is sent.
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(dialog.getByText('Please give a reason: she will see it when she tries to sign in')).toBeVisible();
  await dialog.getByLabel('Reason (she will see this)').fill('Repeated unkind comments after a warning');
  await dialog.getByRole('radio', { name: '3 days' }).check();
  await expect(dialog.getByText(/^She can sign in again from /)).toBeVisible();
  await dialog.getByRole('button', { name: 'Suspend' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${memberName} is suspended until`)).toBeVisible();
  // Marked in the list, with the lift offered instead.
  await expect(page.getByText(/^Suspended until /)).toBeVisible();
  await expect(page.getByRole('button', { name: `Lift the suspension of ${memberName}` })).toBeVisible();

  // Her next navigation, inside the app, ends on the sign-in page.
  await memberPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sisterhood' }).click();
  // (The guard may add where she was going: ?next=/community.)
  await expect(memberPage).toHaveURL(/\/auth(\?|$)/);

  // Signing in again is refused with the reason and the end date.
  await memberPage.getByLabel('Email').fill(email);
  await memberPage.getByLabel('Password').fill(password);
  await memberPage.getByRole('button', { name: 'Login' }).click();
  const notice = memberPage.getByRole('alert').filter({ hasText: 'You cannot sign in right now' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(/Your account is suspended until .+: Repeated unkind comments after a warning/);
  await expect(memberPage).toHaveURL(/\/auth(\?|$)/);

  // Lifted by the admin, she signs in again.
  await page.getByRole('button', { name: `Lift the suspension of ${memberName}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Lift suspension' }).click();
  await expect(page.getByText(`${memberName} can sign in again`)).toBeVisible();
  await memberPage.getByRole('button', { name: 'Login' }).click();
  await expect(memberPage).toHaveURL(/\/(dashboard|community)$/);
});
