import { readFileSync } from 'node:fs';
import { type Browser, expect, test } from '@playwright/test';
import { uniqueEmail } from './fixtures.ts';

const origin = () => ({ origin: process.env.E2E_ORIGIN ?? '' });

/** A member with a test membership, made through the API (the forms have their own specs); her page signed in. */
async function member(browser: Browser, name: string) {
  const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await page.goto('/');
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, '-'));
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: 'moonlight', name },
    headers: origin(),
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const paid = await page.request.post('/api/billing/test/complete', { data: {}, headers: origin() });
  expect(paid.ok(), await paid.text()).toBe(true);
  return { page, email, name };
}

test('a member exports her data and downloads the zip', async ({ browser }) => {
  const ana = await member(browser, `Ana ${Date.now().toString(36)}`);
  await ana.page.goto('/settings');
  const section = ana.page.getByRole('region', { name: 'Export my data' });
  await section.getByRole('button', { name: 'Export my data' }).click();
  await expect(section.getByText('We are preparing your export')).toBeVisible();
  // One at a time: the button waits for this one.
  await expect(section.getByRole('button', { name: 'Export my data' })).toBeDisabled();
  await expect(section.getByText('Your export is ready')).toBeVisible({ timeout: 60_000 });

  const download = ana.page.waitForEvent('download');
  await section.getByRole('link', { name: 'Download zip' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^lunara-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const bytes = readFileSync((await file.path()) ?? '');
  // A zip starts with "PK\x03\x04".
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
});

test('a member deletes her account keeping her posts; others see "Former member"; her email finds no account', async ({
  browser,
}) => {
  const suffix = Date.now().toString(36);
  const ana = await member(browser, `Ana ${suffix}`);
  const bea = await member(browser, `Bea ${suffix}`);
  const title = `Ana's last full moon ${suffix}`;
  const posted = await ana.page.request.post('/api/posts', {
    data: { title, content: 'Thank you, sisters.', category: 'general' },
    headers: origin(),
  });
  expect(posted.ok(), await posted.text()).toBe(true);

  await ana.page.goto('/settings');
  await ana.page
    .getByRole('region', { name: 'Delete my account' })
    .getByRole('button', { name: 'Delete my account…' })
    .click();
  const dialog = ana.page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toContainText('This cannot be undone');
  await expect(dialog).toContainText('Your subscription is cancelled');

  // Nothing chosen, no password: told what is missing, nothing deleted.
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(dialog.getByText('Choose what happens to your posts and replies')).toBeVisible();
  await expect(dialog.getByText('Enter your password')).toBeVisible();

  await dialog.getByRole('radio', { name: /Keep them/ }).check();
  await dialog.getByLabel('Your password').fill('not-my-password');
  await dialog.getByLabel(/to confirm/).fill('DELETE');
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
  await expect(dialog.getByText('That password is not right')).toBeVisible();

  await dialog.getByLabel('Your password').fill('moonlight');
  await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
  const farewell = ana.page.getByRole('dialog', { name: 'Your account has been deleted' });
  await expect(farewell).toBeVisible();
  await farewell.getByRole('button', { name: 'Go to the home page' }).click();
  await expect(ana.page).toHaveURL(/\/$/);

  // Bea sees the post, by "Former member", and no trace of Ana's name.
  await bea.page.goto('/community');
  const post = bea.page.getByRole('article', { name: title });
  await expect(post).toBeVisible();
  await expect(post).toContainText('Former member');
  await expect(post).not.toContainText(ana.name);

  // Signing in with her address finds no account.
  const page = await (await browser.newContext()).newPage();
  await page.goto('/auth');
  await page.getByLabel('Email').fill(ana.email);
  await page.getByLabel('Password').fill('moonlight');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
});
