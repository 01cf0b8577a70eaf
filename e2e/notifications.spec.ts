import { expect, test } from '@playwright/test';
import { becomeMember } from './fixtures.ts';

test('a like arrives live in the author’s bell with a toast, opens the post and is marked read', async ({
  browser,
}) => {
  const authorPage = await (await browser.newContext()).newPage();
  const fanPage = await (await browser.newContext()).newPage();
  await becomeMember(authorPage);
  await becomeMember(fanPage);
  const title = `Grateful for this circle ${Date.now()}`;
  await authorPage.request.post('/api/posts', {
    data: { title, content: 'Thank you all' },
    headers: { origin: process.env.E2E_ORIGIN ?? '' },
  });

  // The author is already on the page: the like reaches her without a reload.
  await authorPage.goto('/community');
  await expect(authorPage.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  await fanPage.goto('/community');
  await fanPage.getByRole('article', { name: title }).getByRole('button', { name: 'Like' }).click();
  await expect(fanPage.getByRole('article', { name: title }).getByRole('button', { name: 'Unlike' })).toBeVisible();

  const toast = authorPage.getByRole('listitem').filter({ hasText: 'New like' });
  await expect(toast).toContainText(`liked your post "${title}"`);
  await authorPage.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  const bell = authorPage.getByRole('dialog').filter({ hasText: 'Notifications' });
  await bell.getByText(`liked your post "${title}"`).click();
  // It opens the post itself, on its own page.
  await expect(authorPage).toHaveURL(/\/community\/post\/[0-9a-f-]{36}$/);
  await expect(authorPage.getByRole('article', { name: title })).toBeVisible();
  await expect(authorPage.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  await authorPage.getByRole('button', { name: 'Notifications', exact: true }).click();
  await authorPage.getByRole('button', { name: 'Notification Preferences' }).click();
  const dialog = authorPage.getByRole('dialog', { name: 'Notification Preferences' });
  await expect(dialog.getByRole('switch', { name: 'Forums' })).toBeChecked();
  await dialog.getByRole('switch', { name: 'Forums' }).click();
  await expect(authorPage.getByText('Notification preferences updated')).toBeVisible();
  await expect(dialog.getByRole('switch', { name: 'Forums' })).not.toBeChecked();
});

test('likes on one post collapse into one notification, unread again when someone new likes it', async ({
  browser,
}) => {
  const newPage = async () => (await browser.newContext()).newPage();
  const [authorPage, firstFan, secondFan] = [await newPage(), await newPage(), await newPage()];
  await becomeMember(authorPage);
  await becomeMember(firstFan);
  const { email } = await becomeMember(secondFan);
  const headers = { origin: process.env.E2E_ORIGIN ?? '' };
  const title = `Moon water recipe ${Date.now()}`;
  const post = await (
    await authorPage.request.post('/api/posts', { data: { title, content: 'Jar, moon, wait' }, headers })
  ).json();
  const like = (fan: typeof firstFan) => fan.request.put(`/api/posts/${post.id}/like`, { data: {}, headers });

  await authorPage.goto('/community');
  await like(firstFan);
  await authorPage.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  const bell = authorPage.getByRole('dialog').filter({ hasText: 'Mark all read' });
  await bell.getByRole('button', { name: 'Mark all read' }).click();
  await expect(authorPage.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
  await authorPage.keyboard.press('Escape');

  // Liking again after an unlike pings nobody; a new liker brings the one notification back, unread.
  await firstFan.request.delete(`/api/posts/${post.id}/like`, { headers });
  await like(firstFan);
  await like(secondFan);
  const newest = email.split('@')[0];
  await expect(
    authorPage.getByRole('listitem').filter({ hasText: `${newest} and 1 other liked your post "${title}"` }),
  ).toBeVisible();
  await authorPage.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  await expect(bell.getByText(/liked your post/)).toHaveCount(1);
  await expect(bell.getByText(`${newest} and 1 other liked your post "${title}"`)).toBeVisible();
});
