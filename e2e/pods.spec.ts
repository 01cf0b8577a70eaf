import { type Browser, expect, type Page, test } from '@playwright/test';
import { ADMIN_EMAIL, becomeMember, signInAs } from './fixtures.ts';

test.setTimeout(120_000);

async function newMember(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  const { email } = await becomeMember(page);
  // New accounts are named after their email.
  return { page, name: email.split('@')[0] ?? email };
}

const composer = (page: Page) => page.getByPlaceholder('Type your message...');
const thread = (page: Page) => page.getByRole('list', { name: 'Messages' });

test('an admin creates a pod, the mentor accepts until it is full, and the pod talks live', async ({ browser }) => {
  const mentor = await newMember(browser);
  const members = [await newMember(browser), await newMember(browser), await newMember(browser)];
  const [ana, bea, cleo] = members as [(typeof members)[0], (typeof members)[0], (typeof members)[0]];
  const podName = `New Moon Pod ${Date.now()}`;

  // The admin creates the pod: capacity 3 is the mentor and two members.
  const admin = await (await browser.newContext()).newPage();
  await admin.goto('/');
  await signInAs(admin, ADMIN_EMAIL);
  await admin.goto('/admin?tab=pods');
  await admin.getByRole('button', { name: 'New pod' }).click();
  const form = admin.getByRole('dialog', { name: 'New pod' });
  await form.getByLabel('Name', { exact: true }).fill(podName);
  await form.getByLabel('Description', { exact: true }).fill('Six weeks of new-moon intentions, together.');
  await form.getByLabel('Focus', { exact: true }).fill('Intentions');
  await form.getByLabel('Capacity (people, mentor included)').fill('3');
  await form.getByRole('button', { name: 'Create pod' }).click();
  await expect(form.getByText('Choose a mentor')).toBeVisible();
  await form.getByLabel('Find a member by name').fill(mentor.name);
  await form.getByRole('button', { name: mentor.name }).click();
  await expect(form.getByText(`Chosen: ${mentor.name}`)).toBeVisible();
  await form.getByRole('button', { name: 'Create pod' }).click();
  await expect(admin.getByText('Pod created')).toBeVisible();
  await expect(admin.getByText(podName)).toBeVisible();

  // Three members ask to join from the Community tab, each with a note.
  for (const member of members) {
    await member.page.goto('/community?tab=pods');
    const card = member.page.getByRole('article', { name: podName });
    await expect(card).toContainText('1 of 3 places taken (mentor included)');
    await card.getByRole('button', { name: 'Ask to join' }).click();
    const dialog = member.page.getByRole('dialog', { name: `Ask to join ${podName}` });
    await dialog.getByLabel('A note for the mentor (optional)').fill(`I am ${member.name}`);
    await dialog.getByRole('button', { name: 'Send request' }).click();
    await expect(member.page.getByText('Your request was sent to the mentor')).toBeVisible();
    await expect(card.getByText('Request pending')).toBeVisible();
  }

  // The mentor finds the requests on the pod page: two accepted, the third refused because it is full.
  await mentor.page.goto('/community?tab=pods');
  await mentor.page.getByRole('article', { name: podName }).getByRole('link', { name: 'Open pod' }).click();
  await expect(mentor.page.getByRole('heading', { level: 1, name: podName })).toBeVisible();
  await expect(mentor.page.getByRole('heading', { name: 'Requests to join (3)' })).toBeVisible();
  await expect(mentor.page.getByText(`I am ${cleo.name}`)).toBeVisible();
  await mentor.page.getByRole('button', { name: `Accept ${ana.name}` }).click();
  await expect(mentor.page.getByText(`${ana.name} joined the pod`)).toBeVisible();
  await mentor.page.getByRole('button', { name: `Accept ${bea.name}` }).click();
  await expect(mentor.page.getByText(`${bea.name} joined the pod`)).toBeVisible();
  await mentor.page.getByRole('button', { name: `Accept ${cleo.name}` }).click();
  await expect(mentor.page.getByText('This pod is full: every place is taken')).toBeVisible();
  await mentor.page.getByRole('button', { name: `Decline ${cleo.name}` }).click();
  await expect(mentor.page.getByText('Request declined')).toBeVisible();
  await expect(mentor.page.getByText('3 of 3 places taken (mentor included)').first()).toBeVisible();

  // The mentor sets a goal and the two browsers talk live in the pod's conversation.
  await mentor.page.getByLabel('New goal').fill('Write one intention each new moon');
  await mentor.page.getByRole('button', { name: 'Add' }).click();
  // Ticked once the server has it.
  await mentor.page.getByRole('checkbox', { name: 'Write one intention each new moon' }).click();
  await expect(mentor.page.getByRole('checkbox', { name: 'Write one intention each new moon' })).toBeChecked();

  await ana.page.goto('/community?tab=pods');
  await ana.page.getByRole('article', { name: podName }).getByRole('link', { name: 'Open pod' }).click();
  await expect(ana.page.getByRole('heading', { name: 'Pod conversation' })).toBeVisible();
  await expect(ana.page.getByRole('checkbox', { name: 'Write one intention each new moon' })).toBeChecked();
  await expect(ana.page.getByRole('checkbox', { name: 'Write one intention each new moon' })).toBeDisabled();

  await composer(ana.page).fill('Hello pod 🌑');
  await composer(ana.page).press('Enter');
  await expect(thread(mentor.page)).toContainText('Hello pod 🌑');
  await composer(mentor.page).fill('Welcome, Ana and Bea');
  await composer(mentor.page).press('Enter');
  await expect(thread(ana.page)).toContainText('Welcome, Ana and Bea');

  // Cleo, declined, sees the pod but not its inside.
  await cleo.page.goto('/community?tab=pods');
  await cleo.page.getByRole('article', { name: podName }).getByRole('link', { name: podName }).click();
  await expect(cleo.page.getByRole('heading', { level: 1, name: podName })).toBeVisible();
  await expect(cleo.page.getByRole('button', { name: 'Pod full' })).toBeDisabled();
  await expect(cleo.page.getByRole('heading', { name: 'Pod conversation' })).toHaveCount(0);
});
