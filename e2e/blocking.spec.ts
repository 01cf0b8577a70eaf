import { type Browser, expect, test } from '@playwright/test';
import { uniqueEmail } from './fixtures.ts';

const origin = () => ({ origin: process.env.E2E_ORIGIN ?? '' });

/** A member with a test membership, made through the API (the forms have their own specs); her page signed in. */
async function member(browser: Browser, name: string) {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/');
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, '-'));
  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { email, password: 'moonlight', name },
    headers: origin(),
  });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const paid = await page.request.post('/api/billing/test/complete', { data: {}, headers: origin() });
  expect(paid.ok(), await paid.text()).toBe(true);
  const id = (await (await page.request.get('/api/me')).json()).user.id as string;
  return { page, id, name };
}

test('a member blocks another from her profile, and unblocks her in Settings', async ({ browser }) => {
  const suffix = Date.now().toString(36);
  const ana = await member(browser, `Ana ${suffix}`);
  const bea = await member(browser, `Bea ${suffix}`);
  const title = `Bea's full moon ${suffix}`;
  const posted = await bea.page.request.post('/api/posts', {
    data: { title, content: 'Who is joining the circle tonight?', category: 'general' },
    headers: origin(),
  });
  expect(posted.ok(), await posted.text()).toBe(true);
  // A conversation from before the block.
  const started = await bea.page.request.post('/api/conversations', { data: { userId: ana.id }, headers: origin() });
  const conversationId = (await started.json()).conversation.id as string;

  // Ana sees Bea's post and opens Bea's profile from it.
  await ana.page.goto('/community');
  const post = ana.page.getByRole('article', { name: title });
  await expect(post).toBeVisible();
  await post.getByRole('button', { name: `Open ${bea.name}'s profile` }).click();
  const profile = ana.page.getByRole('dialog', { name: `${bea.name}'s Profile` });
  await profile.getByRole('button', { name: 'Block' }).click();

  // She is asked first, told what it does; Cancel changes nothing.
  const confirm = ana.page.getByRole('dialog', { name: `Block ${bea.name}?` });
  await expect(confirm).toContainText("She won't be told");
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  expect((await (await ana.page.request.get(`/api/blocks/${bea.id}`)).json()).blocked).toBe(false);
  await profile.getByRole('button', { name: 'Block' }).click();
  await confirm.getByRole('button', { name: `Block ${bea.name}` }).click();
  await expect(ana.page.getByText(`You blocked ${bea.name}`)).toBeVisible();
  await expect(profile.getByRole('button', { name: 'Unblock' })).toBeVisible();
  await ana.page.keyboard.press('Escape');

  // Bea's post is gone from Ana's feed (after a reload too, through the shared first page).
  await expect(ana.page.getByRole('article', { name: title })).toHaveCount(0);
  await ana.page.reload();
  await expect(ana.page.getByRole('heading', { name: 'Share with the Sisterhood' })).toBeVisible();
  await expect(ana.page.getByRole('article', { name: title })).toHaveCount(0);

  // Bea cannot message Ana: her send is refused with words that do not say who blocked whom.
  await bea.page.goto(`/community?tab=messages&conversation=${conversationId}`);
  const composer = bea.page.getByPlaceholder('Type your message...');
  await composer.fill('Are you there?');
  await composer.press('Enter');
  await expect(bea.page.getByText("You can't message this member")).toBeVisible();
  await expect(bea.page.getByText(/blocked/i)).toHaveCount(0);
  // Nor is Ana offered when Bea looks for someone to write to.
  const search = await bea.page.request.get(`/api/members/search?q=${encodeURIComponent(ana.name)}`);
  expect((await search.json()).members).toEqual([]);

  // Ana's side of the thread says she blocked Bea, in place of the message box.
  await ana.page.goto(`/community?tab=messages&conversation=${conversationId}`);
  await expect(ana.page.getByText(`You blocked ${bea.name}. Unblock her to write here again.`)).toBeVisible();

  // Settings lists Bea; Unblock takes her off the list and brings her post back.
  await ana.page.goto('/settings');
  const blocked = ana.page.getByRole('list', { name: 'Blocked members' });
  await expect(blocked).toContainText(bea.name);
  await blocked.getByRole('button', { name: `Unblock ${bea.name}` }).click();
  await expect(ana.page.getByText(`You unblocked ${bea.name}`)).toBeVisible();
  await expect(ana.page.getByText("You haven't blocked anyone.")).toBeVisible();
  await ana.page.goto('/community');
  await expect(ana.page.getByRole('article', { name: title })).toBeVisible();
});

test('a member mutes a conversation from its header and unmutes it', async ({ browser }) => {
  const suffix = Date.now().toString(36);
  const ana = await member(browser, `Cleo ${suffix}`);
  const bea = await member(browser, `Dana ${suffix}`);
  const started = await ana.page.request.post('/api/conversations', { data: { userId: bea.id }, headers: origin() });
  const conversationId = (await started.json()).conversation.id as string;
  await ana.page.goto(`/community?tab=messages&conversation=${conversationId}`);
  await ana.page.getByRole('button', { name: 'Mute this conversation' }).click();
  await expect(ana.page.getByText('Conversation muted')).toBeVisible();
  const unmute = ana.page.getByRole('button', { name: 'Unmute this conversation' });
  await expect(unmute).toHaveAttribute('aria-pressed', 'true');
  // Bea writes: the message arrives, and Ana gets no notification.
  const sent = await bea.page.request.post(`/api/conversations/${conversationId}/messages`, {
    data: { content: 'Quiet hello' },
    headers: origin(),
  });
  expect(sent.ok()).toBe(true);
  await expect(ana.page.getByRole('list', { name: 'Messages' })).toContainText('Quiet hello');
  const list = await (await ana.page.request.get('/api/notifications')).json();
  expect(list.notifications.filter((n: { type: string }) => n.type === 'message')).toEqual([]);
  await unmute.click();
  await expect(ana.page.getByRole('button', { name: 'Mute this conversation' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
});
