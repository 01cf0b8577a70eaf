import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, becomeMember, signInAs } from './fixtures.ts';

test('a post has its own page: linked from the feed, kept on reload, with its comments open', async ({ page }) => {
  await becomeMember(page);
  const title = `A page of its own ${Date.now()}`;
  const headers = { origin: process.env.E2E_ORIGIN ?? '' };
  const post = await (
    await page.request.post('/api/posts', { data: { title, content: 'Share this link' }, headers })
  ).json();
  await page.request.post(`/api/posts/${post.id}/comments`, { data: { content: 'First to reply' }, headers });

  await page.goto('/community');
  await page.getByRole('article', { name: title }).getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(`/community/post/${post.id}`);
  // Named after the post once it is here (the route's "Post" only until then).
  await expect(page).toHaveTitle(`${title} - Lunara`);
  const article = page.getByRole('article', { name: title });
  await expect(article.getByText('First to reply')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('article', { name: title }).getByText('First to reply')).toBeVisible();

  // Deleted from its page: back to the community; the link then says the post is gone.
  await page.getByRole('button', { name: 'Delete post' }).click();
  await page.getByRole('dialog', { name: 'Delete this post?' }).getByRole('button', { name: 'Delete post' }).click();
  await expect(page).toHaveURL('/community');
  await page.goto(`/community/post/${post.id}`);
  await expect(page.getByText('This post no longer exists.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Community' })).toBeVisible();
});

test('a moderator pins and unpins a post and is told each time', async ({ page }) => {
  await signInAs(page, ADMIN_EMAIL);
  const title = `Pin me ${Date.now()}`;
  const headers = { origin: process.env.E2E_ORIGIN ?? '' };
  const post = await (await page.request.post('/api/posts', { data: { title, content: 'Pinned?' }, headers })).json();
  await page.goto(`/community/post/${post.id}`);
  await page.getByRole('button', { name: 'Pin post' }).click();
  await expect(page.getByText('Post pinned')).toBeVisible();
  await page.getByRole('button', { name: 'Unpin post' }).click();
  await expect(page.getByText('Post unpinned')).toBeVisible();
});
