import { expect, test } from '@playwright/test';
import { confirmEmailFromOutbox, signUpThroughForm, uniqueEmail } from './fixtures.ts';

// Account settings (issue 30): her name, her password, her other devices, the way back to the page she
// asked for, and the banner until her email is confirmed.

test('she changes her name in settings and the header says it', async ({ page }) => {
  await signUpThroughForm(page, uniqueEmail('rename'), 'moonlight', 'Rena');
  await page.goto('/settings');
  const profile = page.getByRole('region', { name: 'Profile' });
  await expect(profile.getByLabel('Your name')).toHaveValue('Rena');
  await profile.getByLabel('Your name').fill('Selene Moon');
  await profile.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Your profile is saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Profile' }).getByLabel('Your name')).toHaveValue('Selene Moon');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome back, Selene Moon' })).toBeVisible();
});

test('she changes her password and signs in with the new one only', async ({ page }) => {
  const { email, password } = await signUpThroughForm(page);
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Password' });
  await section.getByLabel('Current password').fill('not-my-password');
  await section.getByLabel('New password', { exact: true }).fill('a-new-moon');
  await section.getByLabel('Confirm new password').fill('a-new-moon');
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByText('That is not your current password')).toBeVisible();

  await section.getByLabel('Current password').fill(password);
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password is changed')).toBeVisible();
  // This device stays signed in (it got a new session when the others were signed out).
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await page.getByLabel('Password').fill('a-new-moon');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('she signs her other device out from settings', async ({ page, browser }) => {
  const { email, password } = await signUpThroughForm(page);
  const phone = await browser.newContext();
  try {
    const phonePage = await phone.newPage();
    await phonePage.goto('/auth');
    await phonePage.getByLabel('Email').fill(email);
    await phonePage.getByLabel('Password').fill(password);
    await phonePage.getByRole('button', { name: 'Login' }).click();
    await expect(phonePage).toHaveURL(/\/dashboard$/);

    await page.goto('/settings');
    const sessions = page.getByRole('region', { name: "Where you're signed in" });
    const devices = sessions.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem');
    await expect(devices).toHaveCount(2);
    await expect(sessions.getByText('This device')).toHaveCount(1);
    await sessions.getByRole('button', { name: /^Sign out .*signed in/ }).click();
    await expect(page.getByText(/is signed out$/)).toBeVisible();
    await expect(devices).toHaveCount(1);
    await expect(sessions.getByText('You are signed in on this device only.')).toBeVisible();

    // The phone is signed out: its next page asks it to sign in.
    await phonePage.goto('/settings');
    await expect(phonePage).toHaveURL(/\/auth\?next=%2Fsettings$/);
  } finally {
    await phone.close();
  }
});

test('after signing in she returns to the page she asked for', async ({ page }) => {
  const { email, password } = await signUpThroughForm(page);
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/settings#sessions-section');
  await expect(page).toHaveURL(/\/auth\?next=%2Fsettings%23sessions-section$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/settings#sessions-section$/);
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();

  // A return address to another site is ignored: the dashboard instead.
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/auth?next=//evil.example/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a banner asks her to confirm her email until she does', async ({ page }) => {
  const { email } = await signUpThroughForm(page);
  const banner = page.getByRole('region', { name: 'Confirm your email' });
  await expect(banner).toContainText(`we sent a link to ${email}`);
  await banner.getByRole('button', { name: 'Resend link' }).click();
  await expect(banner.getByText('A new link is on its way')).toBeVisible();

  await confirmEmailFromOutbox(page, email);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Confirm your email' })).toHaveCount(0);
  await expect(page.getByText('(confirmed)')).toBeVisible();
});
