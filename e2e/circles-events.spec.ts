import { expect, type Page, test } from '@playwright/test';
import { ADMIN_EMAIL, becomeMember, signInAs } from './fixtures.ts';

test('members join circles by their rules', async ({ page }) => {
  await becomeMember(page);
  await page.goto('/community?tab=circles');
  await expect(page.getByRole('heading', { name: 'Sacred Circles' })).toBeVisible();

  const specialized = page.getByRole('article', { name: 'Energy Healers Collective' });
  await specialized.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByText('Welcome to the circle!')).toBeVisible();
  await expect(specialized.getByText('Member')).toBeVisible();

  const open = page.getByRole('article', { name: 'Sacred Mothers' });
  await open.getByRole('button', { name: 'Join' }).click();
  await expect(page.getByText('Join request sent successfully!')).toBeVisible();
  await expect(open.getByText('Request pending')).toBeVisible();

  const privateCircle = page.getByRole('article', { name: 'Inner Priestess Mentorship Pod' });
  await privateCircle.getByRole('button', { name: 'Request Invitation' }).click();
  await expect(page.getByText('Private Circle', { exact: true })).toBeVisible();

  await page.getByRole('tab', { name: 'My Circles' }).click();
  await expect(page.getByRole('article', { name: 'Energy Healers Collective' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Sacred Mothers' })).toHaveCount(0);
});

test('two members RSVP to an event and see each other going', async ({ browser }) => {
  const first = await (await browser.newContext()).newPage();
  const second = await (await browser.newContext()).newPage();
  await becomeMember(first);
  await becomeMember(second);

  await first.goto('/community?tab=events');
  const event = first.getByRole('article', { name: 'Full Moon Release Walk' });
  await expect(event).toBeVisible();
  const before = Number((await event.getByText(/attending/).innerText()).match(/\d+/)?.[0]);
  await event.getByRole('button', { name: 'Attend' }).click();
  await expect(first.getByText("You've marked yourself as attending.")).toBeVisible();
  await expect(event.getByRole('button', { name: "Can't Attend" })).toBeVisible();
  await expect(event.getByText(new RegExp(`\\b${before + 1}(/\\d+)? attending`))).toBeVisible();

  // Who is going is asked for when she opens an event's details, not for every card of the list.
  const attendeeReads: string[] = [];
  second.on('request', (request) => {
    if (/\/api\/events\/[^/]+\/attendees$/.test(new URL(request.url()).pathname)) attendeeReads.push(request.url());
  });
  await second.goto('/community?tab=events');
  const same = second.getByRole('article', { name: 'Full Moon Release Walk' });
  await same.getByRole('button', { name: 'Maybe' }).click();
  await expect(second.getByText("You've marked yourself as maybe attending.")).toBeVisible();
  expect(attendeeReads).toEqual([]);
  await same.getByRole('button', { name: 'View Details' }).click();
  const details = second.getByRole('dialog', { name: 'Full Moon Release Walk' });
  await expect(details.getByRole('heading', { name: `Who's Going (${before + 1})` })).toBeVisible();
  await expect.poll(() => attendeeReads.length).toBe(1);
  await expect(details.getByRole('heading', { name: 'About This Event' })).toBeVisible();
  await details.getByRole('button', { name: 'Attending' }).click();
  await expect(details.getByRole('heading', { name: `Who's Going (${before + 2})` })).toBeVisible();
  const [download] = await Promise.all([
    second.waitForEvent('download'),
    details.getByRole('link', { name: 'Add to calendar' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.ics$/);

  await first.getByRole('tab', { name: 'My Events' }).click();
  await expect(first.getByRole('article', { name: 'Full Moon Release Walk' })).toBeVisible();
});

const sameOrigin = () => ({ origin: process.env.E2E_ORIGIN ?? '' });

test('a guide’s decision on a join request shows at once; leaving asks first and says so', async ({ browser }) => {
  const approved = await (await browser.newContext()).newPage();
  const declined = await (await browser.newContext()).newPage();
  const admin = await (await browser.newContext()).newPage();
  await becomeMember(approved);
  await becomeMember(declined);
  await admin.goto('/');
  await signInAs(admin, ADMIN_EMAIL);
  const circleName = 'Full Moon Release Circle';
  for (const page of [approved, declined]) {
    await page.goto('/community?tab=circles');
    const card = page.getByRole('article', { name: circleName });
    await card.getByRole('button', { name: 'Join' }).click();
    await expect(card.getByText('Request pending')).toBeVisible();
  }
  const idOf = async (page: Page) => (await (await page.request.get('/api/me')).json()).user.id as string;
  const { requests } = await (await admin.request.get('/api/circles/requests')).json();
  const requestOf = async (page: Page) => {
    const userId = await idOf(page);
    return requests.find(
      (r: { userId: string; circleName: string }) => r.userId === userId && r.circleName === circleName,
    ).id as string;
  };
  const decide = async (page: Page, decision: 'approve' | 'decline') =>
    expect(
      (
        await admin.request.post(`/api/circles/requests/${await requestOf(page)}/${decision}`, {
          data: {},
          headers: sameOrigin(),
        })
      ).ok(),
    ).toBe(true);
  await decide(approved, 'approve');
  await decide(declined, 'decline');

  // No reload: the cards follow the decisions, and the declined member is told.
  const approvedCard = approved.getByRole('article', { name: circleName });
  await expect(approvedCard.getByText('Member', { exact: true })).toBeVisible();
  await expect(declined.getByRole('listitem').filter({ hasText: 'Join request declined' })).toContainText(
    `Your request to join ${circleName} was not accepted this time.`,
  );
  await expect(declined.getByRole('article', { name: circleName }).getByRole('button', { name: 'Join' })).toBeVisible();

  await approvedCard.getByRole('button', { name: `Leave ${circleName}` }).click();
  const confirm = approved.getByRole('dialog', { name: `Leave ${circleName}?` });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(approvedCard.getByText('Member', { exact: true })).toBeVisible();
  await approvedCard.getByRole('button', { name: `Leave ${circleName}` }).click();
  await confirm.getByRole('button', { name: 'Leave circle' }).click();
  await expect(approved.getByText(`You left ${circleName}`)).toBeVisible();
  await expect(approvedCard.getByRole('button', { name: 'Join' })).toBeVisible();
});

test('an event card shows its date and time in her time zone; a cancelled event says so from her notifications', async ({
  browser,
}) => {
  const page = await (await browser.newContext({ timezoneId: 'Asia/Tokyo', locale: 'en-US' })).newPage();
  const admin = await (await browser.newContext()).newPage();
  await becomeMember(page);
  await admin.goto('/');
  await signInAs(admin, ADMIN_EMAIL);
  const { circles } = await (await admin.request.get('/api/admin/circles')).json();
  const start = new Date(Date.now() + 3 * 86_400_000);
  start.setUTCHours(9, 30, 0, 0);
  const title = `Moonrise Meditation ${Date.now()}`;
  const created = await admin.request.post('/api/admin/events', {
    data: {
      circleId: circles.find((c: { name: string }) => c.name === 'Full Moon Release Circle').id,
      title,
      description: 'Breathing with the rising moon.',
      eventDate: start.toISOString(),
      durationMinutes: 45,
      isVirtual: true,
      meetingLink: 'https://meet.example.com/moonrise',
    },
    headers: sameOrigin(),
  });
  const { id } = await created.json();

  await page.goto('/community?tab=events');
  const card = page.getByRole('article', { name: title });
  // 18:30 in Tokyo, written as her browser writes dates, beside the relative day.
  const inTokyo = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Asia/Tokyo',
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(start);
  await expect(card.locator('time')).toHaveText(
    new RegExp(`^${inTokyo.replace(/\s+/g, '\\s')} \\((in )?\\d+ days\\)$`),
  );
  await card.getByRole('button', { name: 'Attend' }).click();
  await expect(page.getByText("You've marked yourself as attending.")).toBeVisible();

  // Cancelled while she is on the page: she is told, and View opens the event, which says so.
  await admin.request.post(`/api/admin/events/${id}/cancel`, { data: {}, headers: sameOrigin() });
  const toast = page.getByRole('listitem').filter({ hasText: 'Event cancelled' });
  await expect(toast).toContainText(`"${title}" on`);
  await toast.getByRole('button', { name: 'View' }).click();
  const details = page.getByRole('dialog', { name: title });
  await expect(details.getByText('This event was cancelled')).toBeVisible();
  await expect(details.getByRole('button', { name: 'Attending' })).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`event=${id}`));
  await details.getByRole('button', { name: 'Close' }).click();
  await expect(page).not.toHaveURL(/event=/);

  // Her earlier "You are going" leads to the same page.
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: 'Mark all read' })
    .getByText(`Your place at ${title} is saved`)
    .click();
  await expect(page.getByRole('dialog', { name: title }).getByText('This event was cancelled')).toBeVisible();
});
