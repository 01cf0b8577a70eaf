import { expect, test } from '@playwright/test';
import { becomeMember } from './fixtures.ts';

test('a like arrives live in the author’s bell with a toast, opens the feed and is marked read', async ({
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
  await expect(authorPage.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  await authorPage.getByRole('button', { name: 'Notifications', exact: true }).click();
  await authorPage.getByRole('button', { name: 'Notification Preferences' }).click();
  const dialog = authorPage.getByRole('dialog', { name: 'Notification Preferences' });
  await expect(dialog.getByRole('switch', { name: 'Forums' })).toBeChecked();
  await dialog.getByRole('switch', { name: 'Forums' }).click();
  await expect(authorPage.getByText('Notification preferences updated')).toBeVisible();
  await expect(dialog.getByRole('switch', { name: 'Forums' })).not.toBeChecked();
});
