// Image pages load thumbnails only (issue 35): a feed of posts with one to four large photos, opened in
// Chromium on a phone and on a desktop (at one and two device pixels per CSS pixel); every image the page
// downloads is recorded with the width it asked for and the width it is shown at.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { IMAGE_WIDTHS, pickImageWidth } from '@lunara/shared/media';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { CHROMIUM_ARGS, findChromium } from '../../e2e/chromium.ts';
import { recreateDatabase } from './databases.ts';
import { signUpAdmin } from './fresh-app.ts';
import { startServer } from './server-process.ts';

const DATABASE = 'lunara_bench_images';
/** Posts of 1, 2, 3 and 4 images, twice: every layout of the grid, below the first screen too. */
const IMAGE_COUNTS = [1, 2, 3, 4, 1, 2, 3, 4];
/** A camera's photo: larger than the largest stored width, so every width exists. */
const PHOTO = { width: 4000, height: 3000 };
const POST_WIDTHS: readonly number[] = IMAGE_WIDTHS.post_image;
const ORIGINAL_WIDTH = POST_WIDTHS.at(-1) as number;

export const VIEWPORTS = [
  { name: 'phone 375 px, 3x', width: 375, height: 812, density: 3 },
  { name: 'desktop 1280 px, 1x', width: 1280, height: 900, density: 1 },
  { name: 'desktop 1280 px, 2x', width: 1280, height: 900, density: 2 },
] as const;

export interface ImageLoad {
  /** The width asked for (`/media/{id}/{width}`), or null for the original (`/media/{id}`). */
  width: number | null;
  bytes: number;
  /** The CSS width it is shown at, and the stored width that covers it at the device's density. */
  shownWidth: number;
  neededWidth: number;
}

export interface ImagePageResult {
  viewport: string;
  density: number;
  shown: number;
  loads: ImageLoad[];
  /** Loads wider than needed, or of the original: each a sentence. */
  oversized: string[];
  /** Images that did not arrive or show (a check that saw no picture would pass for the wrong reason). */
  failed: string[];
  totalBytes: number;
}

/** A noisy photo (so it compresses like one), in one of a few colours. */
function photo(index: number): Promise<Buffer> {
  const colours = ['#3b5b8c', '#b0416f', '#6b4ca0', '#2f7d6d'];
  return sharp({
    create: {
      ...PHOTO,
      channels: 3,
      background: colours[index % colours.length] as string,
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  })
    .jpeg({ quality: 82 })
    .toBuffer();
}

async function sharePosts(baseUrl: string, cookie: string): Promise<void> {
  const headers = { cookie, origin: baseUrl };
  const photos = await Promise.all([0, 1, 2, 3].map(photo));
  for (const [post, count] of IMAGE_COUNTS.entries()) {
    const images: Array<{ mediaId: string; alt: string }> = [];
    for (let i = 0; i < count; i++) {
      const uploaded = await fetch(`${baseUrl}/api/media/post_image`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/octet-stream', 'x-file-name': `moon-${post}-${i}.jpg` },
        body: new Uint8Array(photos[i] as Buffer),
      });
      if (uploaded.status !== 201) throw new Error(`upload failed: ${uploaded.status} ${await uploaded.text()}`);
      images.push({
        mediaId: ((await uploaded.json()) as { id: string }).id,
        alt: `Photo ${i + 1} of post ${post + 1}`,
      });
    }
    const created = await fetch(`${baseUrl}/api/posts`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ title: `Altar photos ${post + 1}`, content: 'From the circle tonight.', images }),
    });
    if (!created.ok) throw new Error(`post failed: ${created.status} ${await created.text()}`);
  }
}

const widthOf = (url: string): number | null => {
  const match = /\/media\/[^/?#]+\/(\d+)(?:[?#]|$)/.exec(url);
  return match ? Number(match[1]) : null;
};

/** Opens the feed at each viewport, scrolls through it, and records every image it downloaded. */
async function loadFeed(baseUrl: string, cookie: string): Promise<ImagePageResult[]> {
  const browser = await chromium.launch({ executablePath: findChromium() ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const results: ImagePageResult[] = [];
  try {
    for (const viewport of VIEWPORTS) {
      const context = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
        deviceScaleFactor: viewport.density,
      });
      const [name, ...value] = cookie.split('=');
      await context.addCookies([{ name: name ?? '', value: value.join('='), url: baseUrl }]);
      const page = await context.newPage();
      const bytes = new Map<string, number>();
      const pending: Array<Promise<void>> = [];
      const failed: string[] = [];
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (!url.pathname.startsWith('/media/')) return;
        pending.push(
          response.body().then(
            (body) => {
              if (!response.ok()) failed.push(`${url.pathname}: ${response.status()}`);
              bytes.set(url.pathname, (bytes.get(url.pathname) ?? 0) + body.length);
            },
            () => {
              failed.push(`${url.pathname}: no body`);
            },
          ),
        );
      });
      await page.goto(`${baseUrl}/community`, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { name: 'Altar photos 1' }).waitFor();
      // Down the whole feed a screen at a time, so every lazy image comes into view.
      for (let step = 0; step < 40; step++) {
        const done = await page.evaluate(() => {
          window.scrollBy(0, window.innerHeight);
          return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
        });
        await page.waitForTimeout(150);
        if (done) break;
      }
      await page.waitForLoadState('networkidle');
      await Promise.all(pending);
      const shown = await page.evaluate(() =>
        [...document.querySelectorAll('img')]
          .filter((img) => img.currentSrc.includes('/media/'))
          .map((img) => ({
            src: new URL(img.currentSrc).pathname,
            width: img.getBoundingClientRect().width,
            decoded: img.complete && img.naturalWidth > 0,
          })),
      );
      const loads: ImageLoad[] = [];
      const oversized: string[] = [];
      for (const image of shown) {
        const width = widthOf(image.src);
        const neededWidth = pickImageWidth(POST_WIDTHS, image.width, viewport.density);
        loads.push({ width, bytes: bytes.get(image.src) ?? 0, shownWidth: image.width, neededWidth });
        if (!image.decoded) failed.push(`${image.src}: not shown (no picture decoded)`);
        if (width === null || width >= ORIGINAL_WIDTH) {
          oversized.push(`${image.src}: the original, shown at ${Math.round(image.width)} px`);
        } else if (width > neededWidth) {
          oversized.push(
            `${image.src}: ${width} px for ${Math.round(image.width)} CSS px at ${viewport.density}x (${neededWidth} would do)`,
          );
        }
      }
      // Downloaded but not shown: a thumbnail never needs a second, larger copy.
      for (const [src] of bytes) {
        if (!shown.some((image) => image.src === src)) oversized.push(`${src}: downloaded, not shown`);
      }
      results.push({
        viewport: viewport.name,
        density: viewport.density,
        shown: shown.length,
        loads,
        oversized,
        failed,
        totalBytes: [...bytes.values()].reduce((sum, value) => sum + value, 0),
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}

/** A new app on its own database with a feed of photo posts, loaded at each viewport. */
export async function measureImagePages(port: number): Promise<ImagePageResult[]> {
  const databaseUrl = await recreateDatabase(DATABASE);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lunara-image-bench-'));
  // The photos are shared by an admin (she needs no membership); without two-factor she acts as staff only
  // where staff tools allow it, so this app lets staff act without it, as the browser tests' server does.
  const server = await startServer(databaseUrl, port, { DATA_DIR: dataDir, STAFF_TWO_FACTOR: 'optional' });
  try {
    const cookie = await signUpAdmin(server.url, databaseUrl);
    await sharePosts(server.url, cookie);
    return await loadFeed(server.url, cookie);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
