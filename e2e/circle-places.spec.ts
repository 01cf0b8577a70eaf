import { type Browser, expect, type Page, test } from '@playwright/test';
import { ADMIN_EMAIL, becomeMember, signInAs } from './fixtures.ts';

/*
 * Issue 34: a Sacred Circle is a place. Two members in one circle and one outside it, each in a browser
 * of her own: the members share a post, talk live and see the circle's own event; the outsider sees none
 * of it through the pages or the API; leaving and being removed end access at once, without a reload.
 */
test.setTimeout(180_000);

const origin = () => ({ origin: process.env.E2E_ORIGIN ?? '' });

async function newMember(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  const { email } = await becomeMember(page);
  const id = await page.evaluate(async () => (await (await fetch('/api/me')).json()).user.id as string);
  // New accounts are named after their email.
  return { page, id, name: email.split('@')[0] ?? email };
}

const composer = (page: Page) => page.getByPlaceholder('Type your message...');
const thread = (page: Page) => page.getByRole('list', { name: 'Messages' });
const circleTabs = (page: Page) => page.getByRole('tablist', { name: 'Circle sections' });

test('two members share a circle’s feed, chat and events; an outsider sees none of it; leaving ends it', async ({
  browser,
}) => {
  const stamp = Date.now();
  const circleName = `Dark Moon Weavers ${stamp}`;
  const postTitle = `Weaving circle notes ${stamp}`;
  const firstMessage = `Welcome, weavers ${stamp}`;
  const liveMessage = `Tonight we spin at nine ${stamp}`;
  const eventTitle = `Spindle night ${stamp}`;

  // An admin opens a circle that members join at once (specialized).
  const admin = await (await browser.newContext()).newPage();
  await admin.goto('/');
  await signInAs(admin, ADMIN_EMAIL);
  const created = await admin.request.post('/api/admin/circles', {
    data: {
      name: circleName,
      description: 'Spinning, weaving and the stories we tell while our hands are busy.',
      type: 'specialized',
      focusArea: 'Fibre arts',
      maxMembers: 20,
    },
    headers: origin(),
  });
  expect(created.ok(), await created.text()).toBe(true);
  const { id: circleId } = (await created.json()) as { id: string };
  const circleUrl = `/community/circles/${circleId}`;

  const ana = await newMember(browser);
  const bea = await newMember(browser);
  const cleo = await newMember(browser);

  // Ana and Bea join from the circles list and follow the card to the circle's page.
  for (const member of [ana, bea]) {
    await member.page.goto('/community?tab=circles');
    const card = member.page.getByRole('article', { name: circleName });
    await card.getByRole('button', { name: 'Join' }).click();
    await expect(card.getByText('Member', { exact: true })).toBeVisible();
    await card.getByRole('link', { name: circleName }).click();
    await expect(member.page).toHaveURL(new RegExp(`${circleUrl}$`));
    await expect(member.page.getByRole('heading', { level: 1, name: circleName })).toBeVisible();
    await expect(circleTabs(member.page)).toBeVisible();
  }
  await expect(bea.page.getByText('2/20 members')).toBeVisible();

  // Ana posts in the circle's feed.
  await ana.page.getByRole('button', { name: 'Post in the circle' }).click();
  const form = ana.page.getByRole('form', { name: `New post in ${circleName}` });
  await form.getByLabel('Title').fill(postTitle);
  await form.getByLabel('Your post').fill('Bring the wool you love most.');
  await form.getByRole('button', { name: 'Share Post' }).click();
  await expect(ana.page.getByText('Post created successfully!')).toBeVisible();
  const anaPost = ana.page.getByRole('article', { name: postTitle });
  await expect(anaPost).toBeVisible();
  // In its own feed it needs no "in <circle>" link.
  await expect(anaPost.getByRole('link', { name: circleName })).toHaveCount(0);
  const postHref = await anaPost.getByRole('link', { name: postTitle }).getAttribute('href');
  expect(postHref).toMatch(/^\/community\/post\//);

  // Ana says hello in the chat; Bea reads the post and the chat, and the next message arrives live.
  await circleTabs(ana.page).getByRole('tab', { name: 'Chat' }).click();
  await composer(ana.page).fill(firstMessage);
  await composer(ana.page).press('Enter');
  await expect(thread(ana.page)).toContainText(firstMessage);

  await bea.page.reload();
  await expect(bea.page.getByRole('article', { name: postTitle })).toBeVisible();
  await circleTabs(bea.page).getByRole('tab', { name: 'Chat' }).click();
  await expect(thread(bea.page)).toContainText(firstMessage);
  await composer(ana.page).fill(liveMessage);
  await composer(ana.page).press('Enter');
  await expect(thread(bea.page)).toContainText(liveMessage);

  // The main feed keeps to main-feed posts; "From your circles" has hers.
  await bea.page.goto('/community');
  await expect(bea.page.getByRole('heading', { name: 'Share with the Sisterhood' })).toBeVisible();
  await expect(bea.page.getByText('Loading community feed...')).toHaveCount(0);
  await expect(bea.page.getByRole('article', { name: postTitle })).toHaveCount(0);
  await bea.page.getByRole('tab', { name: 'From your circles' }).click();
  const fromCircles = bea.page.getByRole('article', { name: postTitle });
  await expect(fromCircles).toBeVisible();
  await fromCircles.getByRole('link', { name: circleName }).click();
  await expect(bea.page.getByRole('heading', { level: 1, name: circleName })).toBeVisible();

  // The admin schedules a circle-only event from the circle's page (the form's default).
  await admin.goto(`${circleUrl}?tab=events`);
  await admin.getByRole('button', { name: 'Schedule an event' }).click();
  const schedule = admin.getByRole('dialog', { name: 'Schedule an event' });
  await schedule.getByLabel('Title').fill(eventTitle);
  await schedule.getByLabel('Description').fill('Spindles, tea and the new moon.');
  const when = new Date(Date.now() + 5 * 86_400_000);
  const local = new Date(when.getTime() - when.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  await schedule.getByLabel('Date and time (your time zone)').fill(local);
  await schedule.getByLabel('Meeting link').fill('https://meet.example.com/spindle');
  await expect(schedule.getByRole('radio', { name: /Only this circle/ })).toBeChecked();
  await schedule.getByRole('button', { name: 'Create event' }).click();
  await expect(admin.getByText('Event created')).toBeVisible();

  await bea.page.goto(`${circleUrl}?tab=events`);
  const beaEvent = bea.page.getByRole('article', { name: eventTitle });
  await expect(beaEvent).toBeVisible();
  await expect(beaEvent.getByText('Circle only')).toBeVisible();
  await beaEvent.getByRole('button', { name: 'Attend' }).click();
  await expect(beaEvent.getByRole('button', { name: "Can't Attend" })).toBeVisible();

  // Cleo, outside the circle: its page shows its outside only, and no list of hers holds its things.
  await cleo.page.goto(circleUrl);
  await expect(cleo.page.getByRole('heading', { level: 1, name: circleName })).toBeVisible();
  await expect(cleo.page.getByText('Its members see its feed, chat and events.')).toBeVisible();
  await expect(cleo.page.getByRole('button', { name: 'Join' })).toBeVisible();
  await expect(circleTabs(cleo.page)).toHaveCount(0);
  for (const secret of [postTitle, firstMessage, liveMessage, eventTitle]) {
    await expect(cleo.page.getByText(secret)).toHaveCount(0);
  }
  await cleo.page.goto('/community');
  await expect(cleo.page.getByRole('heading', { name: 'Share with the Sisterhood' })).toBeVisible();
  await cleo.page.getByRole('tab', { name: 'From your circles' }).click();
  await expect(cleo.page.getByText('No posts from your circles yet.')).toBeVisible();
  await cleo.page.goto('/community?tab=events');
  await expect(cleo.page.getByRole('heading', { name: 'Sacred Events' })).toBeVisible();
  await expect(cleo.page.getByRole('article').first()).toBeVisible();
  await expect(cleo.page.getByRole('article', { name: eventTitle })).toHaveCount(0);
  // The post's own address answers as if it did not exist.
  await cleo.page.goto(postHref ?? '/');
  await expect(cleo.page.getByRole('alert')).toContainText('This post no longer exists');
  await expect(cleo.page.getByText(postTitle)).toHaveCount(0);

  // Through the API, from her own browser: the circle's inside is refused, its post and event unknown.
  for (const part of ['posts', 'events', 'members']) {
    const refused = await cleo.page.request.get(`/api/circles/${circleId}/${part}`);
    expect(refused.status(), part).toBe(403);
    expect(await refused.text()).not.toContain(postTitle);
  }
  const postId = postHref?.split('/').pop() ?? '';
  expect((await cleo.page.request.get(`/api/posts/${postId}`)).status()).toBe(404);
  const search = await cleo.page.request.get(`/api/search?q=${encodeURIComponent(`weaving ${stamp}`)}`);
  expect(await search.text()).not.toContain(postTitle);
  const detail = await (await cleo.page.request.get(`/api/circles/${circleId}`)).json();
  expect(detail).toMatchObject({ canSeeInside: false, conversationId: null, isMember: false });

  // Bea leaves: the page turns into the outsider's view at once, and the API follows.
  await bea.page.goto(circleUrl);
  await expect(bea.page.getByRole('article', { name: postTitle })).toBeVisible();
  await bea.page.getByRole('button', { name: `Leave ${circleName}` }).click();
  await bea.page
    .getByRole('dialog', { name: `Leave ${circleName}?` })
    .getByRole('button', { name: 'Leave circle' })
    .click();
  await expect(bea.page.getByText(`You left ${circleName}`)).toBeVisible();
  await expect(bea.page.getByText('Its members see its feed, chat and events.')).toBeVisible();
  await expect(circleTabs(bea.page)).toHaveCount(0);
  await expect(bea.page.getByRole('article', { name: postTitle })).toHaveCount(0);
  await expect(bea.page.getByText(liveMessage)).toHaveCount(0);
  expect((await bea.page.request.get(`/api/circles/${circleId}/posts`)).status()).toBe(403);
  await bea.page.goto('/community?tab=events');
  await expect(bea.page.getByRole('heading', { name: 'Sacred Events' })).toBeVisible();
  await expect(bea.page.getByRole('article', { name: eventTitle })).toHaveCount(0);

  // Ana, on the chat, is removed by the admin: her open page follows without a reload.
  await ana.page.goto(`${circleUrl}?tab=chat`);
  await expect(thread(ana.page)).toContainText(liveMessage);
  await admin.goto(`${circleUrl}?tab=members`);
  await admin.getByRole('button', { name: `Remove ${ana.name}` }).click();
  await admin
    .getByRole('dialog', { name: `Remove ${ana.name} from ${circleName}?` })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(admin.getByText(`${ana.name} was removed`)).toBeVisible();
  await expect(ana.page.getByText('Its members see its feed, chat and events.')).toBeVisible();
  await expect(thread(ana.page)).toHaveCount(0);
  await expect(ana.page.getByText(liveMessage)).toHaveCount(0);
});
