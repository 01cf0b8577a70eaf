import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { ADMIN_EMAIL, signInAs, uniqueEmail } from './fixtures.ts';

// One unbroken word (no space, nowhere to wrap) as long as each field takes, up to 2,000 characters: what a
// pasted link or a held-down key gives. Each page must wrap it, never grow wider than a 320 px phone.
const word = (length: number, letters = 'Moonlight') =>
  letters.repeat(Math.ceil(length / letters.length)).slice(0, Math.min(length, 2000));
const PHONE = { width: 320, height: 640 };
const origin = () => ({ origin: process.env.E2E_ORIGIN ?? '' });

/**
 * What sticks out sideways: the page itself wider than the screen, a box or a line of text past its edge
 * where nothing clips it (dialogs, popovers and toasts are fixed: they never widen the page, so they are
 * checked this way, and their text must stay inside them), and a box that hides or scrolls sideways what it
 * cannot hold. Tab strips scroll by design, `truncate` ends its line with an ellipsis, and a text field
 * scrolls its own value.
 */
async function expectNothingWider(page: Page, where: string) {
  const problems = await page.evaluate(() => {
    const found = new Set<string>();
    const width = window.innerWidth;
    const name = (element: Element) =>
      `<${element.tagName.toLowerCase()} class="${String(element.getAttribute('class')).slice(0, 50)}"> ` +
      `"${(element.textContent ?? '').trim().slice(0, 24)}"`;
    const pokesOut = (box: DOMRect) => box.width > 1 && (box.right > width + 1 || box.left < -1);
    const clips = (element: Element) => getComputedStyle(element).overflowX !== 'visible';
    // Whether a box between `element` and `within` (exclusive) clips sideways.
    const isClipped = (element: Element | null, within: Element | null = null) => {
      for (let box = element; box && box !== within; box = box.parentElement) if (clips(box)) return true;
      return false;
    };
    const textsOf = function* (root: Element) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(text);
        if (text.parentElement) yield { parent: text.parentElement, box: range.getBoundingClientRect() };
      }
    };
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth > width) found.add(`the page is ${scrollWidth} px wide`);
    for (const { parent, box } of textsOf(document.body)) {
      if (pokesOut(box) && !isClipped(parent)) found.add(`text of ${name(parent)} runs to ${Math.round(box.right)} px`);
    }
    const layers =
      '[role="dialog"], [role="alertdialog"], [data-radix-popper-content-wrapper] > *, [data-sonner-toast]';
    for (const layer of Array.from(document.querySelectorAll(layers))) {
      const edge = layer.getBoundingClientRect();
      for (const { parent, box } of textsOf(layer)) {
        const outside = box.width > 1 && (box.right > edge.right + 1 || box.left < edge.left - 1);
        if (outside && !isClipped(parent, layer)) found.add(`text of ${name(parent)} leaves ${name(layer)}`);
      }
    }
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect();
      const parent = element.parentElement;
      // Sonner's list is as wide as the screen from a 16 px offset on phones; it draws nothing itself.
      const isToastList = element.matches('[data-sonner-toaster]');
      // Only the outermost box that sticks out: its content would be listed too.
      const outermost = !(parent && pokesOut(parent.getBoundingClientRect()));
      if (pokesOut(box) && !isToastList && !isClipped(parent) && outermost) {
        found.add(`${name(element)} spans ${Math.round(box.left)}..${Math.round(box.right)} px`);
      }
      const scrollsByDesign =
        element.getAttribute('role') === 'tablist' ||
        element.matches('input, textarea') ||
        getComputedStyle(element).textOverflow === 'ellipsis';
      if (box.width > 1 && clips(element) && !scrollsByDesign && element.scrollWidth > element.clientWidth + 1) {
        found.add(`${name(element)} holds ${element.scrollWidth} px in ${element.clientWidth} px`);
      }
    }
    return [...found];
  });
  expect.soft(problems, where).toEqual([]);
}

async function memberPage(browser: Browser, email = uniqueEmail('long')) {
  const page = await (await browser.newContext({ viewport: PHONE })).newPage();
  await signInAs(page, email);
  if (email !== ADMIN_EMAIL) {
    const paid = await page.request.post('/api/billing/test/complete', { data: {}, headers: origin() });
    expect(paid.ok(), await paid.text()).toBe(true);
  }
  return page;
}

async function send(request: APIRequestContext, method: 'post' | 'put' | 'patch', url: string, data: object) {
  const response = await request[method](url, { data, headers: origin() });
  expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
  return response.json();
}

let author: Page;
let sister: Page;
let admin: Page;
const made = { postId: '', topicId: '', categoryId: '' };

// One author, a sister who answers her, and the admin; each page lives across the tests of this file.
test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  author = await memberPage(browser);
  sister = await memberPage(browser);
  admin = await memberPage(browser, ADMIN_EMAIL);

  // Her name and bio through the form itself.
  await author.goto('/community');
  await author.getByRole('button', { name: 'My Profile' }).click();
  await author.getByRole('button', { name: 'Edit Profile' }).click();
  await author.getByLabel('Display name').fill(word(80));
  await author.getByLabel('Bio').fill(word(500));
  await author.getByRole('button', { name: 'Save Changes' }).click();
  await expect(author.getByText('Profile updated successfully!')).toBeVisible();
  const sisterly = { displayName: word(80, 'Stardust'), bio: word(500, 'Stardust') };
  await send(sister.request, 'put', '/api/profiles/me', sisterly);

  // What members write, and what admins write for them.
  const post = await send(author.request, 'post', '/api/posts', { title: word(200), content: word(2000) });
  made.postId = post.id;
  await send(sister.request, 'post', `/api/posts/${post.id}/comments`, { content: word(2000) });
  await send(sister.request, 'put', `/api/posts/${post.id}/like`, {});
  const { categories } = await (await author.request.get('/api/forums/categories')).json();
  made.categoryId = categories[0].id;
  const topic = await send(author.request, 'post', `/api/forums/categories/${made.categoryId}/topics`, {
    title: word(200),
    content: word(2000),
  });
  made.topicId = topic.id;
  await send(sister.request, 'post', `/api/forums/topics/${topic.id}/replies`, { content: word(2000) });
  await send(admin.request, 'put', `/api/forums/topics/${topic.id}/lock`, { isLocked: true });
  const circle = await send(admin.request, 'post', '/api/admin/circles', {
    name: word(120),
    description: word(2000),
    type: 'open',
    focusArea: word(120),
    maxMembers: 20,
  });
  await send(author.request, 'post', `/api/circles/${circle.id}/join`, {});
  const event = await send(admin.request, 'post', '/api/admin/events', {
    circleId: circle.id,
    title: word(200),
    description: word(2000),
    eventDate: new Date(Date.now() + 86_400_000).toISOString(),
    durationMinutes: 60,
    isVirtual: false,
    location: word(300),
  });
  await send(author.request, 'put', `/api/events/${event.id}/rsvp`, { status: 'going' });
  const today = await (await author.request.get('/api/rituals')).json();
  await send(author.request, 'post', '/api/rituals', {
    title: word(120),
    description: word(1000),
    instructions: word(2000),
    durationMinutes: 10,
    moonPhase: today.moon.phase,
  });
});

test('her profile, as she and another member see it', async () => {
  await author.goto('/community?tab=leaderboard');
  await author.getByRole('button', { name: 'My Profile' }).click();
  await expect(author.getByRole('dialog').getByText(word(500))).toBeVisible();
  await expectNothingWider(author, 'her own profile');
  await author.getByRole('button', { name: 'Edit Profile' }).click();
  await expectNothingWider(author, 'her profile form');

  await sister.goto(`/community?tab=forums&category=${made.categoryId}&topic=${made.topicId}`);
  await sister
    .getByRole('button', { name: word(80) })
    .first()
    .click();
  await expect(sister.getByRole('dialog').getByText(word(500))).toBeVisible();
  await expectNothingWider(sister, 'her profile, seen by another member');
});

test('the feed and its comments', async () => {
  await author.goto('/community');
  const post = author.getByRole('article', { name: word(200) }).first();
  await expect(post).toBeVisible();
  await expectNothingWider(author, 'the feed');
  await post.getByRole('button', { name: /comment/ }).click();
  await expect(post.getByText(word(2000))).toHaveCount(2);
  await expectNothingWider(author, 'the feed with the comments open');
});

test('notifications, circles, events, forums and the leaderboard', async () => {
  for (const [tab, shows] of [
    ['circles', word(120)],
    ['events', word(200)],
    ['forums', 'Discussion Forums'],
    ['leaderboard', 'Sacred Sisterhood Leaderboard'],
  ] as const) {
    await author.goto(`/community?tab=${tab}`);
    await expect(author.getByRole('heading', { name: shows }).first()).toBeVisible();
    await expectNothingWider(author, `the ${tab} tab`);
  }
  await author.getByRole('button', { name: /^Notifications/ }).click();
  await expect(author.getByRole('dialog').getByText(/commented on your post/)).toBeVisible();
  await expectNothingWider(author, 'the notifications');
  await author.keyboard.press('Escape');

  await author.goto('/community?tab=events');
  await author
    .getByRole('article', { name: word(200) })
    .first()
    .getByRole('button', { name: 'View Details' })
    .click();
  await expect(author.getByRole('dialog').getByText(word(300)).first()).toBeVisible();
  await expectNothingWider(author, 'the event details');

  await author.goto(`/community?tab=forums&category=${made.categoryId}`);
  await expect(author.getByText(word(200)).first()).toBeVisible();
  await expectNothingWider(author, 'the topic list');
  await author.goto(`/community?tab=forums&category=${made.categoryId}&topic=${made.topicId}`);
  await expect(author.getByRole('heading', { name: word(200) })).toBeVisible();
  await expectNothingWider(author, 'the topic');
});

test('her rituals, the ritual dialog, a toast and the dashboard', async () => {
  await author.goto('/rituals');
  const ritual = author.getByRole('article', { name: word(120) }).first();
  await expect(ritual).toBeVisible();
  await expectNothingWider(author, 'the rituals');
  await ritual.getByRole('button', { name: `Begin ${word(120)}` }).click();
  await expectNothingWider(author, 'the ritual dialog');
  await author.getByLabel('Notes (optional)').fill(word(2000));
  await author.getByRole('button', { name: /^Complete Ritual/ }).click();
  await expect(author.getByRole('listitem').filter({ hasText: 'day 1 in a row' })).toBeVisible();
  await expectNothingWider(author, 'the rituals after completing hers');

  await send(sister.request, 'post', `/api/posts/${made.postId}/comments`, { content: word(2000) });
  await expect(author.getByText(/commented on your post/)).toBeVisible();
  await expectNothingWider(author, 'a toast');
  await author.goto('/dashboard');
  await expectNothingWider(author, 'the dashboard');
});

test('the admin panel and the circle requests', async () => {
  for (const [url, shows] of [
    ['/admin', 'Upcoming events'],
    ['/admin?tab=users', 'User Management'],
    ['/admin?tab=content', 'Content Moderation'],
    ['/admin?tab=settings', 'Audit Log'],
    ['/community?tab=circles', /^Join requests/],
  ] as const) {
    await admin.goto(url);
    await expect(admin.getByRole('heading', { name: shows })).toBeVisible();
    // Every long text starts with the 80 characters of her name.
    await expect(admin.getByText(word(80)).first()).toBeVisible();
    await expectNothingWider(admin, url);
  }
  await admin.goto('/admin?tab=users');
  await admin.getByLabel('Search users').fill('Moonlight');
  await expect(admin.getByText(word(80)).first()).toBeVisible();
  await expectNothingWider(admin, 'the users found');
  await admin.goto('/admin?tab=content');
  for (const kind of ['Comments', 'Forum Topics']) {
    await admin.getByRole('tab', { name: new RegExp(`^${kind}`) }).click();
    await expect(admin.getByText(word(2000)).first()).toBeVisible();
    await expectNothingWider(admin, `moderation: ${kind}`);
  }
});

test('a course, its lesson and a ritual as the owner wrote them', async () => {
  test.setTimeout(120_000);
  // Made and removed here, so the other files' catalog and rituals stay as seeded.
  let course = await send(admin.request, 'post', '/api/admin/courses', { title: word(120) });
  course = await send(admin.request, 'patch', `/api/admin/courses/${course.id}`, {
    version: course.version,
    summary: word(300),
    description: word(2000),
    access: 'free',
  });
  const lesson = await send(admin.request, 'post', `/api/admin/modules/${course.modules[0].id}/lessons`, {
    title: word(160),
  });
  await send(admin.request, 'patch', `/api/admin/lessons/${lesson.id}`, {
    version: lesson.version,
    description: word(1000),
    bodyMarkdown: word(2000),
  });
  // Adding a lesson moved the course on a version.
  course = await (await admin.request.get(`/api/admin/courses/${course.id}`)).json();
  course = await send(admin.request, 'post', `/api/admin/courses/${course.id}/status`, {
    version: course.version,
    status: 'published',
  });
  // Tonight's phase: the page shows every ritual of it, but only six of the other phases.
  const tonight = (await (await author.request.get('/api/rituals')).json()).moon.phase;
  const ritual = await send(admin.request, 'post', '/api/admin/rituals', {
    title: word(120, 'Bathing'),
    description: word(1000),
    instructions: word(2000),
    durationMinutes: 10,
    category: word(40),
    moonPhase: tonight,
  });
  try {
    await author.goto('/courses');
    await expect(author.getByText(word(300))).toBeVisible();
    await expectNothingWider(author, 'the course list');
    await author.goto(`/course/${course.id}`);
    await expect(author.getByText(word(2000))).toBeVisible();
    await expectNothingWider(author, 'the course page');
    await author.goto(`/course/${course.id}/lesson/${lesson.id}`);
    await expect(author.getByRole('heading', { name: word(160), level: 1 })).toBeVisible();
    await expectNothingWider(author, 'the lesson page');
    await author.goto('/rituals');
    await expect(author.getByRole('article', { name: word(120, 'Bathing') })).toBeVisible();
    await expectNothingWider(author, 'a ritual with a long category');
  } finally {
    await admin.request.delete(`/api/admin/rituals/${ritual.id}`, { headers: origin() });
    await admin.request.delete(`/api/admin/courses/${course.id}`, { headers: origin() });
  }
});
