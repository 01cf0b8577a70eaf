/**
 * Draws the app's icons from the brand mark (the crescent of apps/web/public/favicon.svg) into
 * apps/web/public/icons/ and apps/web/public/favicon.ico. The PNGs are committed, so the build needs no
 * sharp; run this again after changing the mark: `node scripts/make-icons.mjs`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const publicDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web', 'public');
const iconsDir = path.join(publicDir, 'icons');

/** The design tokens (apps/web/src/styles/index.css): night-900 behind a moon-gold crescent. */
const NIGHT = '#1b1633';
const MOON = '#f3d9a4';
/** The crescent of favicon.svg, drawn in a 64-unit square. */
const CRESCENT = 'M40 14a20 20 0 1 0 10 34A17 17 0 0 1 40 14z';

/**
 * The mark on a square. `scale` shrinks the crescent about the centre: a maskable icon keeps it inside
 * the central circle of 80% that every platform's mask leaves visible. `rounded` gives the favicon's
 * rounded corners; the platforms round (or mask) the other icons themselves, so those are full-bleed.
 */
function markSvg({ scale = 1, rounded = false }) {
  const offset = 32 * (1 - scale);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" ${rounded ? 'rx="14"' : ''} fill="${NIGHT}"/>
  <path d="${CRESCENT}" fill="${MOON}" transform="translate(${offset} ${offset}) scale(${scale})"/>
</svg>`;
}

async function png(svg, size) {
  return sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 64) * 2 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** An .ico holding one PNG (allowed since Windows Vista; every browser reads it). */
function icoOf(pngImage, size) {
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // an icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(pngImage.length, 14);
  header.writeUInt32LE(header.length, 18);
  return Buffer.concat([header, pngImage]);
}

const outputs = [
  // The manifest's icons: Chrome asks for 192 and 512 (the splash screen uses the larger).
  { file: 'icon-192.png', size: 192, svg: markSvg({}) },
  { file: 'icon-512.png', size: 512, svg: markSvg({}) },
  // The crescent spans about 40 of 64 units; at 0.8 it stays inside the safe circle (r = 40% of the side).
  { file: 'icon-maskable-512.png', size: 512, svg: markSvg({ scale: 0.8 }) },
  // iOS's home screen: opaque, 180 px, corners rounded by the system.
  { file: 'apple-touch-icon.png', size: 180, svg: markSvg({}) },
  { file: 'favicon-32.png', size: 32, svg: markSvg({ rounded: true }) },
];

fs.mkdirSync(iconsDir, { recursive: true });
for (const { file, size, svg } of outputs) {
  fs.writeFileSync(path.join(iconsDir, file), await png(svg, size));
  console.log(`wrote icons/${file}`);
}
fs.writeFileSync(path.join(publicDir, 'favicon.ico'), icoOf(await png(markSvg({ rounded: true }), 32), 32));
console.log('wrote favicon.ico');
