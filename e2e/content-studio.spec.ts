import { type Browser, expect, type Page, test } from '@playwright/test';
import { ADMIN_EMAIL, becomeMember, signInAs } from './fixtures.ts';
import { sameOriginHeaders, shot } from './media-fixtures.ts';

/** An MP4 as far as the server's content check goes (an `ftyp` box), which is all an upload needs here. */
function mp4(bytes = 50_000): Buffer {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 0x20]),
    Buffer.from('ftypisom\0\0\x02\0isomiso2avc1mp41', 'latin1'),
  ]);
  return Buffer.concat([ftyp, Buffer.alloc(bytes - ftyp.length, 7)]);
}
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

// What a careless paste or a hostile co-admin could put in a lesson: none of it may run.
const HOSTILE_BODY = [
  '## The first light',
  '',
  'Light a candle and **breathe** with the new moon.',
  '',
  '- Sit',
  '- Listen',
  '',
  '> The moon does not hurry.',
  '',
  '<script>window.__pwned = "script"</script>',
  '<img src="x" onerror="window.__pwned = \'img\'">',
  // (an HTML line runs to the next blank line: the link must be a paragraph of its own)
  '',
  '[A trap](javascript:window.__pwned="link") and [the calendar](https://example.com/moon).',
].join('\n');

async function signedInPage(browser: Browser, email: string) {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/');
  await signInAs(page, email);
  return page;
}

async function expectSaved(page: Page) {
  await expect(page.getByRole('status').filter({ hasText: /^Saved/ })).toBeVisible();
}

/** Adds a lesson to a module from the course editor; it opens the lesson's editor. Returns its id. */
async function addLesson(owner: Page, moduleTitle: string, title: string): Promise<string> {
  await owner.getByRole('button', { name: `Add lesson to ${moduleTitle}` }).click();
  const dialog = owner.getByRole('dialog');
  await dialog.getByLabel('Lesson title').fill(title);
  await dialog.getByRole('button', { name: 'Create lesson' }).click();
  await expect(owner).toHaveURL(/\/admin\/content\/courses\/\d+\/lessons\/[\w-]+$/);
  await expect(owner.getByLabel('Lesson title')).toHaveValue(title);
  return owner.url().split('/').pop() as string;
}

async function backToCourse(owner: Page, courseTitle: string) {
  await owner.getByRole('link', { name: new RegExp(`Back to .${courseTitle}`) }).click();
  await expect(owner).toHaveURL(/\/admin\/content\/courses\/\d+$/);
}

test('an owner builds and publishes a course, a visitor opens its free preview, a member takes it to its certificate', async ({
  browser,
}) => {
  test.slow();
  const title = `Moon Lore ${Date.now()}`;

  // ---- The owner builds the course in the Content Studio ----
  const owner = await signedInPage(browser, ADMIN_EMAIL);
  await owner.goto('/admin');
  await owner.getByRole('link', { name: 'Content Studio' }).click();
  await expect(owner).toHaveURL(/\/admin\/content$/);
  await owner.getByRole('button', { name: 'New course' }).click();
  await owner.getByRole('dialog').getByLabel('Course title').fill(title);
  await owner.getByRole('button', { name: 'Create course' }).click();
  await expect(owner).toHaveURL(/\/admin\/content\/courses\/\d+$/);
  const courseId = Number(owner.url().split('/').pop());
  await owner.getByLabel('Summary').fill('Old stories of the moon, told for today.');
  await owner.getByLabel('Description').fill('Three lessons on the moon in myth, body and practice.');
  await expectSaved(owner);

  // Two modules: the one every course starts with, and one more.
  await owner.getByRole('button', { name: 'Add module' }).click();
  await owner.getByRole('dialog').getByLabel('Module title').fill('Going deeper');
  await owner.getByRole('dialog').getByRole('button', { name: 'Create module' }).click();
  await expect(owner.getByRole('region', { name: 'Going deeper' })).toBeVisible();

  // Lesson 1: a free preview with a Markdown body (and hostile bits that must stay inert).
  const first = await addLesson(owner, 'Module 1', 'The first light');
  await owner.getByLabel('Lesson text (Markdown)').fill(HOSTILE_BODY);
  // The live preview shows what members will see.
  await expect(owner.getByRole('heading', { name: 'The first light', level: 3 })).toBeVisible();
  await owner.getByRole('switch', { name: 'Free preview' }).click();
  await expectSaved(owner);
  await shot(owner, 'studio-lesson-editor-1280');
  await backToCourse(owner, title);

  // Lesson 2: an uploaded video and a workbook.
  const second = await addLesson(owner, 'Module 1', 'Tides within');
  await owner.getByLabel('Lesson text (Markdown)').fill('## Tides\n\nBreathe with the **tide**.');
  await owner.getByLabel('Upload video').setInputFiles({ name: 'tides.mp4', mimeType: 'video/mp4', buffer: mp4() });
  await expect(owner.getByText('tides.mp4')).toBeVisible();
  await owner
    .getByLabel('Upload files')
    .setInputFiles({ name: 'Tide workbook.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(owner.getByText('Tide workbook.pdf')).toBeVisible();
  await expectSaved(owner);
  await backToCourse(owner, title);

  // Lesson 3, in the second module: dripped three days after she joins.
  const third = await addLesson(owner, 'Going deeper', 'Full moon practice');
  await owner.getByLabel('Lesson text (Markdown)').fill('Stand in the full moon’s light.');
  await owner.getByLabel('Drip (days after joining)').fill('3');
  await expectSaved(owner);
  await backToCourse(owner, title);

  await expect(owner.getByRole('region', { name: 'Module 1' }).getByText('The first light')).toBeVisible();
  await expect(owner.getByRole('region', { name: 'Going deeper' }).getByText('Full moon practice')).toBeVisible();
  await shot(owner, 'studio-course-editor-1280');
  await owner.getByRole('button', { name: 'Publish' }).click();
  await expect(owner.getByText('Published', { exact: true }).first()).toBeVisible();

  // ---- A visitor finds the free preview from the landing page ----
  const visitor = await (await browser.newContext()).newPage();
  const pwned: string[] = [];
  visitor.on('dialog', (dialog) => {
    pwned.push(dialog.message());
    void dialog.dismiss();
  });
  await visitor.goto('/');
  const card = visitor.getByRole('article').filter({ hasText: title });
  await card.getByRole('link', { name: 'Watch a free lesson' }).click();
  await expect(visitor).toHaveURL(new RegExp(`/course/${courseId}/lesson/${first}$`));
  await expect(visitor.getByRole('heading', { name: 'The first light', level: 1 })).toBeVisible();
  await expect(visitor.getByText('with the new moon')).toBeVisible();
  await expect(visitor.locator('strong', { hasText: 'breathe' })).toBeVisible();
  // Inert: no script ran, no handler fired, the javascript: link is not a link.
  expect(await visitor.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
  await expect(visitor.locator('.markdown script, .markdown img[onerror], .markdown [href^="javascript"]')).toHaveCount(
    0,
  );
  await expect(visitor.getByRole('link', { name: /the calendar/ })).toHaveAttribute('rel', 'noopener nofollow ugc');
  expect(pwned).toEqual([]);
  // Every other lesson is closed to her, in the page and in the API.
  expect((await visitor.request.get(`/api/courses/${courseId}/lessons/${second}`)).status()).toBe(401);

  // ---- A member takes the course ----
  const member = await (await browser.newContext()).newPage();
  await becomeMember(member);
  await member.goto(`/course/${courseId}`);
  await expect(member.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(member.getByRole('heading', { name: 'Going deeper' })).toBeVisible();
  // The dripped lesson says when it opens, and the server refuses it before then.
  const thirdRow = member.getByRole('listitem').filter({ hasText: 'Full moon practice' });
  await expect(thirdRow.getByText(/Opens on/)).toBeVisible();
  const early = await member.request.get(`/api/courses/${courseId}/lessons/${third}`);
  expect(early.status()).toBe(403);
  expect((await early.json()).error.message).toMatch(/^This lesson opens on \d{1,2} \w+ \d{4}$/);
  const earlyComplete = await member.request.post(`/api/courses/${courseId}/lessons/${third}/complete`, {
    headers: sameOriginHeaders(),
  });
  expect(earlyComplete.status()).toBe(403);

  await member.getByRole('button', { name: 'Start Lesson: The first light' }).click();
  await expect(member).toHaveURL(new RegExp(`/course/${courseId}/lesson/${first}$`));
  await expect(member.getByText('Lesson completed! 🎉').first()).toBeVisible();
  await member.getByRole('link', { name: /Next lesson/ }).click();
  await expect(member).toHaveURL(new RegExp(`/lesson/${second}$`));
  await expect(member.locator('video source')).toHaveAttribute('src', /^\/media\/[\w-]+$/);
  await expect(member.getByRole('link', { name: /Tide workbook\.pdf/ })).toBeVisible();
  await member.getByRole('button', { name: 'Mark complete' }).click();
  await expect(member.getByText('Lesson completed! 🎉').first()).toBeVisible();
  await shot(member, 'lesson-page-member-1280');
  await member.setViewportSize({ width: 375, height: 800 });
  await shot(member, 'lesson-page-member-375');
  await member.setViewportSize({ width: 1280, height: 800 });

  // The owner opens the last lesson now; the member can finish the course.
  await owner.goto(`/admin/content/courses/${courseId}/lessons/${third}`);
  await owner.getByLabel('Drip (days after joining)').fill('');
  await expectSaved(owner);
  await member.goto(`/course/${courseId}`);
  await member.getByRole('button', { name: 'Start Lesson: Full moon practice' }).click();
  await expect(member).toHaveURL(new RegExp(`/lesson/${third}$`));
  await expect(member.getByText('Lesson completed! 🎉').first()).toBeVisible();
  await member.goto(`/course/${courseId}`);
  await expect(member.getByRole('heading', { name: `Congratulations, you completed ${title}!` })).toBeVisible();
  const [download] = await Promise.all([
    member.waitForEvent('download'),
    member.getByRole('link', { name: 'Download Certificate' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^lunara-certificate-moon-lore-\d+\.pdf$/);
});
