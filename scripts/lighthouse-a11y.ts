// Lighthouse's accessibility score of the pages members live on, in both themes (issue 32):
//   npm run build && npm run lighthouse:a11y              (starts the built server on a fresh data folder)
//   LIGHTHOUSE_URL=http://localhost:3000 npm run lighthouse:a11y   (a server already running, in development
//                                                                    mode so that test billing is on)
// A member is signed up and given a test membership; each theme is set as people set it (her saved choice,
// a visitor's cookie). Prints every score and each failing audit's elements; exits 1 below 100.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { THEME_COOKIE } from '@lunara/shared/theme';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, findChromium } from '../e2e/chromium.ts';

const THEMES = ['light', 'dark'] as const;
const MEMBER_PAGES = ['/', '/dashboard', '/community', '/rituals'];

async function startServer(): Promise<{ base: string; stop: () => void }> {
  const port = Number(process.env.LIGHTHOUSE_PORT ?? 3441);
  const base = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lunara-lighthouse-'));
  const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DEMO_DATA: '1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 150; i++) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, stop: () => server.kill('SIGTERM') };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.kill('SIGTERM');
  throw new Error('server did not start');
}

/** A new member with a (test) membership: her session cookie. */
async function signUpMember(base: string): Promise<string> {
  const headers = { origin: base, 'content-type': 'application/json' };
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: `lighthouse.${Date.now()}@example.com`, password: 'moonlight', name: 'Maya Rivers' }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const paid = await fetch(`${base}/api/billing/test/complete`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: '{}',
  });
  if (!paid.ok) throw new Error(`test membership failed (is test billing on?): ${paid.status} ${await paid.text()}`);
  return cookie;
}

async function saveTheme(base: string, cookie: string, theme: string) {
  const saved = await fetch(`${base}/api/account/theme`, {
    method: 'PUT',
    headers: { origin: base, 'content-type': 'application/json', cookie },
    body: JSON.stringify({ theme }),
  });
  if (!saved.ok) throw new Error(`saving the theme failed: ${saved.status} ${await saved.text()}`);
}

const running = process.env.LIGHTHOUSE_URL ? null : await startServer();
const base = process.env.LIGHTHOUSE_URL ?? running?.base ?? '';
const chrome = await chromeLauncher.launch({
  chromePath: findChromium() ?? '/usr/bin/chromium',
  chromeFlags: CHROMIUM_ARGS,
});
let failed = 0;
try {
  const session = await signUpMember(base);
  const runs = THEMES.flatMap((theme) => [
    { theme, page: '/', who: 'visitor', cookie: `${THEME_COOKIE}=${theme}` },
    ...MEMBER_PAGES.map((page) => ({ theme, page, who: 'member', cookie: `${session}; ${THEME_COOKIE}=${theme}` })),
  ]);
  for (const run of runs) {
    // Her saved choice is what a member's pages are drawn in (it wins over the cookie).
    if (run.who === 'member') await saveTheme(base, session, run.theme);
    const result = await lighthouse(`${base}${run.page}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['accessibility'],
      extraHeaders: { Cookie: run.cookie },
    });
    const lhr = result?.lhr;
    const score = Math.round((lhr?.categories.accessibility?.score ?? 0) * 100);
    const label = `${run.theme.padEnd(5)} ${run.who.padEnd(7)} ${run.page}`;
    console.log(`${score === 100 ? 'ok  ' : 'FAIL'} ${label}: ${score}`);
    if (lhr?.runtimeError) console.log(`     runtime error: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (score === 100) continue;
    failed++;
    for (const ref of lhr?.categories.accessibility?.auditRefs ?? []) {
      const audit = lhr?.audits[ref.id];
      if (!audit || ref.weight === 0 || audit.score === null || audit.score === 1) continue;
      console.log(`     ${audit.id}: ${audit.title}`);
      const items = (audit.details as { items?: { node?: { selector?: string; explanation?: string } }[] })?.items;
      for (const item of (items ?? []).slice(0, 8)) {
        console.log(`       ${item.node?.selector ?? ''} ${item.node?.explanation?.split('\n').join(' ') ?? ''}`);
      }
    }
  }
} finally {
  chrome.kill();
  running?.stop();
}
console.log(failed ? `${failed} page(s) below 100` : 'Accessibility 100 on every page in both themes');
process.exit(failed ? 1 : 0);
