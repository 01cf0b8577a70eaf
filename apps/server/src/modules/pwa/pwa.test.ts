import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

// A web build in miniature: index.html and the page table, the worker, and the real public/ files
// (offline page, icons) that `vite build` copies beside them.
const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/public');
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'lunara-pwa-'));
fs.cpSync(publicDir, webDist, { recursive: true });
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html><head><link rel="manifest" href="/manifest.webmanifest"></head><body><div id="root"></div></body></html>',
);
fs.writeFileSync(path.join(webDist, 'pages.json'), JSON.stringify([{ path: '*', files: [], prerender: null }]));
fs.writeFileSync(path.join(webDist, 'sw.js'), '/* Lunara build test */ self.addEventListener("fetch", () => {});\n');

const PRODUCT_NAME = 'Moonwell Sisterhood Circle';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ productName: PRODUCT_NAME }, { webDist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

/** A PNG's width and height, from its header (IHDR). */
function pngSize(body: Buffer) {
  expect(body.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`;
}

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

describe('the web app manifest', () => {
  it('is served as a manifest, named after PRODUCT_NAME, and revalidated on each use', async () => {
    const response = await t.request({ method: 'GET', url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    const manifest = response.json() as Manifest;
    expect(manifest.name).toBe(PRODUCT_NAME);
    expect(manifest.short_name).toBe('Moonwell Sis');
    expect(manifest).toMatchObject({ start_url: '/dashboard', scope: '/', display: 'standalone' });
  });

  it('lists icons that exist, as PNGs of the sizes it says', async () => {
    const manifest = (await t.request({ method: 'GET', url: '/manifest.webmanifest' })).json() as Manifest;
    expect(manifest.icons.length).toBeGreaterThanOrEqual(3);
    for (const icon of manifest.icons) {
      const response = await t.request({ method: 'GET', url: icon.src });
      expect(response.statusCode, icon.src).toBe(200);
      expect(response.headers['content-type'], icon.src).toBe('image/png');
      expect(pngSize(response.rawPayload), icon.src).toBe(icon.sizes);
    }
  });

  it('has no other method', async () => {
    const response = await t.request({ method: 'POST', url: '/manifest.webmanifest', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});

describe('the service worker and its files', () => {
  it('serves /sw.js as a script that the browser checks for a new version every time', async () => {
    const response = await t.request({ method: 'GET', url: '/sw.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('Lunara build');
  });

  it('allows the worker and the manifest in the pages’ content security policy', async () => {
    const csp = String((await t.request({ method: 'GET', url: '/dashboard' })).headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });

  it('serves the offline page, its script and the home-screen icons, none of them from the SPA fallback', async () => {
    const offline = await t.request({ method: 'GET', url: '/offline.html' });
    expect(offline.statusCode).toBe(200);
    expect(offline.headers['content-type']).toContain('text/html');
    expect(offline.body).toContain("You're offline");
    expect(offline.body).toContain('<script src="/offline.js"></script>');
    const script = await t.request({ method: 'GET', url: '/offline.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    const touchIcon = await t.request({ method: 'GET', url: '/icons/apple-touch-icon.png' });
    expect(pngSize(touchIcon.rawPayload)).toBe('180x180');
    const favicon = await t.request({ method: 'GET', url: '/favicon.ico' });
    expect(favicon.statusCode).toBe(200);
    expect(favicon.rawPayload.readUInt16LE(2)).toBe(1);
  });

  it('answers a missing icon with a 404', async () => {
    const response = await t.request({ method: 'GET', url: '/icons/icon-999.png' });
    expect(response.statusCode).toBe(404);
  });
});
