import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { THEME_COOKIE } from '@lunara/shared/theme';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { profiles } from '../../db/schema/members.ts';

// A built web app in miniature, so that the served page's <html> can be read.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lunara-theme-'));
const webDist = path.join(root, 'dist');
fs.mkdirSync(webDist);
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><html lang="en"><head><meta name="theme-color" content="#fbf8f3" media="(prefers-color-scheme: light)" /><meta name="theme-color" content="#131020" media="(prefers-color-scheme: dark)" /></head><body><div id="root"><p>Loading...</p></div></body></html>',
);
fs.writeFileSync(path.join(webDist, 'pages.json'), JSON.stringify([{ path: '*', files: [], prerender: null }]));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { webDist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const htmlTheme = (html: string) => /<html lang="en" data-theme="([^"]+)">/.exec(html)?.[1];
const themeColors = (html: string) =>
  [...html.matchAll(/<meta name="theme-color" content="([^"]+)"/g)].map((m) => m[1]);

describe('her theme', () => {
  it('is "system" for a new member, saved on her profile, in /api/me and the cookie, and idempotent', async () => {
    const member = await t.signUp();
    expect((await t.api(member, 'GET', '/api/me')).json().user.theme).toBe('system');
    for (let i = 0; i < 2; i++) {
      const saved = await t.api(member, 'PUT', '/api/account/theme', { theme: 'dark' });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({ theme: 'dark' });
      expect(String(saved.headers['set-cookie'])).toContain(`${THEME_COOKIE}=dark; Path=/;`);
    }
    expect((await t.api(member, 'GET', '/api/me')).json().user.theme).toBe('dark');
    const [row] = await t.app.db.select({ theme: profiles.theme }).from(profiles).where(eq(profiles.id, member.id));
    expect(row?.theme).toBe('dark');
  });

  it('refuses anything but system, light and dark, and a visitor', async () => {
    const member = await t.signUp();
    for (const payload of [{ theme: 'sepia' }, { theme: '' }, { theme: null }, {}, { theme: ['dark'] }]) {
      const refused = await t.api(member, 'PUT', '/api/account/theme', payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().error.code).toBeTruthy();
    }
    expect((await t.api(member, 'PUT', '/api/account/theme', { theme: 'sepia' })).json().error.message).toContain(
      'Choose System, Light or Dark',
    );
    expect((await t.api(member, 'GET', '/api/me')).json().user.theme).toBe('system');
    const visitor = await t.api(undefined, 'PUT', '/api/account/theme', { theme: 'dark' });
    expect(visitor.statusCode).toBe(401);
  });

  it('changes her theme only: another member keeps hers', async () => {
    const [a, b] = [await t.signUp(), await t.signUp()];
    await t.api(a, 'PUT', '/api/account/theme', { theme: 'light' });
    expect((await t.api(b, 'GET', '/api/me')).json().user.theme).toBe('system');
  });

  it('is written into the served page before any script runs: the member’s choice, else the cookie, else the device', async () => {
    const visitor = await t.request({ method: 'GET', url: '/community' });
    expect(htmlTheme(visitor.body)).toBe('system');
    expect(themeColors(visitor.body)).toEqual(['#fbf8f3', '#131020']);

    const dark = await t.request({ method: 'GET', url: '/community', headers: { cookie: `${THEME_COOKIE}=dark` } });
    expect(htmlTheme(dark.body)).toBe('dark');
    expect(themeColors(dark.body)).toEqual(['#131020']);
    // The shared visitor page is not the dark one for the next visitor.
    expect(htmlTheme((await t.request({ method: 'GET', url: '/community' })).body)).toBe('system');
    const forged = await t.request({
      method: 'GET',
      url: '/community',
      headers: { cookie: `${THEME_COOKIE}="><script>alert(1)</script>` },
    });
    expect(htmlTheme(forged.body)).toBe('system');
    expect(forged.body).not.toContain('alert(1)');

    const member = await t.signUp();
    await t.api(member, 'PUT', '/api/account/theme', { theme: 'light' });
    const page = await t.request({ method: 'GET', url: '/community', cookie: member.cookie });
    expect(htmlTheme(page.body)).toBe('light');
    const overCookie = await t.request({
      method: 'GET',
      url: '/community',
      headers: { cookie: `${member.cookie}; ${THEME_COOKIE}=dark` },
    });
    expect(htmlTheme(overCookie.body)).toBe('light');
    expect(themeColors(overCookie.body)).toEqual(['#fbf8f3']);
  });
});
