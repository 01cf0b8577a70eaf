import { type Browser, expect, type Page, test } from '@playwright/test';
import { becomeMember, waitUntilHydrated } from './fixtures.ts';

type Member = Awaited<ReturnType<typeof newMember>>;

async function newMember(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  const { email } = await becomeMember(page);
  const id = await page.evaluate(async () => (await (await fetch('/api/me')).json()).user.id as string);
  // New accounts are named after their email.
  return { page, id, name: email.split('@')[0] ?? email };
}

const origin = () => ({ origin: process.env.E2E_ORIGIN ?? '' });

/** The conversation between the two, started through the API; its address in the app. */
async function conversationBetween(one: Member, other: Member) {
  const started = await one.page.request.post('/api/conversations', { data: { userId: other.id }, headers: origin() });
  const { conversation } = (await started.json()) as { conversation: { id: string } };
  return { id: conversation.id, url: `/community?tab=messages&conversation=${conversation.id}` };
}

/** How many messages with exactly this text the conversation holds, as the server has it. */
async function storedCount(member: Member, conversationId: string, content: string) {
  const page = (await (await member.page.request.get(`/api/conversations/${conversationId}/messages`)).json()) as {
    items: Array<{ content: string }>;
  };
  return page.items.filter((message) => message.content === content).length;
}

const composer = (page: Page) => page.getByPlaceholder('Type your message...');
const thread = (page: Page) => page.getByRole('list', { name: 'Messages' });
const bubble = (page: Page, text: string) => thread(page).getByRole('listitem').filter({ hasText: text });

test('two members exchange messages live; a failed send keeps the text', async ({ browser }) => {
  const ana = await newMember(browser);
  const bea = await newMember(browser);

  await bea.page.goto('/community?tab=messages');
  await expect(bea.page.getByRole('heading', { name: 'Sacred Sister Messages' })).toBeVisible();
  await expect(bea.page.getByText('No conversations yet')).toBeVisible();

  await ana.page.goto('/community?tab=messages');
  await ana.page.getByRole('button', { name: 'New conversation' }).click();
  const dialog = ana.page.getByRole('dialog', { name: 'Start New Conversation' });
  // Case does not matter; she never finds herself.
  await dialog.getByPlaceholder('Search for a sister...').fill(bea.name.toUpperCase());
  await dialog.getByRole('button', { name: bea.name }).click();
  await expect(ana.page.getByText('New conversation started!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(ana.page.getByRole('heading', { name: bea.name })).toBeVisible();

  const send = ana.page.getByRole('button', { name: 'Send message' });
  await expect(send).toBeDisabled();
  await composer(ana.page).fill('   ');
  await expect(send).toBeDisabled();
  await composer(ana.page).fill('Hello Bea');
  await composer(ana.page).press('Shift+Enter');
  await composer(ana.page).pressSequentially('second line');
  await expect(composer(ana.page)).toHaveValue('Hello Bea\nsecond line');
  await composer(ana.page).press('Enter');
  await expect(composer(ana.page)).toHaveValue('');
  await expect(thread(ana.page)).toContainText('second line');

  // Bea's list updates without a reload, with the unread count.
  const beaConversation = bea.page.getByRole('list', { name: 'Conversations' }).getByRole('button', {
    name: new RegExp(ana.name),
  });
  await expect(beaConversation).toContainText('1 unread');
  await expect(bea.page.getByRole('tab', { name: /Messages/ })).toContainText('1 unread');
  await beaConversation.click();
  await expect(thread(bea.page)).toContainText('Hello Bea');
  await expect(bea.page.getByRole('tab', { name: /Messages/ })).not.toContainText('unread');

  await composer(bea.page).fill('Hi Ana! 🌙');
  await composer(bea.page).press('Enter');
  // Ana has the conversation open: it simply appears.
  await expect(thread(ana.page)).toContainText('Hi Ana! 🌙');

  // The network fails: the toast says so, the message waits as failed, and nothing she typed is lost.
  await ana.page.route('**/api/conversations/*/messages', (route) =>
    route.request().method() === 'POST' ? route.abort() : route.continue(),
  );
  await composer(ana.page).fill('This must not be lost');
  await composer(ana.page).press('Enter');
  await expect(ana.page.getByText('Failed to send message. Please try again.')).toBeVisible();
  await expect(bubble(ana.page, 'This must not be lost')).toContainText('Failed');
  await ana.page.unrouteAll();
  await bubble(ana.page, 'This must not be lost').getByRole('button', { name: 'Retry' }).click();
  await expect(thread(bea.page)).toContainText('This must not be lost');

  // Starting the same conversation again selects it.
  await bea.page.getByRole('button', { name: 'New conversation' }).click();
  await bea.page.getByPlaceholder('Search for a sister...').fill(ana.name);
  await bea.page.getByRole('dialog').getByRole('button', { name: ana.name }).click();
  await expect(bea.page.getByRole('dialog')).toBeHidden();
  await expect(bea.page.getByRole('list', { name: 'Conversations' }).getByRole('button')).toHaveCount(1);
});

test('after the stream drops, the client reconnects by itself and catches up', async ({ browser }) => {
  const ana = await newMember(browser);
  const bea = await newMember(browser);
  const anaId = await ana.page.evaluate(async () => (await (await fetch('/api/me')).json()).user.id as string);

  // Ana's first stream says "ready" and then drops; while it is down, the server is unreachable.
  let down = true;
  let served = false;
  await ana.page.route('**/api/realtime', async (route) => {
    if (!served) {
      served = true;
      return route.fulfill({
        status: 200,
        headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store' },
        body: 'retry: 200\n\ndata: {"type":"ready"}\n\n',
      });
    }
    if (down) return route.abort('connectionrefused');
    return route.fallback();
  });
  await ana.page.goto('/community?tab=messages');
  await expect(ana.page.getByText('No conversations yet')).toBeVisible();
  await expect.poll(() => served).toBe(true);

  // Bea writes while Ana is disconnected.
  const origin = { origin: process.env.E2E_ORIGIN ?? '' };
  const started = await bea.page.request.post('/api/conversations', { data: { userId: anaId }, headers: origin });
  const { conversation } = (await started.json()) as { conversation: { id: string } };
  await bea.page.request.post(`/api/conversations/${conversation.id}/messages`, {
    data: { content: 'Written while you were away' },
    headers: origin,
  });

  // The connection comes back: no reload, and nothing is missed.
  down = false;
  await ana.page.unrouteAll({ behavior: 'ignoreErrors' });
  await expect(
    ana.page.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: new RegExp(bea.name) }),
  ).toContainText('Written while you were away', { timeout: 20_000 });
});

test('a failed send shows Failed with Retry, is never sent by itself, and Retry delivers it once', async ({
  browser,
}) => {
  // A lost answer, an offline send with a wait to see that nothing leaves by itself, a reload, an edit.
  test.slow();
  const ana = await newMember(browser);
  const bea = await newMember(browser);
  const conversation = await conversationBetween(ana, bea);
  await ana.page.goto(conversation.url);
  await expect(composer(ana.page)).toBeVisible();
  const keys: string[] = [];
  ana.page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/messages')) {
      keys.push(request.headers()['idempotency-key'] ?? 'none');
    }
  });

  // The server stores it but the answer is lost on the way back: Sending..., then Failed.
  let answer = () => {};
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await ana.page.route('**/api/conversations/*/messages', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    await answered;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await composer(ana.page).fill('Did this arrive?');
  await composer(ana.page).press('Enter');
  const lost = bubble(ana.page, 'Did this arrive?');
  await expect(lost.filter({ hasText: 'Sending...' })).toHaveCount(1);
  await expect(composer(ana.page)).toHaveValue('');
  answer();
  // She cannot know that the server kept it (its copy may show as soon as the thread reloads): Retry is safe.
  const failed = lost.filter({ hasText: 'Failed' });
  await expect(failed.getByRole('button', { name: 'Retry' })).toBeVisible();
  await ana.page.unrouteAll({ behavior: 'wait' });
  // Retry sends the same message with the same key: the server answers with the one it kept.
  await failed.getByRole('button', { name: 'Retry' }).click();
  await expect(lost).toHaveCount(1);
  await expect(lost).not.toContainText('Failed');
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);
  await bea.page.goto(conversation.url);
  await expect(bubble(bea.page, 'Did this arrive?')).toHaveCount(1);
  expect(await storedCount(bea, conversation.id, 'Did this arrive?')).toBe(1);

  // Offline: Enter fails at once and says so; back online, nothing is sent by itself.
  await ana.page.context().setOffline(true);
  await composer(ana.page).fill('Written offline');
  await composer(ana.page).press('Enter');
  await expect(bubble(ana.page, 'Written offline')).toContainText('Failed');
  await expect(bubble(ana.page, 'Written offline').getByRole('button', { name: 'Retry' })).toBeVisible();
  await ana.page.context().setOffline(false);
  await ana.page.waitForTimeout(3_000);
  expect(await storedCount(bea, conversation.id, 'Written offline')).toBe(0);
  // A reload keeps it, still waiting for her.
  await ana.page.reload();
  await expect(bubble(ana.page, 'Written offline')).toContainText('Failed');
  await bubble(ana.page, 'Written offline').getByRole('button', { name: 'Retry' }).click();
  await expect(bubble(bea.page, 'Written offline')).toHaveCount(1);
  await expect(bubble(ana.page, 'Written offline')).toHaveCount(1);
  await expect(bubble(ana.page, 'Written offline')).not.toContainText('Failed');
  expect(await storedCount(bea, conversation.id, 'Written offline')).toBe(1);

  // Edit takes a failed message back into the message box, beside what she had started.
  await ana.page.context().setOffline(true);
  await composer(ana.page).fill('Change me');
  await composer(ana.page).press('Enter');
  await expect(bubble(ana.page, 'Change me')).toContainText('Failed');
  await composer(ana.page).fill('and this');
  await bubble(ana.page, 'Change me').getByRole('button', { name: 'Edit' }).click();
  await expect(bubble(ana.page, 'Change me')).toHaveCount(0);
  await expect(composer(ana.page)).toHaveValue('Change me\nand this');
  await ana.page.context().setOffline(false);
});

test('the message box keeps each conversation’s draft across a reload until it is sent', async ({ browser }) => {
  // Three members signed up through the form.
  test.slow();
  const ana = await newMember(browser);
  const bea = await newMember(browser);
  const cara = await newMember(browser);
  const withBea = await conversationBetween(ana, bea);
  const withCara = await conversationBetween(ana, cara);
  await ana.page.goto(withBea.url);
  // The draft is kept from the moment the app runs (before, a reload drops what the page had not taken).
  await waitUntilHydrated(composer(ana.page));
  await composer(ana.page).fill('Half a thought for Bea');
  await ana.page.reload();
  await expect(composer(ana.page)).toHaveValue('Half a thought for Bea');
  await ana.page.goto(withCara.url);
  await expect(ana.page.getByRole('heading', { name: cara.name })).toBeVisible();
  await expect(composer(ana.page)).toHaveValue('');
  await ana.page.goto(withBea.url);
  await expect(composer(ana.page)).toHaveValue('Half a thought for Bea');
  await composer(ana.page).press('Enter');
  await expect(bubble(ana.page, 'Half a thought for Bea')).not.toContainText('Sending...');
  await expect(composer(ana.page)).toHaveValue('');
  await ana.page.reload();
  await expect(bubble(ana.page, 'Half a thought for Bea')).toHaveCount(1);
  await expect(composer(ana.page)).toHaveValue('');
});

/** Whether the page is wider than the window (it would scroll sideways, and a phone would zoom out). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('one long word never widens a bubble, the list or the page, for either member', async ({ browser }) => {
  // Two members, three screen widths, the thread and the list each.
  test.slow();
  const ana = await newMember(browser);
  const bea = await newMember(browser);
  const conversation = await conversationBetween(ana, bea);
  const word = 'Moonlight'.repeat(223).slice(0, 2_000);
  const link = `https://example.com/${'path'.repeat(400)}`;
  await ana.page.goto(conversation.url);
  for (const text of [word, link]) {
    await composer(ana.page).fill(text);
    await composer(ana.page).press('Enter');
    await expect(bubble(ana.page, text.slice(0, 40))).toHaveCount(1);
    await expect(bubble(ana.page, text.slice(0, 40))).not.toContainText('Sending...');
  }
  expect(await storedCount(ana, conversation.id, word)).toBe(1);
  const send = (page: Page) => page.getByRole('button', { name: 'Send message' });

  for (const member of [ana, bea]) {
    for (const size of [
      { width: 1280, height: 900 },
      { width: 375, height: 667 },
      { width: 320, height: 640 },
    ]) {
      const where = `${member.name} at ${size.width} px`;
      await member.page.setViewportSize(size);
      await member.page.goto(conversation.url);
      await expect(bubble(member.page, word.slice(0, 40)), where).toBeVisible();
      expect(await overflow(member.page), where).toBe(0);
      await expect(send(member.page), where).toBeInViewport();
      if (size.width === 1280) {
        await expect(member.page.getByRole('list', { name: 'Conversations' }), where).toBeInViewport();
      }
      // Her own long word in the message box does not widen anything either.
      await composer(member.page).fill(word);
      expect(await overflow(member.page), `${where}, typing`).toBe(0);
      await expect(send(member.page), `${where}, typing`).toBeInViewport();
      await composer(member.page).fill('');
      // The list's preview of the last message (the link).
      await member.page.goto('/community?tab=messages');
      await expect(member.page.getByRole('list', { name: 'Conversations' })).toContainText('https://example.com/');
      expect(await overflow(member.page), `${where}, list`).toBe(0);
    }
  }

  // A phone lays the page out at its own width: nothing makes it zoom out.
  const phone = await browser.newContext({
    viewport: { width: 375, height: 667 },
    isMobile: true,
    hasTouch: true,
    storageState: await bea.page.context().storageState(),
  });
  const page = await phone.newPage();
  await page.goto(conversation.url);
  await expect(bubble(page, word.slice(0, 40))).toBeVisible();
  expect(await page.evaluate(() => [window.innerWidth, window.visualViewport?.scale])).toEqual([375, 1]);
  await expect(send(page)).toBeInViewport();
  await phone.close();
});

test('on a 375 x 667 phone an open conversation shows its message box without scrolling', async ({ browser }) => {
  const ana = await newMember(browser);
  const bea = await newMember(browser);
  const conversation = await conversationBetween(ana, bea);
  await ana.page.request.post(`/api/conversations/${conversation.id}/messages`, {
    data: { content: 'Hello from the phone test' },
    headers: origin(),
  });
  await bea.page.setViewportSize({ width: 375, height: 667 });
  // Chosen from the list...
  await bea.page.goto('/community?tab=messages');
  await bea.page
    .getByRole('list', { name: 'Conversations' })
    .getByRole('button', { name: new RegExp(ana.name) })
    .click();
  await expect(thread(bea.page)).toContainText('Hello from the phone test');
  await expect(composer(bea.page)).toBeInViewport({ ratio: 1 });
  await expect(bea.page.getByRole('button', { name: 'Send message' })).toBeInViewport({ ratio: 1 });
  await expect(bea.page.getByRole('button', { name: 'Back to conversations' })).toBeInViewport();
  // ...or opened from its address (a notification, a reload).
  await bea.page.reload();
  await expect(thread(bea.page)).toContainText('Hello from the phone test');
  await expect(composer(bea.page)).toBeInViewport({ ratio: 1 });
  await expect(bea.page.getByRole('button', { name: 'Back to conversations' })).toBeInViewport();
});
