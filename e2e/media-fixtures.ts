import path from 'node:path';
import { type Page, test } from '@playwright/test';
import sharp from 'sharp';

/** Headers of a request from the page's own origin, as the browser would send them. */
export const sameOriginHeaders = () => ({ origin: process.env.E2E_ORIGIN ?? '' });

// E2E_SHOTS_DIR keeps the screenshots where a later run does not clear them (to look at them).
export const shot = (page: Page, name: string) =>
  page.screenshot({
    path: process.env.E2E_SHOTS_DIR
      ? path.join(process.env.E2E_SHOTS_DIR, `${name}.png`)
      : test.info().outputPath(`${name}.png`),
  });

/** A photo as a phone takes it (a JPEG), by default large enough for every stored width. */
export async function photo(name: string, color: string, width = 2400, height = 1600) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="${color}"/><stop offset="1" stop-color="#f3d08a"/></linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#g)"/>
    <circle cx="${width / 2}" cy="${height / 2.4}" r="${Math.min(width, height) / 4}" fill="#fff" fill-opacity="0.55"/>
  </svg>`;
  return { name, mimeType: 'image/jpeg', buffer: await sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer() };
}
