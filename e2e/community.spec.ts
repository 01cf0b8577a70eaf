import { expect, test } from '@playwright/test';
import { becomeMember } from './fixtures.ts';

test('members post, comment and like each other, and the counts follow', async ({ browser }) => {
  const authorPage = await (await browser.newContext()).newPage();
  const sisterPage = await (await browser.newContext()).newPage();
  await becomeMember(authorPage);
  await becomeMember(sisterPage);
  const title = `Full moon gratitude ${Date.now()}`;

  await authorPage.goto('/community');
  await expect(authorPage.getByRole('heading', { name: 'Share with the Sisterhood' })).toBeVisible();
  await authorPage.getByRole('button', { name: 'Create Post' }).click();
  await authorPage.getByRole('button', { name: 'Share Post' }).click();
  await expect(authorPage.getByText('Please fill in all fields')).toBeVisible();
  await authorPage.getByLabel('Title').fill(title);
  await authorPage.getByLabel('Your post').fill('Thank you, sisters, for holding space this month.');
  await authorPage.getByRole('button', { name: 'Share Post' }).click();
  await expect(authorPage.getByText('Post created successfully!')).toBeVisible();
  await expect(authorPage.getByRole('button', { name: 'Share Post' })).toHaveCount(0);

  await sisterPage.goto('/community');
  const post = sisterPage.getByRole('article', { name: title });
  await expect(post).toBeVisible();
  // A column of comfortable reading width on a wide screen (about 680 px of text), not the page's 1,100.
  await sisterPage.setViewportSize({ width: 1280, height: 800 });
  expect((await post.boundingBox())?.width).toBeLessThanOrEqual(720);
  await post.getByRole('button', { name: 'Like' }).click();
  await expect(post.getByRole('button', { name: 'Unlike' })).toContainText('1');
  await post.getByRole('button', { name: /comment/ }).click();
  const box = post.getByRole('textbox', { name: 'Write a comment' });
  await expect(post.getByRole('button', { name: 'Send comment' })).toBeDisabled();
  await box.fill('So beautiful, thank you!');
  await box.press('Enter');
  await expect(sisterPage.getByText('Comment added!')).toBeVisible();
  await expect(post.getByText('So beautiful, thank you!')).toBeVisible();
  await expect(box).toHaveValue('');

  await authorPage.reload();
  const mine = authorPage.getByRole('article', { name: title });
  await expect(mine.getByRole('button', { name: 'Like' })).toContainText('1');
  await expect(mine.getByRole('button', { name: /comment/ })).toContainText('1');
});

test('a member edits her profile and sees the leaderboard periods', async ({ page }) => {
  await becomeMember(page);
  await page.goto('/community');
  await page.getByRole('button', { name: 'My Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your Profile' });
  await expect(dialog.getByText('Total Points')).toBeVisible();
  await dialog.getByRole('button', { name: 'Edit Profile' }).click();
  // A name of invisible characters only is refused with the server's message, and the form keeps her text.
  await dialog.getByLabel('Display name').fill('\u200b\u200b');
  await dialog.getByLabel('Bio').fill('Learning to rest with the waning moon.');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Failed to update profile')).toBeVisible();
  await expect(page.getByText('Your display name cannot be empty')).toBeVisible();
  await expect(dialog.getByLabel('Bio')).toHaveValue('Learning to rest with the waning moon.');
  await dialog.getByLabel('Display name').fill('Selene Moonchild');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();
  await expect(dialog.getByText('Selene Moonchild')).toBeVisible();
  await expect(dialog.getByText('Learning to rest with the waning moon.')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('tab', { name: 'Leaderboard' }).click();
  await expect(page).toHaveURL(/tab=leaderboard/);
  await expect(page.getByRole('heading', { name: 'Sacred Sisterhood Leaderboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How to Earn Points' })).toBeVisible();
  // The podium names each place, and its medals differ (gold crown, silver, bronze).
  const medals = [];
  for (const place of ['1st place', '2nd place', '3rd place']) {
    const mark = page.getByText(place, { exact: true });
    await expect(mark).toBeVisible();
    medals.push(await mark.locator('svg').evaluate((svg) => getComputedStyle(svg).fill));
  }
  expect(new Set(medals).size).toBe(3);
  for (const period of ['This Week', 'This Month', 'All Time']) {
    await page.getByRole('button', { name: period }).click();
    await expect(page.getByRole('button', { name: period })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: /Selene Moonchild/ }).first()).toBeVisible();
  }
});
