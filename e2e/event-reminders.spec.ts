import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, becomeMember, signInAs } from './fixtures.ts';

const sameOrigin = () => ({ origin: process.env.E2E_ORIGIN ?? '' });
const HOUR = 3_600_000;

test('a reminder an hour before reaches the bell; the calendar feed lists the event and Reset link ends the old one', async ({
  browser,
}, testInfo) => {
  const page = await (await browser.newContext({ timezoneId: 'Europe/London', locale: 'en-US' })).newPage();
  const admin = await (await browser.newContext()).newPage();
  await becomeMember(page);
  await admin.goto('/');
  await signInAs(admin, ADMIN_EMAIL);
  const { circles } = await (await admin.request.get('/api/admin/circles')).json();
  const start = new Date(Date.now() + 3 * 86_400_000);
  start.setUTCHours(18, 0, 0, 0);
  const title = `Reminder Circle ${Date.now()}`;
  const created = await admin.request.post('/api/admin/events', {
    data: {
      circleId: circles[0].id,
      title,
      description: 'Gathering under the moon.',
      eventDate: start.toISOString(),
      durationMinutes: 60,
      isVirtual: true,
      meetingLink: 'https://meet.example.com/reminder-room',
    },
    headers: sameOrigin(),
  });
  expect(created.ok()).toBe(true);
  const { id } = await created.json();

  // Before she answers, the room's link is not hers to see.
  await page.goto(`/community?tab=events&event=${id}`);
  const details = page.getByRole('dialog', { name: title });
  await expect(details.getByText('the link appears once you answer')).toBeVisible();
  await details.getByRole('button', { name: 'Close' }).click();

  await page.goto('/community?tab=events');
  const card = page.getByRole('article', { name: title });
  await card.getByRole('button', { name: 'Attend' }).click();
  await expect(page.getByText("You've marked yourself as attending.")).toBeVisible();
  await expect(card.getByRole('link', { name: `Join online: ${title} (opens in a new tab)` })).toHaveAttribute(
    'href',
    'https://meet.example.com/reminder-room',
  );

  // The development clock: the reminders job as if it were 59 minutes before the start.
  const run = await page.request.post('/api/dev/event-reminders/run', {
    params: { at: new Date(start.getTime() - HOUR + 60_000).toISOString() },
    headers: sameOrigin(),
  });
  expect(run.ok()).toBe(true);
  expect((await run.json()).sent).toBeGreaterThanOrEqual(1);

  await page.getByRole('button', { name: /^Notifications/ }).click();
  const reminder = page
    .getByRole('dialog')
    .filter({ hasText: 'Mark all read' })
    .getByText(new RegExp(`^${title} starts in 1 hour, at 6:00 PM \\((UTC|Europe/London)\\)$`));
  await expect(reminder).toBeVisible();
  await reminder.click();
  await expect(page).toHaveURL(new RegExp(`event=${id}`));
  await expect(page.getByRole('dialog', { name: title }).getByRole('link', { name: /reminder-room/ })).toBeVisible();
  await page.getByRole('dialog', { name: title }).getByRole('button', { name: 'Close' }).click();

  // Her calendar feed, from Settings.
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Your calendar' });
  await section.getByRole('button', { name: 'Turn on calendar feed' }).click();
  const httpsField = section.getByRole('textbox', { name: 'Subscription link (https)' });
  await expect(httpsField).toHaveValue(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await expect(section.getByRole('textbox', { name: 'Subscription link (webcal)' })).toHaveValue(/^webcal:\/\//);
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('calendar-feed-1280.png'), fullPage: false });
  const first = await httpsField.inputValue();
  const feed = await page.request.get(first);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('text/calendar');
  const ics = (await feed.text()).replace(/\r\n /g, '');
  expect(ics).toContain(`SUMMARY:${title}`);
  expect(ics).toContain(`UID:${id}@`);
  expect(ics).toContain('URL:https://meet.example.com/reminder-room');

  await section.getByRole('button', { name: 'Reset link' }).click();
  await expect(httpsField).not.toHaveValue(first);
  const second = await httpsField.inputValue();
  expect((await page.request.get(first)).status()).toBe(404);
  expect((await page.request.get(second)).status()).toBe(200);

  await page.setViewportSize({ width: 375, height: 800 });
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('calendar-feed-375.png'), fullPage: false });

  await section.getByRole('button', { name: 'Turn off' }).click();
  await expect(section.getByRole('button', { name: 'Turn on calendar feed' })).toBeVisible();
  expect((await page.request.get(second)).status()).toBe(404);
});
