import { expect, type Page, test } from '@playwright/test';
import { becomeMember, signUpThroughForm, uniqueEmail } from './fixtures.ts';

/** How many posts of the feed's first page carry this title, as the server has them. */
async function postsTitled(page: Page, title: string) {
  const feed = await (await page.request.get('/api/posts')).json();
  return feed.items.filter((post: { title: string }) => post.title === title).length;
}

async function openComposer(page: Page) {
  await page.goto('/community');
  await page.getByRole('button', { name: 'Create Post' }).click();
}

test('a double click on Share Post creates one post and shows one success', async ({ page }) => {
  await becomeMember(page);
  await openComposer(page);
  const title = `Double click ${Date.now()}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Your post').fill('Sent with an eager finger.');
  await page.getByRole('button', { name: 'Share Post' }).dblclick();
  await expect(page.getByText('Post created successfully!')).toBeVisible();
  await expect(page.getByText('Failed to create post')).toHaveCount(0);
  expect(await postsTitled(page, title)).toBe(1);
});

test('a post whose answer was lost is not created twice when she sends it again', async ({ page }) => {
  await becomeMember(page);
  await openComposer(page);
  const title = `Lost answer ${Date.now()}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Your post').fill('The server got it; the browser never heard back.');
  // The request reaches the server and is saved, but the connection drops before the answer arrives.
  await page.route(
    '**/api/posts',
    async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      await route.fetch();
      await route.abort('connectionreset');
    },
    { times: 1 },
  );
  await page.getByRole('button', { name: 'Share Post' }).click();
  await expect(page.getByText('Failed to create post')).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await page.getByRole('button', { name: 'Share Post' }).click();
  await expect(page.getByText('Post created successfully!')).toBeVisible();
  expect(await postsTitled(page, title)).toBe(1);
});

test('a post draft survives a reload and is gone once shared', async ({ page }) => {
  await becomeMember(page);
  await openComposer(page);
  const title = `Draft ${Date.now()}`;
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Your post').fill('Half a thought, kept.');
  await page.reload();
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect(page.getByLabel('Your post')).toHaveValue('Half a thought, kept.');
  await page.getByRole('button', { name: 'Share Post' }).click();
  await expect(page.getByText('Post created successfully!')).toBeVisible();
  await page.reload();
  await page.getByRole('button', { name: 'Create Post' }).click();
  await expect(page.getByLabel('Title')).toHaveValue('');
});

test('a double click on Complete Ritual completes it once, with no error', async ({ page }) => {
  await becomeMember(page);
  await page.goto('/rituals');
  const first = page
    .getByRole('region', { name: /^Aligned with the/ })
    .getByRole('article')
    .first();
  const title = (await first.getByRole('heading').innerText()).trim();
  await first.getByRole('button', { name: `Begin ${title}` }).click();
  await page
    .getByRole('dialog', { name: title })
    .getByRole('button', { name: /^Complete Ritual/ })
    .dblclick();
  await expect(page.getByText(`${title} completed! +15 points`)).toBeVisible();
  await expect(page.getByText('1/3')).toBeVisible();
  await expect(page.getByText('Failed to complete ritual')).toHaveCount(0);
});

test('a double click on Sign Up opens one account and the dashboard, with no error', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('button', { name: 'New here? Create an account' }).click();
  await page.getByLabel('Your name').fill('Eager Sister');
  await page.getByLabel('Email').fill(uniqueEmail('eager'));
  await page.getByLabel('Password').fill('moonlight');
  // Two clicks in one task: the second lands before React has drawn the button as busy.
  await page.getByRole('button', { name: 'Sign Up' }).evaluate((button: HTMLButtonElement) => {
    button.click();
    button.click();
  });
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Authentication error')).toHaveCount(0);
});

test('sign-up shows the password on request, and hides it again', async ({ page }) => {
  await page.goto('/auth?mode=signup');
  const password = page.getByLabel('Password');
  await password.fill('moonlight');
  await expect(password).toHaveAttribute('type', 'password');
  const toggle = page.getByRole('button', { name: 'Show password' });
  await toggle.click();
  await expect(password).toHaveAttribute('type', 'text');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await toggle.click();
  await expect(password).toHaveAttribute('type', 'password');
  await expect(password).toHaveValue('moonlight');
});

for (const width of [1280, 375]) {
  test(`a toast leaves the header and its navigation uncovered at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signUpThroughForm(page);
    const header = await page.getByRole('banner').boundingBox();
    const toast = page.getByRole('listitem').filter({ hasText: 'Check your email' }).first();
    await expect(toast).toBeVisible();
    // Where it comes to rest: the toast slides in from the top edge first.
    await expect
      .poll(async () => {
        const box = await toast.boundingBox();
        return Boolean(header && box && box.y >= header.y + header.height);
      })
      .toBe(true);
  });
}
