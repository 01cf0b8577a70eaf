// Screenshots of the main pages at 1280 px, and at 375 px on a phone (touch screen) in both themes, for
// looking at what changed:
//   npm run build && npm run screenshots [-- outDir]
// Starts the built server on a fresh data folder (port 3300, or SCREENSHOTS_PORT), signs a member up,
// and shoots. Files are named <page>-<run>.png: desktop, mobile (light) and mobile-dark.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContextOptions, chromium } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../e2e/chromium.ts';

const outDir = path.resolve(process.argv[2] ?? 'screenshots');
// SCREENSHOTS_PORT when 3300 is taken (another checkout shooting at the same time).
const port = Number(process.env.SCREENSHOTS_PORT ?? 3300);
const base = `http://localhost:${port}`;
fs.mkdirSync(outDir, { recursive: true });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lunara-shots-'));
const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_EMAILS:
      'admin.desktop@example.com,admin.desktop-dark@example.com,admin.mobile@example.com,admin.mobile-dark@example.com',
    // The admin pages themselves, not the "turn on two-factor" panel staff see first by default.
    STAFF_TWO_FACTOR: 'optional',
  },
  stdio: 'inherit',
});

async function waitForServer() {
  // Up to a minute: a fresh data folder is migrated and seeded first, slower on a busy machine.
  for (let i = 0; i < 300; i++) {
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
  // A phone: its width, a touch screen (the larger tap targets of styles/phone.css) and, for the dark run,
  // both ways a theme is chosen: the device's setting and the `lunara-theme` cookie the theme toggle keeps.
  const phone: BrowserContextOptions = { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true };
  const runs: Array<{ label: string; theme: 'light' | 'dark'; options: BrowserContextOptions }> = [
    { label: 'desktop', theme: 'light', options: { viewport: { width: 1280, height: 900 } } },
    { label: 'desktop-dark', theme: 'dark', options: { viewport: { width: 1280, height: 900 } } },
    { label: 'mobile', theme: 'light', options: phone },
    { label: 'mobile-dark', theme: 'dark', options: phone },
  ];
  for (const { label, theme, options } of runs) {
    const context = await browser.newContext({ ...options, colorScheme: theme, baseURL: base });
    await context.addCookies([{ name: 'lunara-theme', value: theme, url: base }]);
    const page = await context.newPage();
    const shoot = async (name: string, url: string) => {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: path.join(outDir, `${name}-${label}.png`), fullPage: true });
      // The first screen alone, which is what a phone shows before any scrolling.
      if (!label.startsWith('desktop')) await page.screenshot({ path: path.join(outDir, `${name}-${label}-top.png`) });
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
    // A circle as a place (issue 34): she joins one, posts in it and says hello in its chat.
    const { circles } = (await (await page.request.get('/api/circles')).json()) as {
      circles: Array<{ id: string; name: string; type: string }>;
    };
    // The demo data's lived-in circle (its own posts, chat and a circle-only event), else any she can join.
    const circle =
      circles.find((c) => c.name === 'New Moon Manifesters') ?? circles.find((c) => c.type === 'specialized');
    const privateCircle = circles.find((c) => c.type === 'private');
    if (circle) {
      const circleHref = `/community/circles/${circle.id}`;
      await page.request.post(`/api/circles/${circle.id}/join`, { data: {}, headers: { origin: base } });
      await page.request.post('/api/posts', {
        data: {
          title: 'Our first gathering',
          content: 'Thank you for the **beautiful** energy last night. Same time next week?',
          category: 'general',
          images: [],
          circleId: circle.id,
        },
        headers: { origin: base },
      });
      const detail = (await (await page.request.get(`/api/circles/${circle.id}`)).json()) as {
        conversationId: string | null;
      };
      if (detail.conversationId) {
        await page.request.post(`/api/conversations/${detail.conversationId}/messages`, {
          data: { content: 'Hello circle! 🌙' },
          headers: { origin: base },
        });
      }
      await shoot('circle-feed', circleHref);
      await shoot('circle-chat', `${circleHref}?tab=chat`);
      await shoot('circle-events', `${circleHref}?tab=events`);
      await shoot('circle-members', `${circleHref}?tab=members`);
    }
    if (privateCircle) await shoot('circle-private-outsider', `/community/circles/${privateCircle.id}`);
    await shoot('settings', '/settings');
    if (!label.startsWith('desktop')) {
      // The phone's menu, open over the page.
      await page.goto('/dashboard');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('menu').waitFor();
      await page.screenshot({ path: path.join(outDir, `menu-${label}-top.png`) });
    }
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
    // A circle's members as an admin sees them: Make host, Remove; and its join requests.
    const { circles: adminCircles } = (await (await page.request.get('/api/circles')).json()) as {
      circles: Array<{ id: string; name: string; type: string }>;
    };
    const shotCircle =
      adminCircles.find((c) => c.name === 'New Moon Manifesters') ?? adminCircles.find((c) => c.type === 'specialized');
    if (shotCircle) {
      await shoot('circle-members-admin', `/community/circles/${shotCircle.id}?tab=members`);
      await shoot('circle-events-admin', `/community/circles/${shotCircle.id}?tab=events`);
      // The scheduling form, with who can see the event.
      await page.getByRole('button', { name: 'Schedule an event' }).click();
      await page.getByRole('dialog').waitFor();
      await page.screenshot({ path: path.join(outDir, `circle-schedule-event-${label}.png`) });
    }
    // The owner's business (issue 33).
    for (const tab of ['analytics', 'plans', 'announcements']) await shoot(`admin-${tab}`, `/admin?tab=${tab}`);
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
