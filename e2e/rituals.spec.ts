import { expect, test } from '@playwright/test';
import { becomeMember } from './fixtures.ts';

test('a member completes a ritual of the current phase and sees it completed', async ({ page }) => {
  await becomeMember(page);
  await page.goto('/rituals');
  await expect(page.getByRole('heading', { name: 'Daily Sacred Rituals' })).toBeVisible();
  await expect(page.getByText(/% illuminated/)).toBeVisible();
  await expect(page.getByText('0/3')).toBeVisible();

  const aligned = page.getByRole('region', { name: /^Aligned with the/ });
  const first = aligned.getByRole('article').first();
  const title = (await first.getByRole('heading').innerText()).trim();
  await first.getByRole('button', { name: `Begin ${title}` }).click();

  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog.getByRole('button', { name: 'Energy 3 of 5' })).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByRole('button', { name: 'grateful' }).click();
  await dialog.getByRole('button', { name: 'Energy 5 of 5' }).click();
  await dialog.getByLabel('Notes (optional)').fill('Felt the moon with me.');
  await dialog.getByRole('button', { name: 'Complete Ritual (+15 pts)' }).click();

  await expect(page.getByText(`${title} completed! +15 points`)).toBeVisible();
  await expect(page.getByRole('button', { name: `${title}: completed` })).toBeDisabled();
  await expect(page.getByText('1/3')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: `${title}: completed` })).toBeDisabled();
});
