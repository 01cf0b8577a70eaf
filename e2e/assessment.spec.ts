import { expect, type Page, test } from '@playwright/test';
import { ADMIN_EMAIL, signInAs, uniqueEmail } from './fixtures.ts';

/** Answers every question with its first answer, checking that Next asks for an answer before it goes on. */
async function answerAll(page: Page) {
  const counter = page.getByText(/^Question \d+ of (\d+)$/);
  await expect(counter).toBeVisible();
  const total = Number((await counter.textContent())?.match(/of (\d+)/)?.[1]);
  expect(total).toBeGreaterThanOrEqual(8);
  for (let question = 1; question <= total; question++) {
    await expect(page.getByText(`Question ${question} of ${total}`)).toBeVisible();
    // The first answer of each question: a radio or a checkbox of the question's fieldset.
    await page.getByRole('group').locator('input').first().check();
    if (question < total) await page.getByRole('button', { name: 'Next' }).click();
  }
  await page.getByRole('button', { name: 'See my pathway' }).click();
}

test('a visitor takes the assessment, signs up and finds her pathway on her dashboard', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Take Assessment' }).click();
  await expect(page).toHaveURL(/\/assessment$/);
  await expect(page.getByRole('heading', { name: 'Find your pathway' })).toBeVisible();

  // Next asks for an answer first; Back keeps what she chose.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('alert')).toHaveText('Choose at least one answer to go on.');
  await page.getByRole('group').getByRole('checkbox').first().check();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('group').getByRole('checkbox').first()).toBeChecked();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Back' }).click();

  await answerAll(page);
  await expect(page.getByRole('heading', { name: 'Your pathway', exact: true })).toBeVisible();
  const steps = page.getByRole('listitem').filter({ has: page.getByRole('link') });
  await expect(steps.first()).toContainText('Goddess Goals');
  const stepTitles = await steps.getByRole('link').allTextContents();
  expect(stepTitles.length).toBeGreaterThanOrEqual(4);

  await page.getByRole('link', { name: 'Create your free account' }).click();
  await page.getByLabel('Your name').fill('Pathway Sister');
  await page.getByLabel('Email').fill(uniqueEmail('pathway'));
  await page.getByLabel('Password').fill('moonlight');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const card = page.getByRole('region', { name: 'Your Pathway' });
  await expect(card.getByText(`0 of ${stepTitles.length} steps done`)).toBeVisible();
  await expect(card.getByRole('link', { name: stepTitles[0], exact: true })).toBeVisible();
  await expect(card.getByRole('progressbar', { name: 'Pathway progress' })).toBeVisible();

  // A retake from the dashboard: her first result moves to her history.
  await card.getByRole('link', { name: 'Retake the assessment' }).click();
  await answerAll(page);
  await page.getByRole('link', { name: 'Follow it from your dashboard' }).click();
  await expect(page.getByText('Earlier results (1)')).toBeVisible();
});

test('the owner rewrites a question in the Content Studio and members see it', async ({ page }) => {
  await signInAs(page, ADMIN_EMAIL);
  await page.goto('/admin/content?section=assessment');
  const prompt = page.getByLabel('Question 1 text');
  await expect(prompt).toHaveValue(/.+/);
  const before = await prompt.inputValue();
  const changed = `What are you seeking this season? ${Date.now()}`;
  await prompt.fill(changed);
  await expect(page.getByText('Unsaved changes')).toBeVisible();

  // An empty answer label is refused on the page, and nothing is sent.
  await page.getByLabel('Answer 1', { exact: true }).first().fill('');
  await page.getByRole('button', { name: 'Save assessment' }).click();
  await expect(page.getByRole('alert')).toHaveText('Give every answer a label');
  await page.getByLabel('Answer 1', { exact: true }).first().fill('Clarity about my goals and my power');

  await page.getByRole('button', { name: 'Save assessment' }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();
  await page.goto('/assessment');
  await expect(page.getByRole('group', { name: changed })).toBeVisible();

  // Put it back for the other tests.
  await page.goto('/admin/content?section=assessment');
  await page.getByLabel('Question 1 text').fill(before);
  await page.getByRole('button', { name: 'Save assessment' }).click();
  await expect(page.getByText('All changes saved')).toBeVisible();
});
