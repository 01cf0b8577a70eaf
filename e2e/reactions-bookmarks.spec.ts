import { expect, test } from '@playwright/test';
import { becomeMember } from './fixtures.ts';

test('a member reacts from the keyboard, sees who reacted, saves the post and finds it under Saved', async ({
  page,
}) => {
  const { name } = await becomeMember(page);
  const title = `React and keep ${Date.now()}`;
  const headers = { origin: process.env.E2E_ORIGIN ?? '' };
  const created = await page.request.post('/api/posts', { data: { title, content: 'A full moon note' }, headers });
  expect(created.ok()).toBe(true);

  await page.goto('/community');
  const article = page.getByRole('article', { name: title });
  // The menu: opened from the keyboard, arrows move, Escape closes it and gives the focus back.
  const reactButton = article.getByRole('button', { name: 'React', exact: true });
  await reactButton.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'React' });
  await expect(menu.getByRole('menuitem')).toHaveCount(5);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(reactButton).toBeFocused();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Moon' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Sparkles' })).toBeFocused();
  await page.keyboard.press('Enter');
  const chip = article.getByRole('button', { name: 'Sparkles: 1' });
  await expect(chip).toHaveAttribute('aria-pressed', 'true');

  await article.getByRole('button', { name: 'Who reacted' }).click();
  const dialog = page.getByRole('dialog', { name: 'Who reacted' });
  await expect(dialog.getByRole('list', { name: 'Members who gave Sparkles' })).toContainText(name);
  await page.keyboard.press('Escape');

  // Saved: the button says so, and the post waits under the Saved tab, where it is removed again.
  await article.getByRole('button', { name: 'Save post' }).click();
  await expect(article.getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true');
  await page.goto('/community?tab=saved');
  const saved = page.getByRole('article', { name: title });
  await expect(saved).toBeVisible();
  await expect(saved.getByRole('button', { name: 'Sparkles: 1' })).toBeVisible();
  await saved.getByRole('button', { name: 'Saved' }).click();
  await expect(page.getByText('Nothing saved yet.', { exact: false })).toBeVisible();

  // Taking the reaction back: the chip goes.
  await page.goto('/community');
  await page.getByRole('article', { name: title }).getByRole('button', { name: 'Sparkles: 1' }).click();
  await expect(page.getByRole('article', { name: title }).getByRole('button', { name: /^Sparkles/ })).toHaveCount(0);
});
