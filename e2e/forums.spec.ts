import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, becomeMember, signInAs } from './fixtures.ts';

test('a member starts a topic, another replies, and an admin locks it', async ({ browser }) => {
  // Three browsers through a whole flow: 17 s on an idle 2-core machine, past a minute while it is busy.
  test.setTimeout(120_000);
  const authorPage = await (await browser.newContext()).newPage();
  const sisterPage = await (await browser.newContext()).newPage();
  const adminPage = await (await browser.newContext()).newPage();
  await becomeMember(authorPage);
  await becomeMember(sisterPage);
  const title = `Waning moon journaling ${Date.now()}`;

  await authorPage.goto('/community?tab=forums');
  await expect(authorPage.getByRole('heading', { name: 'Discussion Forums' })).toBeVisible();
  await authorPage.getByRole('button', { name: /Moon Wisdom/ }).click();
  await expect(authorPage.getByRole('button', { name: 'Back to Categories' })).toBeVisible();
  await authorPage.getByRole('button', { name: 'New Topic' }).click();
  const dialog = authorPage.getByRole('dialog', { name: 'New Topic' });
  await dialog.getByRole('button', { name: 'Start Topic' }).click();
  await expect(dialog.getByText('Give your topic a title')).toBeVisible();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('What would you like to discuss?').fill('What do you write as the moon wanes?');
  await dialog.getByRole('button', { name: 'Start Topic' }).click();
  await expect(authorPage.getByRole('heading', { name: title })).toBeVisible();
  const topicUrl = authorPage.url();
  expect(topicUrl).toContain('topic=');

  await sisterPage.goto(topicUrl);
  await expect(sisterPage.getByRole('heading', { name: title })).toBeVisible();
  await expect(sisterPage.getByRole('button', { name: 'Post Reply' })).toBeDisabled();
  await sisterPage.getByRole('textbox', { name: 'Write a reply' }).fill('Gratitude lists, always.');
  await sisterPage.getByRole('button', { name: 'Post Reply' }).click();
  await expect(sisterPage.getByText('Reply posted')).toBeVisible();
  await expect(sisterPage.getByText('Gratitude lists, always.')).toBeVisible();
  await expect(sisterPage.getByRole('heading', { name: '1 reply' })).toBeVisible();

  await adminPage.goto('/');
  await signInAs(adminPage, ADMIN_EMAIL);
  await adminPage.goto(topicUrl);
  await adminPage.getByRole('button', { name: 'Lock' }).click();
  await expect(adminPage.getByText('Topic locked successfully')).toBeVisible();

  await sisterPage.reload();
  await expect(sisterPage.getByText('This topic is locked: it takes no new replies.')).toBeVisible();
  await expect(sisterPage.getByRole('textbox', { name: 'Write a reply' })).toHaveCount(0);

  await authorPage.getByRole('button', { name: /Back to Moon Wisdom/ }).click();
  await authorPage.reload();
  const row = authorPage.getByRole('button', { name: new RegExp(title) });
  await expect(row.getByLabel('Locked')).toBeVisible();
  await expect(row).toContainText('1 reply');
});

test('she edits her reply in place; deleting a reply, a topic or a comment says so', async ({ page }) => {
  await becomeMember(page);
  const headers = { origin: process.env.E2E_ORIGIN ?? '' };
  const { categories } = await (await page.request.get('/api/forums/categories')).json();
  const title = `Crystal grids ${Date.now()}`;
  const topic = await (
    await page.request.post(`/api/forums/categories/${categories[0].id}/topics`, {
      data: { title, content: 'Which stones do you start with?' },
      headers,
    })
  ).json();
  await page.request.post(`/api/forums/topics/${topic.id}/replies`, { data: { content: 'Rose quartz.' }, headers });

  await page.goto(`/community?tab=forums&topic=${topic.id}`);
  await page.getByRole('button', { name: 'Edit reply' }).click();
  const editor = page.getByRole('textbox', { name: 'Edit your reply' });
  await expect(editor).toHaveValue('Rose quartz.');
  await editor.fill('Rose quartz and clear quartz.');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Reply updated')).toBeVisible();
  await expect(page.getByText('Rose quartz and clear quartz.')).toBeVisible();
  await expect(page.getByText(/^Edited/)).toBeVisible();
  await page.reload();
  await expect(page.getByText('Rose quartz and clear quartz.')).toBeVisible();

  await page.getByRole('button', { name: 'Delete reply' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Reply deleted')).toBeVisible();
  await page.getByRole('button', { name: 'Delete topic' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete topic' }).click();
  await expect(page.getByText('Topic deleted')).toBeVisible();

  const postTitle = `Comment test ${Date.now()}`;
  const post = await (
    await page.request.post('/api/posts', { data: { title: postTitle, content: 'x' }, headers })
  ).json();
  await page.request.post(`/api/posts/${post.id}/comments`, { data: { content: 'Remove me' }, headers });
  await page.goto('/community');
  const card = page.getByRole('article', { name: postTitle });
  await card.getByRole('button', { name: /comment/ }).click();
  await card.getByRole('button', { name: 'Delete comment' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Comment deleted')).toBeVisible();
});
