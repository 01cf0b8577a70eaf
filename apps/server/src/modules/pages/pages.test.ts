import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PageBoot } from '@lunara/shared/page-boot';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { userPoints } from '../../db/schema/community.ts';

// A built web app in miniature: index.html, the page manifest and a server renderer that shows what
// it was given (or fails, for /dashboard?fail).
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lunara-pages-'));
const webDist = path.join(root, 'dist');
fs.mkdirSync(webDist);
fs.mkdirSync(path.join(root, 'dist-ssr'));
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html><head><script type="module" crossorigin src="/assets/index.js"></script></head><body><div id="root"><p>Loading...</p></div></body></html>',
);
fs.writeFileSync(
  path.join(webDist, 'pages.json'),
  JSON.stringify([
    { path: '/', files: ['/assets/landing.js'], prerender: 'everyone' },
    { path: '/dashboard', files: ['/assets/dashboard.js'], prerender: 'members' },
    { path: '/community', files: ['/assets/community.js'], prerender: null },
    { path: '/course/:courseId', files: ['/assets/course.js'], prerender: null },
    { path: '*', files: ['/assets/not-found.js'], prerender: null },
  ]),
);
fs.writeFileSync(
  path.join(root, 'dist-ssr', 'entry-server.js'),
  `let renders = 0;
export async function renderPage(url, boot) {
  if (url.includes('fail')) throw new Error('render failed');
  renders += 1;
  return '<main>' + url + ' for ' + (boot.me.user ? boot.me.user.email : 'a visitor') + ', render ' + renders + '</main>';
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

function bootOf(html: string): PageBoot {
  const json = /<script id="lunara-boot" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error('no boot data in the page');
  return JSON.parse(json) as PageBoot;
}

describe('pages', () => {
  it('gives a visitor the landing page prerendered, with her boot data and the page code to load after the paint', async () => {
    const response = await t.request({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toContain('cookie');
    expect(response.body).toContain('<div id="root" data-prerendered=""><main>/ for a visitor');
    expect(response.body).toMatch(/<script data-entry="[^"]+" data-preload="[^"]*\/assets\/landing\.js[^"]*">/);
    const boot = bootOf(response.body);
    expect(boot.me).toEqual({ user: null });
    expect(boot.subscription).toBeNull();
    expect(boot.config).toEqual((await t.request({ method: 'GET', url: '/api/config' })).json());
  });

  it("reuses a visitor's page instead of rendering it again, whatever query string comes with it", async () => {
    const first = await t.request({ method: 'GET', url: '/?from=newsletter' });
    const second = await t.request({ method: 'GET', url: '/?from=newsletter' });
    expect(second.body).toBe(first.body);
    // Random query strings must not force a render each (a cheap way to load the server).
    for (const query of ['?v=1', '?v=2', '?x=a&y=b', '']) {
      const again = await t.request({ method: 'GET', url: `/${query}` });
      expect(again.body, query).toBe(first.body);
    }
  });

  it('gives a member her own session and membership, privately, as /api/me and the status say', async () => {
    const member = await t.signUpSubscriber();
    const response = await t.request({ method: 'GET', url: '/dashboard', cookie: member.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(response.body).toContain(`<main>/dashboard for ${member.email}`);
    const boot = bootOf(response.body);
    expect(boot.me).toEqual((await t.api(member, 'GET', '/api/me')).json());
    expect(boot.subscription).toEqual((await t.api(member, 'GET', '/api/billing/subscription')).json());
    expect(boot.subscription?.subscribed).toBe(true);
  });

  it('counts opening a page as the daily visit, as /api/me does', async () => {
    const member = await t.signUp();
    await t.request({ method: 'GET', url: '/dashboard', cookie: member.cookie });
    await t.request({ method: 'GET', url: '/', cookie: member.cookie });
    const [row] = await t.database.db
      .select({ points: userPoints.points, currentStreak: userPoints.currentStreak })
      .from(userPoints)
      .where(eq(userPoints.userId, member.id));
    expect(row).toEqual({ points: 1, currentStreak: 1 });
  });

  it('serves a page that is not prerendered with its loading state and boot data', async () => {
    const member = await t.signUp();
    const response = await t.request({ method: 'GET', url: '/community', cookie: member.cookie });
    expect(response.body).toContain('<div id="root"><p>Loading...</p></div>');
    expect(response.body).toContain('href="/assets/community.js"');
    expect(bootOf(response.body).me.user?.email).toBe(member.email);
  });

  it("answers an address that is none of the app's routes with 404 and the not-found page, for visitors and members", async () => {
    const member = await t.signUp();
    for (const cookie of [undefined, member.cookie]) {
      for (const url of ['/no/such/page', '/dashboard/extra', '/communityx?tab=feed']) {
        const response = await t.request({ method: 'GET', url, cookie });
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['content-type']).toContain('text/html');
        expect(response.body).toContain('href="/assets/not-found.js"');
        expect(bootOf(response.body).me.user?.email).toBe(cookie ? member.email : undefined);
      }
      // The app's routes stay pages, whatever the letter case or trailing slash.
      for (const url of ['/', '/dashboard', '/Community/', '/community?tab=events']) {
        expect((await t.request({ method: 'GET', url, cookie })).statusCode, url).toBe(200);
      }
    }
    // Twice for a visitor: the kept page keeps its status.
    expect((await t.request({ method: 'GET', url: '/no/such/page' })).statusCode).toBe(404);
  });

  it('answers an unknown address under a known one with the 404 page, and a known pattern with its page', async () => {
    for (const url of ['/community/nope', '/community/nope/deeper', '/course/1/nope', '/course/', '/dashboard//x/']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain('href="/assets/not-found.js"');
    }
    // A route with a parameter is the page whatever the value: the page itself tells her the course is missing.
    for (const url of ['/course/abc', '/Course/7/', '/course/7?from=feed']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('href="/assets/course.js"');
    }
  });

  it('answers HEAD as GET: a link checker sees the same status for a page and for a missing one', async () => {
    for (const [url, status] of [
      ['/', 200],
      ['/community', 200],
      ['/course/7', 200],
      ['/no/such/page', 404],
      ['/community/nope', 404],
    ] as const) {
      const response = await t.request({ method: 'HEAD', url });
      expect(response.statusCode, url).toBe(status);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.body, url).toBe('');
    }
  });

  it('answers an unknown API address, a missing asset and a non-GET request with the JSON 404, never a page', async () => {
    const member = await t.signUp();
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['GET', '/api/nope/'],
      ['GET', '/api'],
      ['GET', '/assets/missing.js'],
      ['GET', '/assets/missing.css?v=2'],
      ['GET', '/assets/'],
      ['GET', '/media/missing.webp'],
      ['POST', '/no/such/page'],
      ['DELETE', '/dashboard'],
    ] as const) {
      for (const cookie of [undefined, member.cookie]) {
        const response = await t.request({ method, url, cookie });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.headers['content-type'], `${method} ${url}`).toContain('application/json');
        expect(response.json().error.code, `${method} ${url}`).toBe('NOT_FOUND');
        expect(response.body).not.toContain('<!doctype html>');
      }
    }
  });

  it('still serves the page when prerendering fails', async () => {
    const member = await t.signUp();
    const response = await t.request({ method: 'GET', url: '/dashboard?fail', cookie: member.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"><p>Loading...</p></div>');
    expect(bootOf(response.body).me.user?.email).toBe(member.email);
  });

  it('treats a stale or forged session cookie as a visitor', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/dashboard',
      cookie: 'better-auth.session_token=forged.value',
    });
    expect(bootOf(response.body).me).toEqual({ user: null });
    // The dashboard is prerendered for members only: a visitor is sent on to /auth by the app.
    expect(response.body).toContain('<div id="root"><p>Loading...</p></div>');
  });
});
