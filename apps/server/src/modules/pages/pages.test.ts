import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
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
    { path: '/community', files: ['/assets/community.js'], prerender: 'members' },
    { path: '/course/:courseId', files: ['/assets/course.js'], prerender: null },
    { path: '*', files: ['/assets/not-found.js'], prerender: null },
  ]),
);
fs.writeFileSync(
  path.join(webDist, 'parts.json'),
  JSON.stringify({
    'features/forums/forums-panel.tsx': ['/assets/forums.js', '/assets/dashboard.js', '/assets/shared.js'],
    'components/confirm-dialog.tsx': ['/assets/shared.js', '/assets/dialog.js'],
  }),
);
fs.writeFileSync(
  path.join(root, 'dist-ssr', 'entry-server.js'),
  `let renders = 0;
const outcome = (promise) => promise.then(async (response) => response.status + ' ' + (await response.text()), (error) => 'refused: ' + error.message);
export async function renderPage(url, boot, render) {
  const transport = render.transport;
  if (url.includes('fail')) throw new Error('render failed');
  const away = new URL(url, 'http://x').searchParams.get('away');
  if (away !== null) return { html: '', queries: null, redirect: away };
  renders += 1;
  const main = '<main>' + url + ' for ' + (boot.me.user ? boot.me.user.email : 'a visitor') + ', render ' + renders + '</main>';
  const parts = new URL(url, 'http://x').searchParams.get('parts');
  if (parts !== null) return { html: main, queries: null, redirect: null, parts: parts.split(','), drawnAt: 1795900000000 };
  if (!url.startsWith('/community')) return { html: main, queries: null };
  // The community page's reads, and what a page may not do while it is drawn.
  const reads = {
    locale: render.locale + ' ' + render.timeZone,
    me: await outcome(transport('/api/me', {})),
    subscription: await outcome(transport('/api/billing/subscription', {})),
    post: await outcome(transport('/api/posts', { method: 'POST', body: '{}' })),
    health: await outcome(transport('/health', {})),
    dotted: await outcome(transport('/api/../health', {})),
  };
  return { html: main, queries: reads };
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

  it('sends a page compressed when the browser takes Brotli or gzip, and as it is otherwise', async () => {
    const member = await t.signUpSubscriber();
    for (const cookie of [undefined, member.cookie]) {
      const url = cookie ? '/dashboard' : '/';
      const plain = await t.request({ method: 'GET', url, cookie });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('cookie, accept-encoding');
      for (const [accept, encoding, decode] of [
        ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
        ['gzip;q=1.0, br;q=0', 'gzip', zlib.gunzipSync],
        ['deflate, identity', undefined, (body: Buffer) => body],
      ] as const) {
        const response = await t.request({ method: 'GET', url, cookie, headers: { 'accept-encoding': accept } });
        expect(response.headers['content-encoding'], accept).toBe(encoding);
        const html = decode(response.rawPayload).toString('utf8');
        // The same page: a member's is made again per request (its render count moves on).
        expect(html.replace(/render \d+/, ''), accept).toBe(plain.body.replace(/render \d+/, ''));
      }
    }
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
    const response = await t.request({ method: 'GET', url: '/course/7', cookie: member.cookie });
    expect(response.body).toContain('<div id="root"><p>Loading...</p></div>');
    expect(response.body).toContain('href="/assets/course.js"');
    expect(bootOf(response.body).me.user?.email).toBe(member.email);
  });

  it("answers a prerendered page's reads as the API answers her, and lets it read nothing else", async () => {
    const member = await t.signUpSubscriber();
    const other = await t.signUpSubscriber();
    const response = await t.request({ method: 'GET', url: '/community', cookie: member.cookie });
    expect(response.headers['cache-control']).toBe('private, no-cache');
    const reads = bootOf(response.body).queries as Record<string, string>;
    expect(reads.locale).toBe('undefined undefined'); // her browser told nothing: the server's own
    const answer = async (url: string) => {
      const api = await t.api(member, 'GET', url);
      return `${api.statusCode} ${api.body}`;
    };
    // Her own session through the route's own guards, never another member's.
    expect(reads.me).toBe(await answer('/api/me'));
    expect(reads.me).toContain(member.email);
    expect(reads.me).not.toContain(other.email);
    expect(reads.subscription).toBe(await answer('/api/billing/subscription'));
    // Drawing a page changes nothing and reads only the API.
    expect(reads.post).toBe('refused: A prerendered page may only read the API, not POST /api/posts');
    expect(reads.health).toBe('refused: A prerendered page may only read the API, not GET /health');
    expect(reads.dotted).toBe('refused: A prerendered page may only read the API, not GET /api/../health');
    // A member's reads are hers: the next member's page is drawn with her own.
    const next = await t.request({ method: 'GET', url: '/community', cookie: other.cookie });
    expect((bootOf(next.body).queries as Record<string, string>).me).toContain(other.email);
  });

  it("draws a member's page in her browser's language and time zone, and ignores what is not one", async () => {
    const member = await t.signUpSubscriber();
    const localeOf = async (headers: Record<string, string>) => {
      const cookie = [member.cookie, headers.cookie].filter(Boolean).join('; ');
      const response = await t.request({ method: 'GET', url: '/community', cookie, headers: { ...headers, cookie } });
      return (bootOf(response.body).queries as Record<string, string>).locale;
    };
    expect(await localeOf({ 'accept-language': 'en-GB,en;q=0.9', cookie: 'lunara-tz=Pacific%2FKiritimati' })).toBe(
      'en-GB Pacific/Kiritimati',
    );
    expect(await localeOf({ 'accept-language': 'de', cookie: 'lunara-tz=Europe/Berlin' })).toBe('de Europe/Berlin');
    // Extensions are dropped: a request cannot mint endless variants of one language.
    expect(await localeOf({ 'accept-language': 'en-GB-u-nu-arab-x-probe1', cookie: 'lunara-tz=UTC' })).toBe(
      'en-GB UTC',
    );
    for (const [language, zone] of [
      ['*', 'Mars/Olympus'],
      ['x'.repeat(200), '%E0%A4%A'],
      ['not a tag!', `${'Europe/'.repeat(40)}Paris`],
    ] as const) {
      expect(await localeOf({ 'accept-language': language, cookie: `lunara-tz=${zone}` }), zone).toBe(
        'undefined undefined',
      );
    }
  });

  it("sends her on at once when the page's guard turns her away, only ever within the site", async () => {
    const member = await t.signUp();
    for (const [away, location] of [
      ['/dashboard', '/dashboard'],
      ['/auth?next=%2Fcommunity', '/auth?next=%2Fcommunity'],
      ['//evil.example/x', '/'],
      ['/\\evil.example', '/'],
      ['https://evil.example', '/'],
    ] as const) {
      const response = await t.request({
        method: 'GET',
        url: `/community?away=${encodeURIComponent(away)}`,
        cookie: member.cookie,
        headers: { 'accept-encoding': 'br' },
      });
      expect(response.statusCode, away).toBe(302);
      expect(response.headers.location, away).toBe(location);
      expect(response.headers['content-encoding'], away).toBeUndefined();
      expect(response.headers['cache-control'], away).toBe('private, no-cache');
    }
  });

  it('names the lazy parts the page was drawn with, and preloads their files with it, each once', async () => {
    const member = await t.signUpSubscriber();
    const parts = ['features/forums/forums-panel.tsx', 'components/confirm-dialog.tsx', 'unknown.tsx', 'constructor'];
    const response = await t.request({
      method: 'GET',
      url: `/dashboard?parts=${parts.join(',')}`,
      cookie: member.cookie,
    });
    expect(bootOf(response.body).parts).toEqual(parts);
    // And when it was drawn, for the browser to hydrate its "5 minutes ago" from the same moment.
    expect(bootOf(response.body).drawnAt).toBe(1795900000000);
    const preload = /<script data-entry="[^"]+" data-preload="([^"]*)">/.exec(response.body)?.[1]?.split(' ');
    expect(preload).toEqual(['/assets/dashboard.js', '/assets/forums.js', '/assets/shared.js', '/assets/dialog.js']);
    // A page drawn without any names none.
    const plain = await t.request({ method: 'GET', url: '/dashboard', cookie: member.cookie });
    expect(bootOf(plain.body).parts).toEqual([]);
  });

  it('writes no page reads into a page that made none', async () => {
    const member = await t.signUpSubscriber();
    const response = await t.request({ method: 'GET', url: '/dashboard', cookie: member.cookie });
    expect(bootOf(response.body)).not.toHaveProperty('queries');
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
    for (const url of [
      '/community/nope',
      '/community/nope/deeper',
      '/course/1/nope',
      '/course/',
      '/dashboard//x/',
      '//community',
      '/course//7',
    ]) {
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
