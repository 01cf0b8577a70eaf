import { expect, test } from '@playwright/test';
import { becomeMember } from './fixtures.ts';

test('replies and posts since her last visit are marked new', async ({ browser }) => {
  test.setTimeout(60_000);
  const authorPage = await (await browser.newContext()).newPage();
  const readerPage = await (await browser.newContext()).newPage();
  await becomeMember(authorPage);
  await becomeMember(readerPage);
  const headers = { origin: process.env.E2E_ORIGIN ?? '' };
  const { categories } = await (await authorPage.request.get('/api/forums/categories')).json();
  const category = categories[0] as { id: string; name: string };
  const title = `New moon intentions ${Date.now()}`;
  const topic = await (
    await authorPage.request.post(`/api/forums/categories/${category.id}/topics`, {
      data: { title, content: 'What are you planting this cycle?' },
      headers,
    })
  ).json();

  // She opens the topic once: it is read when its replies are shown.
  const marked = readerPage.waitForResponse((response) => response.url().endsWith(`/topics/${topic.id}/read`));
  await readerPage.goto(`/community?tab=forums&topic=${topic.id}`);
  await expect(readerPage.getByRole('heading', { name: title })).toBeVisible();
  expect((await marked).ok()).toBe(true);

  await authorPage.request.post(`/api/forums/topics/${topic.id}/replies`, {
    data: { content: 'Patience, mostly.' },
    headers,
  });
  await readerPage.goto('/community?tab=forums');
  await readerPage.getByRole('button', { name: new RegExp(category.name) }).click();
  // The row starts with its title (the category's card only mentions it as the latest topic).
  const row = readerPage.getByRole('button', { name: new RegExp(`^${title}`) });
  await expect(row).toContainText('1 new');
  await row.click();
  const divider = readerPage.getByTestId('new-replies-divider');
  await expect(divider).toBeVisible();
  await expect(divider).toHaveText('New replies since your last visit');
  await expect(divider).toBeInViewport();

  // A post shared after she joined is new to her on her first look at the feed; her own is not.
  const postTitle = `Full moon gratitude ${Date.now()}`;
  await authorPage.request.post('/api/posts', { data: { title: postTitle, content: 'Thankful.' }, headers });
  await readerPage.goto('/community');
  const post = readerPage.getByRole('article', { name: postTitle });
  await expect(post.getByText('New since your last visit')).toBeVisible();
  await authorPage.goto('/community');
  await expect(authorPage.getByRole('article', { name: postTitle })).toBeVisible();
  await expect(authorPage.getByRole('article', { name: postTitle }).getByTestId('new-post-badge')).toHaveCount(0);
});
