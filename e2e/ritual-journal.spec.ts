import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { becomeMember } from './fixtures.ts';

// E2E_SHOTS_DIR keeps screenshots of the journal at both widths (to look at them); without it, none are taken.
async function shootBothWidths(page: Page, section: Locator, name: string) {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    // Centred, so that the sticky header covers none of it.
    await section.evaluate((node) => node.scrollIntoView({ block: 'center' }));
    await section.screenshot({ path: path.join(dir, `${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('a member journals a ritual, sees it on her calendar, then edits and deletes her own ritual', async ({ page }) => {
  await becomeMember(page);
  const headers = { origin: process.env.E2E_ORIGIN ?? '' };
  const created = await page.request.post('/api/rituals', {
    headers,
    data: {
      title: 'Candle at dusk',
      description: 'A quiet flame',
      instructions: 'Light the candle\nBreathe slowly',
      durationMinutes: 10,
      moonPhase: 'full_moon',
    },
  });
  expect(created.ok(), await created.text()).toBe(true);

  await page.goto('/rituals');
  const journal = page.getByRole('region', { name: 'Your Ritual Journal' });
  await expect(journal.getByText('Your journal is empty.', { exact: false })).toBeVisible();

  await page.getByRole('button', { name: 'Begin Candle at dusk' }).click();
  const dialog = page.getByRole('dialog', { name: 'Candle at dusk' });
  await dialog.getByRole('button', { name: 'peaceful' }).click();
  await dialog.getByRole('button', { name: 'Energy 4 of 5' }).click();
  await dialog.getByLabel('Notes (optional)').fill('The flame steadied me.');
  await dialog.getByRole('button', { name: /^Complete Ritual/ }).click();
  await expect(page.getByRole('button', { name: 'Candle at dusk: completed' })).toBeDisabled();

  // In her journal with mood, energy and notes, and on her calendar today.
  const entry = journal.getByRole('listitem').filter({ hasText: 'Candle at dusk' });
  await expect(entry.getByText('peaceful')).toBeVisible();
  await expect(entry.getByRole('img', { name: 'Energy 4 of 5' })).toBeVisible();
  await expect(entry.getByText('The flame steadied me.')).toBeVisible();
  const today = journal.getByRole('button', { name: /^1 ritual on .+, today$/ });
  await expect(today).toBeVisible();
  // The calendar by keyboard: Page Up to the month before (its 1st focused), the next-month button back.
  await today.focus();
  await page.keyboard.press('PageUp');
  await expect(page.locator(':focus')).toHaveAccessibleName(/^No rituals on .+ 1$/);
  await journal.getByRole('button', { name: 'Next month' }).click();
  await expect(today).toBeVisible();
  await expect(journal.getByText('1 day').first()).toBeVisible();
  await shootBothWidths(page, journal, 'journal');
  await shootBothWidths(page, page.getByRole('article', { name: 'Candle at dusk' }), 'journal-own-card');

  // Her own ritual: renamed, then deleted; her journal keeps the entry under its last name.
  await page.getByRole('button', { name: 'Edit Candle at dusk' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit your ritual' });
  await edit.getByLabel('Title').fill('Candle at dawn');
  await edit.getByRole('button', { name: 'Save Ritual' }).click();
  await expect(page.getByText('Your ritual was saved')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Candle at dawn', level: 3 })).toBeVisible();

  await page.getByRole('button', { name: 'Delete Candle at dawn' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this ritual?' })
    .getByRole('button', { name: 'Delete ritual' })
    .click();
  await expect(page.getByText('Your ritual was deleted')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Begin Candle at dawn/ })).toHaveCount(0);
  const kept = journal.getByRole('listitem').filter({ hasText: 'Candle at dawn' });
  await expect(kept.getByText('The flame steadied me.')).toBeVisible();
});
