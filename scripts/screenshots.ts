// Screenshots of the main pages at 1280 px and 375 px, for looking at what changed:
//   npm run build && npm run screenshots [-- outDir]
// Starts the built server on a fresh data folder (port 3300), signs a member up, and shoots.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../e2e/chromium.ts';

const outDir = path.resolve(process.argv[2] ?? 'screenshots');
const port = 3300;
const base = `http://localhost:${port}`;
fs.mkdirSync(outDir, { recursive: true });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lunara-shots-'));
const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_EMAILS: 'admin.desktop@example.com,admin.mobile@example.com',
    // The admin pages themselves, not the "turn on two-factor" panel staff see first by default.
    STAFF_TWO_FACTOR: 'optional',
  },
  stdio: 'inherit',
});

async function waitForServer() {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not start');
}

try {
  await waitForServer();
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  const viewports: Array<[label: string, width: number]> = [
    ['desktop', 1280],
    ['mobile', 375],
  ];
  for (const [label, width] of viewports) {
    const context = await browser.newContext({ viewport: { width, height: 900 }, baseURL: base });
    const page = await context.newPage();
    const shoot = async (name: string, url: string) => {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: path.join(outDir, `${name}-${label}.png`), fullPage: true });
      // The first screen alone, which is what a phone shows before any scrolling.
      if (label === 'mobile') await page.screenshot({ path: path.join(outDir, `${name}-${label}-top.png`) });
    };
    await shoot('landing-visitor', '/');
    await shoot('auth', '/auth');
    await shoot('not-found', '/nowhere');
    await shoot('reset-password', '/reset-password?token=abc');
    await shoot('assessment', '/assessment');
    const email = `shots.${label}.${Date.now()}@example.com`;
    await page.request.post('/api/auth/sign-up/email', {
      data: { email, password: 'moonlight', name: 'Maya Rivers' },
      headers: { origin: base },
    });
    await shoot('dashboard-free', '/dashboard');
    await shoot('landing-free', '/');
    await shoot('test-checkout', '/billing/test-checkout');
    await page.request.post('/api/billing/test/complete', { data: {}, headers: { origin: base } });
    await shoot('dashboard-member', '/dashboard');
    await shoot('landing-member', '/');
    await shoot('test-portal', '/billing/test-portal');
    await shoot('courses', '/courses');
    await shoot('course', '/course/2');
    for (const lesson of ['1-1', '1-2']) {
      await page.request.post(`/api/courses/1/lessons/${lesson}/complete`, { data: {}, headers: { origin: base } });
    }
    await shoot('course-progress', '/course/1');
    await shoot('lesson', '/course/1/lesson/1-2');
    await shoot('community', '/community');
    await shoot('leaderboard', '/community?tab=leaderboard');
    await shoot('forums', '/community?tab=forums');
    await shoot('circles', '/community?tab=circles');
    await shoot('events', '/community?tab=events');
    await shoot('saved', '/community?tab=saved');
    await shoot('search', '/community/search?q=moon');
    await shoot('messages-empty', '/community?tab=messages');
    const found = (await (await page.request.get('/api/members/search?q=a')).json()) as {
      members: Array<{ id: string }>;
    };
    const sister = found.members[0];
    if (sister) {
      const started = await page.request.post('/api/conversations', {
        data: { userId: sister.id },
        headers: { origin: base },
      });
      const { conversation } = (await started.json()) as { conversation: { id: string } };
      for (const content of ['Hello sister! How was the full moon ritual?', 'I loved the bath blend you shared 🌙']) {
        await page.request.post(`/api/conversations/${conversation.id}/messages`, {
          data: { content },
          headers: { origin: base },
        });
      }
      await shoot('messages', '/community?tab=messages');
      await shoot('messages-thread', `/community?tab=messages&conversation=${conversation.id}`);
    }
    await shoot('rituals', '/rituals');
    await shoot('bath-builder', '/rituals/bath-builder');
    await shoot('pods', '/community?tab=pods');
    await page.request.post('/api/auth/sign-out', { data: {}, headers: { origin: base } });
    const adminEmail = `admin.${label}@example.com`;
    await page.request.post('/api/auth/sign-up/email', {
      data: { email: adminEmail, password: 'moonlight', name: 'Selene Admin' },
      headers: { origin: base },
    });
    // ADMIN_EMAILS promotes her once she follows the confirmation link (here from the development outbox).
    const outbox = (await (await page.request.get('/api/dev/outbox')).json()) as {
      mails: Array<{ to: string; subject: string; text: string }>;
    };
    const confirmation = outbox.mails.find((m) => m.to === adminEmail && m.subject.startsWith('Confirm your email'));
    const link = confirmation?.text.match(/https?:\/\/\S+/)?.[0];
    if (link) await page.request.get(link);
    await shoot('dashboard-admin', '/dashboard');
    await shoot('admin', '/admin');
    await shoot('admin-users', '/admin?tab=users');
    await shoot('admin-content', '/admin?tab=content');
    await shoot('admin-settings', '/admin?tab=settings');
    await shoot('admin-pods', '/admin?tab=pods');
    for (const section of ['courses', 'rituals', 'categories', 'baths', 'assessment']) {
      await shoot(`content-studio-${section}`, `/admin/content?section=${section}`);
    }
    await context.close();
  }
  await browser.close();
  console.log(`screenshots in ${outDir}`);
} finally {
  server.kill('SIGTERM');
}
