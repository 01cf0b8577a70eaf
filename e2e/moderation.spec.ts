import { expect, type Page, test } from '@playwright/test';
import { ADMIN_EMAIL, signInAs, uniqueEmail } from './fixtures.ts';

const headers = () => ({ origin: process.env.E2E_ORIGIN ?? '' });

/** A paying member signed in through the API (the sign-up form has its own spec), in a browser of her own. */
async function memberIn(browser: import('@playwright/test').Browser, prefix: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/');
  await signInAs(page, uniqueEmail(prefix));
  const paid = await page.request.post('/api/billing/test/complete', { data: {}, headers: headers() });
  expect(paid.ok(), await paid.text()).toBe(true);
  return page;
}

test('three members report a post: it leaves the feed, a moderator dismisses it, the reporter hears the outcome', async ({
  browser,
}) => {
  // Seven people in browsers of their own.
  test.setTimeout(120_000);
  const author = await memberIn(browser, 'author');
  const title = `Reported post ${Date.now()}`;
  const created = await author.request.post('/api/posts', {
    data: { title, content: 'Something unkind' },
    headers: headers(),
  });
  expect(created.ok(), await created.text()).toBe(true);

  const reader = await memberIn(browser, 'reader');
  // A post of her own: the feed has loaded once it shows.
  const calmTitle = `A calm post ${Date.now()}`;
  await reader.request.post('/api/posts', { data: { title: calmTitle, content: 'Peace' }, headers: headers() });
  await reader.goto('/community');
  await expect(reader.getByRole('article', { name: title })).toBeVisible();

  // The first reporter uses the dialog, from the keyboard: a radio group of reasons and a note.
  const reporter = await memberIn(browser, 'reporter');
  await reporter.goto('/community');
  const reportButton = reporter.getByRole('article', { name: title }).getByRole('button', { name: 'Report post' });
  await reportButton.focus();
  await reporter.keyboard.press('Enter');
  const dialog = reporter.getByRole('dialog', { name: 'Report this post' });
  await expect(dialog).toBeVisible();
  // "Something else" needs a note: refused before anything is sent, and the choice stays.
  await dialog.getByRole('radio', { name: 'Something else' }).check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Tell us a little about what is wrong')).toBeVisible();
  await dialog.getByRole('radio', { name: 'Harassment or bullying' }).check();
  await dialog.getByLabel('Anything a moderator should know? (optional)').fill('She keeps targeting one sister.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog).toBeHidden();
  await expect(reporter.getByText('Thank you for telling us. A moderator will look at it soon.')).toBeVisible();
  await expect(reportButton).toBeFocused();

  const postId = (await created.json()).id as string;
  for (const prefix of ['second', 'third']) {
    const other = await memberIn(browser, prefix);
    const sent = await other.request.post('/api/reports', {
      data: { targetType: 'post', targetId: postId, reason: 'spam' },
      headers: headers(),
    });
    expect(sent.ok(), await sent.text()).toBe(true);
  }

  // Hidden from the fourth member's feed; its author still sees it on its page, marked.
  await reader.reload();
  await expect(reader.getByRole('article', { name: calmTitle })).toBeVisible();
  await expect(reader.getByRole('article', { name: title })).toHaveCount(0);
  await author.goto(`/community/post/${postId}`);
  await expect(author.getByText('Hidden while a moderator reviews it')).toBeVisible();

  // A moderator (made one by the admin) dismisses it from the queue.
  const moderator = await (await browser.newContext()).newPage();
  await moderator.goto('/');
  await signInAs(moderator, uniqueEmail('moderator'));
  const moderatorId = (await (await moderator.request.get('/api/me')).json()).user.id as string;
  const admin = await (await browser.newContext()).newPage();
  await admin.goto('/');
  await signInAs(admin, ADMIN_EMAIL);
  const promoted = await admin.request.put(`/api/users/${moderatorId}/role`, {
    data: { role: 'moderator' },
    headers: headers(),
  });
  expect(promoted.ok(), await promoted.text()).toBe(true);

  await moderator.goto('/moderation');
  await expect(moderator.getByRole('heading', { name: 'Moderation', level: 1 })).toBeVisible();
  const item = moderator.getByRole('listitem').filter({ hasText: title });
  await expect(item.getByText('3 reports')).toBeVisible();
  await expect(item.getByText('Hidden from members')).toBeVisible();
  await expect(item.getByText('She keeps targeting one sister.')).toBeVisible();
  await item.getByRole('button', { name: 'Dismiss' }).click();
  await expect(moderator.getByText('Dismissed: the content is visible again')).toBeVisible();
  await expect(moderator.getByRole('listitem').filter({ hasText: title })).toHaveCount(0);

  // Back in the reader's feed; the reporter is told, without a name.
  await reader.reload();
  await expect(reader.getByRole('article', { name: title })).toBeVisible();
  await reporter.goto('/community');
  await reporter.getByRole('button', { name: /^Notifications/ }).click();
  const bell = reporter.getByRole('dialog').filter({ hasText: 'Notifications' });
  await expect(bell.getByText('A moderator reviewed it and found it within our community guidelines.')).toBeVisible();
});
