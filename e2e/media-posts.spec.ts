import { POST_IMAGES_UNAVAILABLE } from '@lunara/shared/feed';
import {
  DEFAULT_UPLOAD_LIMITS,
  fileTooLargeMessage,
  POST_IMAGES_TOO_MANY,
  wrongTypeMessage,
} from '@lunara/shared/media';
import { type BrowserContextOptions, expect, type Locator, type Page, test } from '@playwright/test';
import { becomeMember } from './fixtures.ts';
import { photo, sameOriginHeaders, shot } from './media-fixtures.ts';

async function newMember(page: Page, displayName: string) {
  await becomeMember(page);
  const renamed = await page.request.put('/api/profiles/me', { data: { displayName }, headers: sameOriginHeaders() });
  expect(renamed.ok(), await renamed.text()).toBe(true);
  await page.goto('/community');
}

async function openComposer(page: Page, title: string) {
  await page.getByRole('button', { name: 'Create Post' }).click();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Your post').fill('Candles lit, water set out under the full moon.');
}

/** Widths of post images the page asked for, e.g. "680" or "2048" ("" for the bare /media/{id}). */
function watchImageRequests(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const match = new URL(request.url()).pathname.match(/^\/media\/[\w-]+(?:\/(\d+))?$/);
    if (match && request.resourceType() === 'image') asked.push(match[1] ?? '');
  });
  return asked;
}

async function expectLoaded(img: Locator) {
  await expect(img).toBeVisible();
  await expect
    .poll(() => img.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth))
    .toBeGreaterThan(0);
}

/** A post with `count` images shared through the API (uploads then the post), as a second member would. */
async function shareThroughApi(page: Page, title: string, count: number) {
  const images = [];
  for (let i = 0; i < count; i++) {
    const file = await photo(`moon-${i}.jpg`, ['#3b5b8c', '#b0416f', '#6b4ca0', '#2f7d6d'][i] ?? '#333', 1600, 1200);
    const uploaded = await page.request.post('/api/media/post_image', {
      data: file.buffer,
      headers: { ...sameOriginHeaders(), 'content-type': 'application/octet-stream', 'x-file-name': file.name },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    images.push({ mediaId: (await uploaded.json()).id as string, alt: '' });
  }
  const created = await page.request.post('/api/posts', {
    data: { title, content: 'From the circle tonight.', images },
    headers: sameOriginHeaders(),
  });
  expect(created.ok(), await created.text()).toBe(true);
}

test('a member shares two photos with descriptions; sisters see them small and open them full size', async ({
  browser,
}) => {
  const name = `Selene Shares ${Date.now()}`;
  const title = `Full moon altar ${Date.now()}`;
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await newMember(page, name);
  await openComposer(page, title);
  await page
    .getByLabel('Add images')
    .setInputFiles([await photo('altar.jpg', '#b0416f'), await photo('jar.jpg', '#3b5b8c', 1200, 1600)]);
  const descriptions = page.getByLabel('Image description (alt text)');
  await expect(descriptions).toHaveCount(2);
  await descriptions.nth(0).fill('Candles around a round mirror');
  await descriptions.nth(1).fill('A jar of moon water on the windowsill');
  // Both finish uploading (their Cancel turns into Remove), then it is shared.
  await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(2);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await page.getByRole('button', { name: 'Share Post' }).click();
  await expect(page.getByText('Post created successfully!')).toBeVisible();

  // A sister's feed: both photos with their descriptions, never the 2048 original.
  const sister = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await becomeMember(sister);
  const asked = watchImageRequests(sister);
  await sister.goto('/community');
  const post = sister.getByRole('article', { name: title });
  const first = post.getByRole('img', { name: 'Candles around a round mirror' });
  const second = post.getByRole('img', { name: 'A jar of moon water on the windowsill' });
  await expectLoaded(first);
  await expectLoaded(second);
  await expect(first).toHaveAttribute('loading', 'lazy');
  await expect(first).toHaveAttribute('srcset', /\/340 340w, .*\/680 680w, .*\/1360 1360w$/);
  // Two side by side in the 680 px column, each at its 340 px width.
  const [a, b] = [await first.boundingBox(), await second.boundingBox()];
  expect(a && b && Math.abs(a.y - b.y) < 1 && a.width > 300 && a.width < 345).toBe(true);
  expect(asked.length).toBeGreaterThan(0);
  for (const width of asked) expect(Number(width)).toBeLessThanOrEqual(1360);
  await post.scrollIntoViewIfNeeded();
  await shot(sister, 'post-images-feed-1280');

  // The viewer: the first full size, then the second by the arrow key; Esc gives focus back.
  await post.getByRole('button', { name: /Candles around a round mirror/ }).click();
  const viewer = sister.getByRole('dialog', { name: `Images from ${name}` });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByText('1 of 2', { exact: true })).toBeVisible();
  await expect(viewer.getByRole('img', { name: 'Candles around a round mirror' })).toHaveAttribute('src', /\/2048$/);
  await sister.keyboard.press('ArrowRight');
  await expect(viewer.getByText('2 of 2', { exact: true })).toBeVisible();
  const big = viewer.getByRole('img', { name: 'A jar of moon water on the windowsill' });
  await expectLoaded(big);
  await expect(viewer.getByText('A jar of moon water on the windowsill', { exact: true })).toBeVisible();
  expect(asked).toContain('2048');
  await shot(sister, 'post-images-viewer-1280');
  await viewer.getByRole('button', { name: 'Next image' }).click();
  await expect(viewer.getByText('1 of 2', { exact: true })).toBeVisible();
  await sister.keyboard.press('ArrowLeft');
  await expect(viewer.getByText('2 of 2', { exact: true })).toBeVisible();
  await sister.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  await expect(post.getByRole('button', { name: /Candles around a round mirror/ })).toBeFocused();

  // Her post's own page shows them too.
  await post.getByRole('link', { name: title }).click();
  await expectLoaded(sister.getByRole('article', { name: title }).getByRole('img', { name: /moon water/ }));
});

test('a wrong or too large file is refused in words and the post is shared without it', async ({ page }) => {
  const title = `Only the good one ${Date.now()}`;
  await newMember(page, `Luna Checks ${Date.now()}`);
  await openComposer(page, title);
  const limit = DEFAULT_UPLOAD_LIMITS.post_image;
  await page.getByLabel('Add images').setInputFiles([
    await photo('good.jpg', '#2f7d6d'),
    // Named and typed like a photo: only the server, reading the content, can tell.
    { name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a picture at all\n') },
    { name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(limit + 1, 1) },
  ]);
  await expect(page.getByText(`notes.jpg: ${wrongTypeMessage('post_image')}`)).toBeVisible();
  await expect(page.getByText(`huge.jpg: ${fileTooLargeMessage('post_image', limit)}`)).toBeVisible();
  await expect(page.getByLabel('Image description (alt text)')).toHaveCount(1);

  // Two more would make five: one is taken, and she is told why.
  await page.getByLabel('Add images').setInputFiles([await photo('a.jpg', '#333'), await photo('b.jpg', '#444')]);
  await expect(page.getByText(POST_IMAGES_TOO_MANY)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Images on this post' }).getByRole('listitem')).toHaveCount(4);
  await expect(page.getByLabel('Add images')).toBeDisabled();
  await page.getByRole('list', { name: 'Images on this post' }).scrollIntoViewIfNeeded();
  await shot(page, 'post-composer-images-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await shot(page, 'post-composer-images-375');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: /^(Remove|Cancel upload of) a\.jpg$/ }).click();
  await expect(page.getByRole('list', { name: 'Images on this post' }).getByRole('listitem')).toHaveCount(3);
  await expect(page.getByText(POST_IMAGES_TOO_MANY)).toHaveCount(0);

  await expect(page.getByRole('button', { name: 'Share Post' })).toBeEnabled();
  await page.getByRole('button', { name: 'Share Post' }).click();
  await expect(page.getByText('Post created successfully!')).toBeVisible();
  const post = page.getByRole('article', { name: title });
  await expect(post.locator('img[src^="/media/"]')).toHaveCount(1);
  await expectLoaded(post.locator('img[src^="/media/"]'));
  await expect(post.locator('img[src^="/media/"]')).toHaveAttribute('alt', /^Image from Luna Checks/);
});

test('a failed post keeps its text and images; Share waits for an upload', async ({ page }) => {
  const title = `Kept after a failure ${Date.now()}`;
  await newMember(page, `Nova Retries ${Date.now()}`);
  await openComposer(page, title);
  // A slow connection: the upload takes a while, and Share says it waits.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 50,
    downloadThroughput: 1_000_000,
    uploadThroughput: 100_000,
  });
  await page.getByLabel('Add images').setInputFiles(await photo('slow.jpg', '#6b4ca0'));
  await expect(page.getByRole('progressbar', { name: 'Uploading slow.jpg' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Waiting for images...' })).toBeDisabled();
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(page.getByRole('button', { name: 'Remove slow.jpg' })).toBeVisible();
  await page.getByLabel('Image description (alt text)').fill('A violet sky');

  // The image is taken by another post first (a second tab): this one fails and keeps everything.
  await page.route('**/api/posts', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const body = route.request().postDataJSON();
    await page.request.post('/api/posts', {
      data: { title: 'The other tab', content: 'First', images: body.images },
      headers: sameOriginHeaders(),
    });
    await route.continue();
  });
  await page.getByRole('button', { name: 'Share Post' }).click();
  await expect(page.getByText(POST_IMAGES_UNAVAILABLE)).toBeVisible();
  await page.unroute('**/api/posts');
  await expect(page.getByLabel('Title')).toHaveValue(title);
  await expect(page.getByLabel('Image description (alt text)')).toHaveValue('A violet sky');
  await page.getByRole('button', { name: 'Remove slow.jpg' }).click();
  await page.getByRole('button', { name: 'Share Post' }).click();
  await expect(page.getByText('Post created successfully!')).toBeVisible();
});

const phone: BrowserContextOptions = {
  viewport: { width: 375, height: 740 },
  deviceScaleFactor: 3,
  hasTouch: true,
  isMobile: true,
};

test('on a 375 px phone the grid fits, small widths load, and a swipe moves the viewer', async ({ browser }) => {
  const name = `Astra Phone ${Date.now()}`;
  const title = `Three moons ${Date.now()}`;
  const author = await (await browser.newContext()).newPage();
  await newMember(author, name);
  await shareThroughApi(author, title, 3);

  const page = await (await browser.newContext(phone)).newPage();
  await becomeMember(page);
  const asked = watchImageRequests(page);
  await page.goto('/community');
  const post = page.getByRole('article', { name: title });
  const images = post.locator('img[src^="/media/"]');
  await expect(images).toHaveCount(3);
  for (let i = 0; i < 3; i++) await expectLoaded(images.nth(i));
  await expect(images.nth(2)).toHaveAttribute('alt', `Image 3 of 3 from ${name}`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const box = await post.boundingBox();
  for (let i = 0; i < 3; i++) {
    const image = await images.nth(i).boundingBox();
    expect(image && box && image.x >= box.x && image.x + image.width <= box.x + box.width).toBe(true);
  }
  for (const width of asked) expect(Number(width)).toBeLessThanOrEqual(1360);
  expect(asked).not.toContain('2048');
  await post.scrollIntoViewIfNeeded();
  await shot(page, 'post-images-feed-375');

  await images.nth(0).click();
  const viewer = page.getByRole('dialog', { name: `Images from ${name}` });
  await expect(viewer.getByText('1 of 3', { exact: true })).toBeVisible();
  const swipe = async (fromX: number, toX: number) => {
    const area = viewer.locator('img').locator('..');
    const init = { pointerType: 'touch', pointerId: 7, isPrimary: true, clientY: 300 };
    await area.dispatchEvent('pointerdown', { ...init, clientX: fromX });
    await area.dispatchEvent('pointerup', { ...init, clientX: toX });
  };
  await swipe(300, 80);
  await expect(viewer.getByText('2 of 3', { exact: true })).toBeVisible();
  await expectLoaded(viewer.getByRole('img', { name: `Image 2 of 3 from ${name}` }));
  await shot(page, 'post-images-viewer-375');
  await swipe(80, 300);
  await expect(viewer.getByText('1 of 3', { exact: true })).toBeVisible();
  await swipe(80, 300);
  await expect(viewer.getByText('3 of 3', { exact: true })).toBeVisible();
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toHaveCount(0);
});
