import { expect, test } from '@playwright/test';
import { becomeMember, waitUntilHydrated } from './fixtures.ts';

test('a member searches the community: suggestions as she types, results by kind, filters, and opens one', async ({
  page,
}) => {
  await becomeMember(page);
  // A word nobody else wrote, with an accent the search must see through.
  const word = `lunaria${Date.now()
    .toString(36)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)] ?? 'k')}`;
  const title = `Évening ${word} ritual`;
  const headers = { origin: process.env.E2E_ORIGIN ?? '' };
  const created = await page.request.post('/api/posts', {
    data: { title, content: `A note about ${word} and the moon` },
    headers,
  });
  expect(created.ok()).toBe(true);
  const postId = (await created.json()).id as string;

  await page.goto('/community');
  // "/" focuses the box from the page.
  const box = page.getByRole('combobox', { name: 'Search the community' });
  await expect(page.getByRole('tab', { name: 'Community Feed' })).toBeVisible();
  // The page is drawn by the server: the shortcut works once the app has taken it over.
  await waitUntilHydrated(box);
  await expect(async () => {
    await page.keyboard.press('/');
    await expect(box).toBeFocused({ timeout: 500 });
  }).toPass();
  await box.pressSequentially(`evening ${word.slice(0, 10)}`);
  const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
  const suggestion = suggestions.getByRole('option', { name: new RegExp(title) });
  await expect(suggestion).toBeVisible();
  await expect(suggestion.locator('mark')).toHaveText(['Évening', word]);
  // Arrows move through the options (aria-activedescendant), Escape closes the list.
  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', (await suggestion.getAttribute('id')) ?? '');
  await box.press('Escape');
  await expect(suggestions).toBeHidden();

  // Enter without a chosen suggestion: the results page, grouped by kind.
  await box.press('Enter');
  await expect(page).toHaveURL(/\/community\/search\?q=evening/);
  await expect(page.getByRole('heading', { name: 'Posts' })).toBeVisible();
  const result = page.getByRole('link', { name: new RegExp(title) });
  await expect(result).toBeVisible();

  // Filters: a kind with nothing found says so; back to posts, past week, it is there.
  await page.getByRole('combobox', { name: 'Kind of result' }).click();
  await page.getByRole('option', { name: 'Courses' }).click();
  await expect(page).toHaveURL(/kind=course/);
  await expect(page.getByText(`No results for “evening ${word.slice(0, 10)}”`)).toBeVisible();
  await page.getByRole('combobox', { name: 'Kind of result' }).click();
  await page.getByRole('option', { name: 'Posts' }).click();
  // From the keyboard: the list opens on its chosen option, the arrows move, Enter chooses, focus returns.
  const date = page.getByRole('combobox', { name: 'Date' });
  await date.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: 'Any time' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('option', { name: 'Past week' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/since=week/);
  await expect(date).toBeFocused();
  await expect(date).toHaveText('Past week');
  await page.getByRole('link', { name: new RegExp(title) }).click();
  await expect(page).toHaveURL(new RegExp(`/community/post/${postId}$`));
  await expect(page.getByRole('article', { name: title })).toBeVisible();
});
