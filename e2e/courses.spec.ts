import { expect, test } from '@playwright/test';
import { becomeMember } from './fixtures.ts';

const COURSE_ONE = [
  'Breaking the Patriarchal Conditioning',
  'Understanding Your Lunar Cycles',
  'Solar Energy & Manifestation',
  'Creating Your Sacred Timeline',
  'Reclaiming Your Throne Ritual',
];

test('a member completes course 1 in order and downloads the certificate', async ({ page }) => {
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
    await page.getByRole('button', { name: `Start Lesson: ${title}` }).click();
    await expect(page.getByRole('dialog', { name: title })).toBeVisible();
    await expect(page.getByText('Lesson completed! 🎉').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByText(`${index + 1} of 5 lessons complete`)).toBeVisible();
  }

  await expect(page.getByRole('heading', { name: 'Congratulations, you completed Goddess Goals!' })).toBeVisible();
  await page.getByRole('button', { name: `Rewatch ${COURSE_ONE[0]}` }).click();
  await expect(page.getByRole('dialog', { name: COURSE_ONE[0] })).toBeVisible();
  await page.keyboard.press('Escape');

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
});

test('an unknown course says so', async ({ page }) => {
  await becomeMember(page);
  await page.goto('/course/77');
  await expect(page.getByRole('heading', { name: 'Course not found' })).toBeVisible();
  await page.goto('/course/not-a-course');
  await expect(page.getByRole('heading', { name: 'Course not found' })).toBeVisible();
});
