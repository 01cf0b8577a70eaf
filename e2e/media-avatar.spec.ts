import { DEFAULT_UPLOAD_LIMITS, fileTooLargeMessage, formatBytes, wrongTypeMessage } from '@lunara/shared/media';
import { expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { ADMIN_EMAIL, becomeMember, signInAs } from './fixtures.ts';
import { photo, sameOriginHeaders, shot } from './media-fixtures.ts';

/** A photo of about a megabyte that no encoder can shrink (noise), for a slow upload. */
const noisyPhoto = async () => ({
  name: 'noisy.jpg',
  mimeType: 'image/jpeg',
  buffer: await sharp({
    create: {
      width: 1200,
      height: 900,
      channels: 3,
      background: '#e0a030',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .jpeg({ quality: 95 })
    .toBuffer(),
});

/** A new paying member with a name of her own, on the community page. */
async function newMember(page: Page, displayName: string) {
  await becomeMember(page);
  const renamed = await page.request.put('/api/profiles/me', { data: { displayName }, headers: sameOriginHeaders() });
  expect(renamed.ok(), await renamed.text()).toBe(true);
  await page.goto('/community');
}

async function openMyProfileForm(page: Page) {
  await page.getByRole('button', { name: 'My Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your Profile' });
  await dialog.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(dialog.getByLabel('Display name')).toBeVisible();
  return dialog;
}

/** The picture an avatar shows once it has loaded (not the initial). */
const shownPhoto = (scope: Locator) => scope.locator('img[src^="/media/"]');
const avatarIdOf = async (img: Locator) => (await img.getAttribute('src'))?.split('/')[2] ?? '';
async function expectLoaded(img: Locator) {
  await expect(img).toBeVisible();
  await expect
    .poll(() => img.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth))
    .toBeGreaterThan(0);
}

test('a member uploads her photo, sisters see it small in the feed, and Remove brings her initial back', async ({
  browser,
}) => {
  const name = `Selene Photo ${Date.now()}`;
  const page = await (await browser.newContext()).newPage();
  const sisterPage = await (await browser.newContext()).newPage();
  await newMember(page, name);
  await becomeMember(sisterPage);
  const title = `New moon intentions ${Date.now()}`;
  expect(
    (
      await page.request.post('/api/posts', {
        data: { title, content: 'Planting seeds.' },
        headers: sameOriginHeaders(),
      })
    ).ok(),
  ).toBe(true);

  const dialog = await openMyProfileForm(page);
  await dialog.getByLabel('Bio').fill('Written before the photo');
  await expect(dialog.getByRole('button', { name: 'Remove photo' })).toHaveCount(0);
  await dialog.getByLabel('Upload photo').setInputFiles(await photo('photo.jpg', '#b0416f', 1200, 900));
  const mine = shownPhoto(dialog);
  await expectLoaded(mine);
  // A 64 px avatar is fetched at its own small width, never the original.
  await expect(mine).toHaveAttribute('src', /^\/media\/[\w-]+\/64$/);
  await expect(dialog.getByLabel('Change photo')).toBeAttached();
  await expect(dialog.getByLabel('Bio')).toHaveValue('Written before the photo');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, 'my-profile-photo-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, 'my-profile-photo-375');
  await page.setViewportSize({ width: 1280, height: 900 });

  // Her profile (read-only view) shows it too, after a reload, from the server.
  await page.reload();
  await page.getByRole('button', { name: 'My Profile' }).click();
  await expectLoaded(shownPhoto(page.getByRole('dialog', { name: 'Your Profile' })));
  const avatarId = await avatarIdOf(shownPhoto(page.getByRole('dialog', { name: 'Your Profile' })));
  expect(avatarId).toMatch(/^[\w-]{8,}$/);
  await page.keyboard.press('Escape');

  // Another member sees it on her post, and the browser asks only for a small width of it.
  const asked: string[] = [];
  sisterPage.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith(`/media/${avatarId}`)) asked.push(path);
  });
  await sisterPage.goto('/community');
  const post = sisterPage.getByRole('article', { name: title });
  await expectLoaded(shownPhoto(post));
  expect(asked.length).toBeGreaterThan(0);
  for (const path of asked) expect(path).toMatch(/\/(64|128)$/);

  // Remove: her initial is back, here and for everyone.
  const form = await openMyProfileForm(page);
  await form.getByRole('button', { name: 'Remove photo' }).click();
  await expect(shownPhoto(form)).toHaveCount(0);
  await expect(form.getByRole('img', { name })).toHaveText('S');
  await expect(form.getByLabel('Upload photo')).toBeFocused();
  await sisterPage.reload();
  await expect(sisterPage.getByRole('article', { name: title }).getByRole('img', { name })).toHaveText('S');
  await expect(shownPhoto(sisterPage.getByRole('article', { name: title }))).toHaveCount(0);
});

test('a wrong or too large file is refused in words, and nothing else on the form is lost', async ({ page }) => {
  await newMember(page, `Luna Checks ${Date.now()}`);
  const dialog = await openMyProfileForm(page);
  await dialog.getByLabel('Display name').fill('Luna Half Typed');
  await dialog.getByLabel('Bio').fill('Still here after the errors');
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/media/avatar')) uploads.push(request.method());
  });

  // Keyboard only: back from the name to the picker, which shows where focus is, and opens with Space.
  await dialog.getByLabel('Display name').focus();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByLabel('Upload photo')).toBeFocused();
  await expect(dialog.locator('label', { hasText: 'Upload photo' })).toHaveCSS('outline-style', 'solid');
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Space');
  // A text file named like a photo: the server reads its content and refuses it.
  await (await chooser).setFiles({
    name: 'photo.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('not a picture at all\n'),
  });
  await expect(dialog.getByRole('alert')).toHaveText(wrongTypeMessage('avatar'));
  expect(uploads).toEqual(['POST']);

  // Over the limit: said at once, before a byte is sent.
  const limit = DEFAULT_UPLOAD_LIMITS.avatar;
  await dialog
    .getByLabel('Upload photo')
    .setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(limit + 1, 1) });
  await expect(dialog.getByRole('alert')).toHaveText(fileTooLargeMessage('avatar', limit));
  expect(uploads).toEqual(['POST']);

  // The connection drops during the upload: said so, and she can simply try again.
  await page.route('**/api/media/avatar', (route) => route.abort('internetdisconnected'));
  await dialog.getByLabel('Upload photo').setInputFiles(await photo('photo.jpg', '#4a7a5c', 1200, 900));
  await expect(dialog.getByRole('alert')).toHaveText(/could not reach the server/);
  await page.unroute('**/api/media/avatar');

  await expect(dialog.getByLabel('Display name')).toHaveValue('Luna Half Typed');
  await expect(dialog.getByLabel('Bio')).toHaveValue('Still here after the errors');
  await expect(shownPhoto(dialog)).toHaveCount(0);
});

test('Cancel during a slow upload keeps her photo as it was', async ({ page }) => {
  await newMember(page, `Nova Cancels ${Date.now()}`);
  const dialog = await openMyProfileForm(page);
  await dialog.getByLabel('Upload photo').setInputFiles(await photo('photo.jpg', '#3b5b8c', 1200, 900));
  await expectLoaded(shownPhoto(dialog));
  const before = await shownPhoto(dialog).getAttribute('src');

  // A slow connection: about 40 KB a second up, for a photo of about a megabyte.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 50,
    downloadThroughput: 1_000_000,
    uploadThroughput: 40_000,
  });
  const slow = await noisyPhoto();
  expect(slow.buffer.length).toBeGreaterThan(400_000);
  await dialog.getByLabel('Change photo').setInputFiles(slow);
  const progress = dialog.getByRole('progressbar', { name: 'Uploading your photo' });
  await expect(progress).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel upload' }).click();
  await expect(progress).toHaveCount(0);
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(shownPhoto(dialog)).toHaveAttribute('src', before ?? '');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  // The server kept the old one too.
  await page.reload();
  await page.getByRole('button', { name: 'My Profile' }).click();
  await expect(shownPhoto(page.getByRole('dialog', { name: 'Your Profile' }))).toHaveAttribute('src', before ?? '');
});

test('the admin sees what members store in the Storage card', async ({ browser }) => {
  const name = `Astra Stores ${Date.now()}`;
  const memberPage = await (await browser.newContext()).newPage();
  await newMember(memberPage, name);
  const uploaded = await memberPage.request.post('/api/media/avatar', {
    data: (await photo('photo.jpg', '#6b4ca0', 1200, 900)).buffer,
    headers: { ...sameOriginHeaders(), 'content-type': 'application/octet-stream', 'x-file-name': 'astra.jpg' },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const { byteSize } = (await uploaded.json()) as { byteSize: number };

  const page = await (await browser.newContext()).newPage();
  await signInAs(page, ADMIN_EMAIL);
  await page.goto('/admin?tab=settings');
  const card = page
    .locator('div')
    .filter({ has: page.getByRole('heading', { name: 'Storage', exact: true }) })
    .last();
  await expect(card.getByText('Profile photos')).toBeVisible();
  await expect(card.getByRole('row', { name })).toContainText(formatBytes(byteSize));
  await expect(card.getByRole('row', { name })).toContainText('1 file');
  await page.setViewportSize({ width: 1280, height: 900 });
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'storage-card-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'storage-card-375');
});
