import { expect, type Page, test } from '@playwright/test';
import { becomeMember } from './fixtures.ts';

async function newMember(browser: import('@playwright/test').Browser) {
  const page = await (await browser.newContext()).newPage();
  const { email } = await becomeMember(page);
  // New accounts are named after their email.
  return { page, name: email.split('@')[0] ?? email };
}

const composer = (page: Page) => page.getByPlaceholder('Type your message...');
const thread = (page: Page) => page.getByRole('list', { name: 'Messages' });

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

  // The network fails: the toast says so and nothing she typed is lost.
  await ana.page.route('**/api/conversations/*/messages', (route) =>
    route.request().method() === 'POST' ? route.abort() : route.continue(),
  );
  await composer(ana.page).fill('This must not be lost');
  await composer(ana.page).press('Enter');
  await expect(ana.page.getByText('Failed to send message. Please try again.')).toBeVisible();
  await expect(composer(ana.page)).toHaveValue('This must not be lost');
  await ana.page.unrouteAll();
  await ana.page.getByRole('button', { name: 'Send message' }).click();
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
