import { type Browser, expect, type Page, test } from '@playwright/test';
import { ADMIN_EMAIL, becomeMember, signInAs } from './fixtures.ts';

const COURSE_ONE = [
  'Breaking the Patriarchal Conditioning',
  'Understanding Your Lunar Cycles',
  'Solar Energy & Manifestation',
  'Creating Your Sacred Timeline',
  'Reclaiming Your Throne Ritual',
] as const;

const headers = { origin: process.env.E2E_ORIGIN ?? '' };

test('a member completes course 1 in order through its lesson pages and downloads the certificate', async ({
  page,
}) => {
  // Five lessons, each through its own page and back: longer than one page's test.
  test.slow();
  await becomeMember(page);
  await page.goto('/courses');
  await expect(page.getByRole('link', { name: /Goddess Goals/ })).toBeVisible();
  await page.getByRole('link', { name: /Goddess Goals/ }).click();
  await expect(page).toHaveURL(/\/course\/1$/);
  await expect(page.getByRole('heading', { name: 'Goddess Goals', level: 1 })).toBeVisible();
  await expect(page.getByText('0 of 5 lessons complete')).toBeVisible();

  // Only the first lesson can be started; the others are locked.
  await expect(page.getByRole('button', { name: /^Start Lesson/ })).toHaveCount(1);
  await expect(page.getByRole('button', { name: `${COURSE_ONE[1]} is locked` })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Download Certificate' })).toBeDisabled();

  for (const [index, title] of COURSE_ONE.entries()) {
    // Start Lesson marks it complete at once and opens the lesson's own page.
    await page.getByRole('button', { name: `Start Lesson: ${title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/course/1/lesson/1-${index + 1}$`));
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(`${title} - Lunara`);
    await expect(page.getByText('Lesson completed! 🎉').first()).toBeVisible();
    await expect(page.getByText('Completed', { exact: true })).toBeVisible();
    const outline = page.getByRole('navigation', { name: 'Course outline' });
    await expect(outline.getByRole('link', { name: new RegExp(title) })).toHaveAttribute('aria-current', 'page');
    if (index < COURSE_ONE.length - 1) {
      // Now that this one is complete, the next one opens from here too.
      await expect(page.getByRole('link', { name: new RegExp(`Next lesson.*${COURSE_ONE[index + 1]}`) })).toBeVisible();
    }
    await page.getByRole('link', { name: 'Back to Goddess Goals' }).click();
    await expect(page).toHaveURL(/\/course\/1$/);
    await expect(page.getByText(`${index + 1} of 5 lessons complete`)).toBeVisible();
  }

  await expect(page.getByRole('heading', { name: 'Congratulations, you completed Goddess Goals!' })).toBeVisible();
  // Nothing left to continue.
  await expect(page.getByRole('link', { name: 'Continue where you left off' })).toHaveCount(0);
  await page.getByRole('link', { name: `Rewatch ${COURSE_ONE[0]}` }).click();
  await expect(page.getByRole('heading', { name: COURSE_ONE[0], level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark complete' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Back to Goddess Goals' }).click();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download Certificate' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('lunara-certificate-goddess-goals.pdf');
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 4).toString()).toBe('%PDF');

  await page.goto('/courses');
  await expect(page.getByText('100%')).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByText('Lessons complete')).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: /^5$/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Continue where you left off' })).toHaveCount(0);
});

test('"Continue where you left off" leads back to the next lesson, from the dashboard and the course page', async ({
  page,
}) => {
  await becomeMember(page);
  await page.goto('/course/1');
  await page.getByRole('button', { name: `Start Lesson: ${COURSE_ONE[0]}` }).click();
  await expect(page.getByText('Completed', { exact: true })).toBeVisible();

  await page.goto('/dashboard');
  const card = page.getByRole('heading', { name: 'Continue where you left off' }).locator('..').locator('..');
  await expect(card.getByText(`Lesson 2 of 5: ${COURSE_ONE[1]}`)).toBeVisible();
  await expect(card.getByText('20%')).toBeVisible();
  await card.getByRole('link', { name: `Continue: ${COURSE_ONE[1]}` }).click();
  await expect(page).toHaveURL(/\/course\/1\/lesson\/1-2$/);
  await expect(page.getByRole('heading', { name: COURSE_ONE[1], level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark complete' })).toBeVisible();
  // The one after it is still locked: the page says why instead of linking to a refusal.
  await expect(page.getByText('Complete this lesson to open it')).toBeVisible();

  await page.getByRole('link', { name: 'Back to Goddess Goals' }).click();
  await page.getByRole('link', { name: 'Continue where you left off' }).click();
  await expect(page).toHaveURL(/\/course\/1\/lesson\/1-2$/);
  await page.getByRole('button', { name: 'Mark complete' }).click();
  await expect(page.getByText('Lesson completed! 🎉').first()).toBeVisible();
  await expect(page.getByText('Completed', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(`Next lesson.*${COURSE_ONE[2]}`) })).toBeVisible();

  // A locked lesson opened by its address: the API refuses it and the page says why.
  await page.goto('/course/1/lesson/1-4');
  await expect(page.getByText('Complete the previous lesson first')).toBeVisible();
  await page.goto('/course/1/lesson/1-99');
  await expect(page.getByRole('heading', { name: 'Lesson not found' })).toBeVisible();
});

test('at 375 px the course outline is a drawer, opened and closed from the keyboard', async ({ page }) => {
  await becomeMember(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/course/1/lesson/1-1');
  await expect(page.getByRole('heading', { name: COURSE_ONE[0], level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Course outline' })).toHaveCount(0);
  const opener = page.getByRole('button', { name: 'Course outline' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Goddess Goals' });
  await expect(drawer.getByRole('navigation', { name: 'Course outline' })).toBeVisible();
  await expect(drawer.getByRole('link', { name: new RegExp(COURSE_ONE[0]) })).toHaveAttribute('aria-current', 'page');
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test('an unknown course says so', async ({ page }) => {
  await becomeMember(page);
  await page.goto('/course/77');
  await expect(page.getByRole('heading', { name: 'Course not found' })).toBeVisible();
  await page.goto('/course/not-a-course');
  await expect(page.getByRole('heading', { name: 'Course not found' })).toBeVisible();
  await page.goto('/course/77/lesson/77-1');
  await expect(page.getByRole('heading', { name: 'Course not found' })).toBeVisible();
});

test('an admin previews a course as members see it: every lesson open, nothing recorded', async ({ page }) => {
  await page.goto('/');
  await signInAs(page, ADMIN_EMAIL);
  await page.goto('/course/1?preview=1');
  await expect(page.getByText('Preview: this is how members see this course')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Start Lesson/ })).toHaveCount(0);
  await page.getByRole('link', { name: `Open ${COURSE_ONE[3]}` }).click();
  // The preview follows her into the lessons, even past the ones a member would have to finish first.
  await expect(page).toHaveURL(/\/course\/1\/lesson\/1-4\?preview=1$/);
  await expect(page.getByRole('heading', { name: COURSE_ONE[3], level: 1 })).toBeVisible();
  await expect(page.getByText('Preview: this is how members see this course')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark complete' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Next lesson/ })).toHaveAttribute(
    'href',
    '/course/1/lesson/1-5?preview=1',
  );
  const journey = await (await page.request.get('/api/me/journey')).json();
  expect(journey.lessonsCompleted).toBe(0);
});

/** As the admin, marks a seeded lesson a free preview (or not) through the Content API. */
async function setFreePreview(browser: Browser, lessonId: string, isFreePreview: boolean) {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await admin.goto('/');
  await signInAs(admin, ADMIN_EMAIL);
  const lesson = await (await admin.request.get(`/api/admin/lessons/${lessonId}`)).json();
  const saved = await admin.request.patch(`/api/admin/lessons/${lessonId}`, {
    headers,
    data: {
      version: lesson.version,
      isFreePreview,
      bodyMarkdown: isFreePreview ? '## Your first bath\n\nRun warm water and **breathe**.' : lesson.bodyMarkdown,
      videoLink: isFreePreview ? 'https://youtu.be/dQw4w9WgXcQ' : lesson.videoLink,
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  await context.close();
}

async function expectVisitorPreview(page: Page) {
  await expect(page).toHaveURL(/\/course\/5\/lesson\/5-1$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your first bath' })).toBeVisible();
  await expect(page.getByText('Free preview').first()).toBeVisible();
  // A YouTube link plays from its privacy-enhanced address.
  const title = await page.getByRole('heading', { level: 1 }).textContent();
  const video = page.locator(`iframe[title="${title} video"]`);
  await expect(video).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  await expect(video).toHaveAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
  // Nothing of a visitor's is recorded or completed.
  await expect(page.getByRole('button', { name: 'Mark complete' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Join to unlock' })).toHaveAttribute('href', '/auth?mode=signup');
}

test('a visitor watches a free preview lesson from the landing page, and is asked to join for the rest', async ({
  page,
  browser,
}) => {
  await setFreePreview(browser, '5-1', true);
  try {
    await page.goto('/');
    const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: 'Spiritual Baths' }) });
    await card.getByRole('link', { name: 'Watch a free lesson' }).click();
    await expectVisitorPreview(page);

    await page.goto('/course/5');
    await expect(page.getByRole('heading', { name: 'Spiritual Baths', level: 1 })).toBeVisible();
    await expect(page.getByText('Members only').first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Start Lesson/ })).toHaveCount(0);
    await page.getByRole('link', { name: /^Watch free preview:/ }).click();
    await expectVisitorPreview(page);

    // Any other lesson: the API asks her to sign in, and the page says so with the way in.
    await page.goto('/course/5/lesson/5-2');
    await expect(page.getByText('Sign in to open this lesson')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Join to unlock' })).toBeVisible();
  } finally {
    await setFreePreview(browser, '5-1', false);
  }
});
