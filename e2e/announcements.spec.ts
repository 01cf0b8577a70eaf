import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, becomeMember, signInAs } from './fixtures.ts';

const origin = () => ({ origin: process.env.E2E_ORIGIN ?? '' });

test('the owner announces to a circle; a member sees it pinned, dismisses it, and unsubscribes signed out', async ({
  browser,
}) => {
  const stamp = Date.now();
  const admin = await (await browser.newContext()).newPage();
  await admin.goto('/');
  await signInAs(admin, ADMIN_EMAIL);
  // A circle of its own (joined at once: no approval), so that no other spec's feed shows this announcement.
  const circleName = `Announcement circle ${stamp}`;
  const circle = await admin.request.post('/api/admin/circles', {
    data: { name: circleName, description: 'For the test', type: 'specialized', focusArea: 'Testing', maxMembers: 20 },
    headers: origin(),
  });
  expect(circle.ok(), await circle.text()).toBe(true);
  const circleId = (await circle.json()).id as string;

  const member = await (await browser.newContext()).newPage();
  const { email } = await becomeMember(member);
  const joined = await member.request.post(`/api/circles/${circleId}/join`, { data: {}, headers: origin() });
  expect(joined.ok(), await joined.text()).toBe(true);

  // The owner writes it, looks at the preview, and sends it to the circle by email.
  await admin.goto('/admin?tab=announcements');
  const title = `Full moon gathering ${stamp}`;
  await admin.getByLabel('Title').fill(title);
  await admin.getByLabel('Message (Markdown)').fill('Join us **tonight** in the [community](/community).');
  await admin.getByRole('button', { name: 'Preview' }).click();
  await expect(admin.getByRole('region', { name: 'Preview' }).locator('strong', { hasText: 'tonight' })).toBeVisible();
  await admin.getByRole('combobox', { name: 'Audience' }).click();
  await admin.getByRole('option', { name: "One circle's members" }).click();
  await admin.getByRole('combobox', { name: 'Circle' }).click();
  await admin.getByRole('option', { name: circleName }).click();
  await expect(admin.getByRole('switch', { name: 'Send by email' })).toBeChecked();
  await admin.getByRole('button', { name: 'Send announcement' }).click();
  await expect(admin.getByText('Announcement sent')).toBeVisible();
  const row = admin.getByRole('list', { name: 'Sent announcements' }).getByRole('listitem').filter({ hasText: title });
  await expect(row).toContainText(`Circle: ${circleName}`);
  // The job was woken by the send: her email is out (the local outbox is the delivery here).
  await expect(row).toContainText('1 sent', { timeout: 15_000 });

  // She sees it pinned above the feed and closes it; it stays closed.
  await member.goto('/community');
  const card = member.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(card.locator('strong', { hasText: 'tonight' })).toBeVisible();
  await card.getByRole('button', { name: `Dismiss announcement: ${title}` }).click();
  await expect(card).toBeHidden();
  await member.reload();
  await expect(member.getByRole('heading', { name: 'Share with the Sisterhood' })).toBeVisible();
  await expect(member.getByRole('article', { name: title })).toBeHidden();

  // Her email's visible unsubscribe link, opened with no session: opening changes nothing, the button does.
  const outbox = await (await admin.request.get('/api/dev/outbox')).json();
  const mail = outbox.mails.find((m: { to: string; subject: string }) => m.to === email && m.subject === title);
  expect(mail, 'no announcement email').toBeDefined();
  const link = new URL((mail.text as string).match(/https?:\/\/\S+\/email\/unsubscribe\?token=\S+/)?.[0] ?? '');
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`${link.pathname}${link.search}`);
  await expect(visitor.getByRole('heading', { name: 'Stop announcement emails?' })).toBeVisible();
  await expect(visitor.getByText(/no longer receive announcements/)).toBeVisible();
  const before = await member.request.get('/api/notifications/preferences');
  expect((await before.json()).announcementEmails).toBe(true);
  await visitor.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(visitor.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  const after = await member.request.get('/api/notifications/preferences');
  expect((await after.json()).announcementEmails).toBe(false);
  // She turns them back on in her settings.
  await member.goto('/settings');
  const announcementSwitch = member.getByRole('switch', { name: 'Announcements by email' });
  await expect(announcementSwitch).not.toBeChecked();
  await announcementSwitch.click();
  await expect(member.getByText('Announcement emails are on')).toBeVisible();
  await expect(announcementSwitch).toBeChecked();

  // A damaged link says so.
  await visitor.goto(`${link.pathname}?token=${encodeURIComponent('nobody.forged')}`);
  await expect(visitor.getByRole('heading', { name: 'This link did not work' })).toBeVisible();

  // The owner deletes it.
  await row.getByRole('button', { name: `Delete ${title}` }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(admin.getByText('Announcement deleted')).toBeVisible();
  await expect(row).toBeHidden();
});
