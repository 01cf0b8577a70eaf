import { expect, test } from '@playwright/test';
import { becomeMember } from './fixtures.ts';

test('she edits her post and her reply in place, sees "Edited", and Cancel keeps the old words', async ({ page }) => {
  await becomeMember(page);
  const headers = { origin: process.env.E2E_ORIGIN ?? '' };
  const title = `Full moon notes ${Date.now()}`;
  const post = await (
    await page.request.post('/api/posts', { data: { title, content: 'Three intentions.' }, headers })
  ).json();

  await page.goto(`/community/post/${post.id}`);
  const card = page.getByRole('article', { name: title });
  // Editing starts with the keyboard in her words, so Escape alone closes it again.
  await card.getByRole('button', { name: 'Edit post' }).click();
  await expect(card.getByRole('textbox', { name: 'Title' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(card.getByRole('button', { name: 'Edit post' })).toBeFocused();
  // Cancel (and Escape) put the words back as they were.
  await card.getByRole('button', { name: 'Edit post' }).click();
  await card.getByRole('textbox', { name: 'Your post' }).fill('Never mind');
  await card.getByRole('button', { name: 'Cancel' }).click();
  await expect(card.getByText('Three intentions.')).toBeVisible();
  await card.getByRole('button', { name: 'Edit post' }).click();
  await card.getByRole('textbox', { name: 'Your post' }).fill('Not this either');
  await page.keyboard.press('Escape');
  await expect(card.getByText('Three intentions.')).toBeVisible();
  await expect(card.getByText(/^Edited/)).toHaveCount(0);
  // The keyboard is back where she was, on the Edit button.
  await expect(card.getByRole('button', { name: 'Edit post' })).toBeFocused();

  // A double click on Save sends one edit.
  await card.getByRole('button', { name: 'Edit post' }).click();
  await card.getByRole('textbox', { name: 'Your post' }).fill('Three intentions, and one thanks.');
  const edits: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH') edits.push(request.url());
  });
  await card.getByRole('button', { name: 'Save changes' }).dblclick();
  await expect(page.getByText('Post updated')).toBeVisible();
  await expect(card.getByText('Three intentions, and one thanks.')).toBeVisible();
  await expect(card.getByText(/^Edited/)).toBeVisible();
  expect(edits).toHaveLength(1);

  const { categories } = await (await page.request.get('/api/forums/categories')).json();
  const topic = await (
    await page.request.post(`/api/forums/categories/${categories[0].id}/topics`, {
      data: { title: `Moon water ${Date.now()}`, content: 'How do you make it?' },
      headers,
    })
  ).json();
  await page.request.post(`/api/forums/topics/${topic.id}/replies`, { data: { content: 'Overnight.' }, headers });
  await page.goto(`/community?tab=forums&topic=${topic.id}`);
  const reply = page.getByRole('listitem').filter({ hasText: 'Overnight.' });
  await reply.getByRole('button', { name: 'Edit reply' }).click();
  await page.getByRole('textbox', { name: 'Edit your reply' }).fill('Overnight, in a glass jar.');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Reply updated')).toBeVisible();
  await expect(
    page.getByRole('listitem').filter({ hasText: 'in a glass jar' }).getByRole('button', { name: 'Edit reply' }),
  ).toBeFocused();
  await page.reload();
  const edited = page.getByRole('listitem').filter({ hasText: 'Overnight, in a glass jar.' });
  await expect(edited.getByText(/^Edited/)).toBeVisible();
});
