import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PageBoot } from '@lunara/shared/page-boot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

// A built web app in miniature (as in pages/pages.test.ts): the landing page, prerendered for everyone.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lunara-plans-pages-'));
const webDist = path.join(root, 'dist');
fs.mkdirSync(webDist);
fs.mkdirSync(path.join(root, 'dist-ssr'));
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html><head></head><body><div id="root"><p>Loading...</p></div></body></html>',
);
fs.writeFileSync(
  path.join(webDist, 'pages.json'),
  JSON.stringify([
    { path: '/', files: [], prerender: 'everyone' },
    { path: '*', files: [], prerender: null },
  ]),
);
fs.writeFileSync(
  path.join(root, 'dist-ssr', 'entry-server.js'),
  `export async function renderPage(url, boot) {
  const html = '<main>' + (boot.config.plans.yearlyCents === null ? 'monthly only' : 'or yearly') + '</main>';
  return { html, queries: null, redirect: null };
}`,
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { webDist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const bootOf = (html: string) =>
  JSON.parse(/<script id="lunara-boot" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? '{}') as PageBoot;

describe('the plans on the pages', () => {
  it("a visitor's cached landing page shows the plans the owner just saved", async () => {
    const before = await t.request({ method: 'GET', url: '/' });
    expect(bootOf(before.body).config.plans).toEqual({ monthlyCents: 5500, yearlyCents: null, trialDays: 0 });
    expect(before.body).toContain('monthly only');

    const admin = await t.signUpSubscriber('admin');
    const saved = await t.api(admin, 'PUT', '/api/admin/plans', {
      monthlyCents: 5500,
      yearlyEnabled: true,
      yearlyCents: 49900,
      trialDays: 7,
      stripeMonthlyPriceId: null,
      stripeYearlyPriceId: null,
    });
    expect(saved.statusCode).toBe(200);

    // Well within the minute a visitor's page is reused.
    const after = await t.request({ method: 'GET', url: '/' });
    expect(bootOf(after.body).config.plans).toEqual({ monthlyCents: 5500, yearlyCents: 49900, trialDays: 7 });
    expect(after.body).toContain('or yearly');
    // A member's page carries them too.
    const member = await t.signUp();
    const page = await t.request({ method: 'GET', url: '/', cookie: member.cookie });
    expect(bootOf(page.body).config.plans.trialDays).toBe(7);
  });
});
