import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, becomeMember, signInAs } from './fixtures.ts';

/**
 * Issue 33's billing history: her receipts with a PDF, cancelling with a reason, and (when the owner
 * offers it) pausing instead, then resuming. One member, few page loads; the owner's switch is set
 * through the API and put back, so the other specs meet the default (no pause).
 */
test('receipts and PDF, cancel with a reason, pause and resume', async ({ page, browser }) => {
  await becomeMember(page);
  await page.goto('/billing/test-portal');
  await expect(page.getByRole('heading', { name: 'Test billing portal' })).toBeVisible();
  await expect(page.getByText(/Lunara Membership · \$55\/month/)).toBeVisible();

  // Her first charge is in the history, and its receipt downloads as a PDF.
  const receipts = page.getByRole('list', { name: 'Receipts' });
  await expect(receipts.getByRole('listitem')).toHaveCount(1);
  await expect(receipts.getByText('Paid')).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    receipts.getByRole('link', { name: /Download PDF receipt LUN-/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^receipt-LUN-\d{6,}\.pdf$/);
  const pdf = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of pdf) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Cancelling asks why (optional); the reason and note go with it.
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel your membership?' });
  await dialog.getByRole('radio', { name: 'Too expensive' }).check();
  await dialog.getByLabel(/Anything you would like to tell us/).fill('Back in the spring');
  await dialog.getByRole('button', { name: 'Cancel membership' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Ends on')).toBeVisible();
  await page.getByRole('button', { name: 'Resume subscription' }).click();
  await expect(page.getByText('Next billing date')).toBeVisible();

  // The owner offers a pause of up to 2 months.
  const owner = await browser.newPage();
  await signInAs(owner, ADMIN_EMAIL);
  const setPause = (pauseEnabled: boolean) =>
    owner.request.put('/api/admin/cancellation-settings', {
      data: { pauseEnabled, maxPauseMonths: 2 },
      headers: { origin: process.env.E2E_ORIGIN ?? '' },
    });
  expect((await setPause(true)).ok()).toBe(true);
  try {
    await page.reload();
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    const offer = page.getByRole('dialog', { name: 'Pause instead of cancelling?' });
    await expect(offer.getByRole('button', { name: /^Pause for/ })).toHaveCount(2);
    await offer.getByRole('button', { name: 'Pause for 1 month' }).click();
    await expect(offer).toHaveCount(0);
    await expect(page.getByText('Pauses on')).toBeVisible();
    await expect(page.getByText('Resumes on')).toBeVisible();
    // Resuming before the pause starts only drops it: no new charge.
    await page.getByRole('button', { name: 'Resume now' }).click();
    await expect(page.getByText('Next billing date')).toBeVisible();
    await expect(receipts.getByRole('listitem')).toHaveCount(1);
  } finally {
    await setPause(false);
    await owner.close();
  }
});
