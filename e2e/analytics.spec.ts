import fs from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, signInAs, uniqueEmail } from './fixtures.ts';

test('an admin reads the analytics: a chart, its table, and its CSV', async ({ browser }) => {
  // A new paying member today, made through the API (the forms are billing.spec.ts's).
  const headers = { origin: process.env.E2E_ORIGIN ?? '' };
  const member = await browser.newContext();
  const email = uniqueEmail('analytics');
  const signUp = await member.request.post('/api/auth/sign-up/email', {
    data: { email, password: 'moonlight', name: 'Analytics Sister' },
    headers,
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  expect((await member.request.post('/api/billing/test/complete', { data: {}, headers })).ok()).toBe(true);
  await member.close();

  const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
  await page.goto('/');
  await signInAs(page, ADMIN_EMAIL);
  await page.goto('/admin?tab=analytics');
  await expect(page.getByRole('heading', { name: 'Analytics', exact: true })).toBeVisible();
  await expect(page.getByText('Active subscribers')).toBeVisible();

  // The chart has a summary for screen readers, and draws its SVG.
  const growth = page.getByRole('region', { name: 'Sign-ups and conversions' });
  await expect(growth.getByRole('img', { name: /Sign-ups and conversions: \d+ new members/ })).toBeVisible();
  await expect(growth.locator('svg.recharts-surface').first()).toBeVisible();

  // The same numbers as a table: today's row counts the new member.
  await growth.getByRole('button', { name: 'Table' }).click();
  await expect(growth.getByRole('button', { name: 'Table' })).toHaveAttribute('aria-pressed', 'true');
  const table = growth.getByRole('table', { name: 'Sign-ups and conversions' });
  await expect(table.getByRole('columnheader', { name: 'New members' })).toBeVisible();
  const today = new Date().toISOString().slice(0, 10);
  const todayRow = table.getByRole('row', { name: new RegExp(`^${today}`) });
  await expect(todayRow).toBeVisible();
  expect(Number(await todayRow.getByRole('cell').first().textContent())).toBeGreaterThanOrEqual(1);

  // Another range, then its CSV.
  await page.getByText('7 days', { exact: true }).click();
  await expect(table.getByRole('row')).toHaveCount(8);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    growth.getByRole('link', { name: 'Download CSV: Sign-ups and conversions' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^lunara-growth-7d-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await fs.readFile((await download.path()) as string, 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('Day,New members,Conversions to paid');
  expect(lines).toHaveLength(8);
  expect(lines.at(-1)).toMatch(new RegExp(`^${today},[1-9]`));
});
