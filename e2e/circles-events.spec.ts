import { expect, test } from '@playwright/test';
import { becomeMember } from './fixtures.ts';

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

  await second.goto('/community?tab=events');
  const same = second.getByRole('article', { name: 'Full Moon Release Walk' });
  await same.getByRole('button', { name: 'Maybe' }).click();
  await expect(second.getByText("You've marked yourself as maybe attending.")).toBeVisible();
  await same.getByRole('button', { name: 'View Details' }).click();
  const details = second.getByRole('dialog', { name: 'Full Moon Release Walk' });
  await expect(details.getByRole('heading', { name: `Who's Going (${before + 1})` })).toBeVisible();
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
