import { expect, test } from '@playwright/test';
import { becomeMember, uniqueEmail } from './fixtures.ts';

test('a post written with the toolbar and an @mention shows formatted, and the member mentioned is told', async ({
  browser,
}) => {
  const authorPage = await (await browser.newContext()).newPage();
  const friendPage = await (await browser.newContext()).newPage();
  await becomeMember(authorPage);
  const friend = await becomeMember(friendPage, uniqueEmail('moonfriend'));
  const title = `Full moon circle ${Date.now()}`;

  await authorPage.goto('/community');
  await authorPage.getByRole('button', { name: 'Create Post' }).click();
  const form = authorPage.locator('form').filter({ has: authorPage.getByRole('button', { name: 'Share Post' }) });
  await form.getByLabel('Title').fill(title);
  const editor = form.getByLabel('Your post', { exact: true });
  await editor.focus();
  // Bold from the toolbar: its placeholder is selected, so typing replaces it.
  await form.getByRole('button', { name: 'Bold' }).click();
  await authorPage.keyboard.type('Grateful tonight');
  await editor.press('End');
  await authorPage.keyboard.type(' thank you @moonfriend');
  const option = authorPage.getByRole('option', { name: friend.name });
  await expect(option).toBeVisible();
  await expect(editor).toHaveAttribute('aria-activedescendant', /option/);
  await editor.press('Enter');
  await expect(authorPage.getByRole('listbox')).toBeHidden();
  await expect(editor).toHaveValue(
    new RegExp(`^\\*\\*Grateful tonight\\*\\* thank you @\\[${friend.name}\\]\\(member:[\\w-]+\\) $`),
  );

  await form.getByRole('button', { name: 'Preview' }).click();
  await expect(form.locator('strong', { hasText: 'Grateful tonight' })).toBeVisible();
  await expect(form.getByRole('link', { name: `@${friend.name}` })).toBeVisible();
  await authorPage.getByRole('button', { name: 'Share Post' }).click();

  const article = authorPage.getByRole('article', { name: title });
  await expect(article.locator('strong', { hasText: 'Grateful tonight' })).toBeVisible();
  await expect(article).not.toContainText('**');
  // The mention opens her profile, over the feed.
  await article.getByRole('link', { name: `@${friend.name}` }).click();
  await expect(authorPage.getByRole('dialog')).toContainText(friend.name);

  await friendPage.goto('/community');
  await friendPage.getByRole('button', { name: 'Notifications, 1 unread' }).click();
  const bell = friendPage.getByRole('dialog').filter({ hasText: 'Mark all read' });
  await bell.getByText('mentioned you in a post').click();
  await expect(friendPage).toHaveURL(/\/community\/post\/[0-9a-f-]{36}$/);
  await expect(
    friendPage.getByRole('article', { name: title }).getByRole('link', { name: `@${friend.name}` }),
  ).toBeVisible();
});
