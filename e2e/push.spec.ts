import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { decryptPush, makeBrowserKeys, startFakePushService } from '../apps/server/test/push-service.ts';
import { becomeMember, clickWhenHydrated } from './fixtures.ts';

/**
 * Web Push end to end. Chromium without a network cannot reach a real push service, so the page's
 * PushManager is stubbed to hand out a subscription on a push service this test runs (with keys the test
 * made); everything else is real: the switch, the permission, the server's queue, RFC 8291 encryption,
 * the service worker showing the notification and opening the page on a click.
 */

// The real service worker shows the push and handles its click (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

const headers = { origin: process.env.E2E_ORIGIN ?? '' };

/** PushManager as a browser with this subscription would answer (the key it was made for kept per tab). */
function stubPushManager(context: BrowserContext, subscription: { endpoint: string; p256dh: string; auth: string }) {
  return context.addInitScript(({ endpoint, p256dh, auth }) => {
    const STORE = 'e2e-push-application-server-key';
    const bytes = (text: string) => {
      const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
      const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
      return Uint8Array.from(binary, (c) => c.charCodeAt(0)).buffer;
    };
    const make = (applicationServerKey: ArrayBuffer) => ({
      endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey },
      getKey: (name: string) => bytes(name === 'p256dh' ? p256dh : auth),
      toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
      unsubscribe: async () => {
        localStorage.removeItem(STORE);
        return true;
      },
    });
    PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey as Uint8Array;
      localStorage.setItem(STORE, JSON.stringify(Array.from(key)));
      return make(new Uint8Array(key).buffer) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function getSubscription() {
      const stored = localStorage.getItem(STORE);
      return stored ? (make(new Uint8Array(JSON.parse(stored)).buffer) as unknown as PushSubscription) : null;
    };
  }, subscription);
}

/** The app's service worker, active and controlling the page. */
async function waitForWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    }
  });
}

/** The bell's "Notification Preferences" (the bell is on the community pages). */
async function openPreferences(page: Page) {
  if (!new URL(page.url()).pathname.startsWith('/community')) await page.goto('/community');
  // Once the app runs: under the service worker a press kept from before hydration was lost twice in
  // the clean-clone check (issue 35's note on presses before hydration).
  await clickWhenHydrated(page.getByRole('button', { name: /^Notifications/ }));
  await page.getByRole('button', { name: 'Notification Preferences' }).click();
  return page.getByRole('dialog', { name: 'Notification Preferences' });
}

test('she turns push on for this device, a like arrives encrypted, shows, and its click opens the post', async ({
  browser,
}) => {
  // Two browsers, a push through the queue and the worker, then sign-out: 50 s on a busy 2-core machine.
  test.setTimeout(120_000);
  const push = await startFakePushService();
  try {
    const browserKeys = makeBrowserKeys();
    const endpoint = push.endpoint('her-phone');
    const context = await browser.newContext();
    await context.grantPermissions(['notifications']);
    await stubPushManager(context, { endpoint, ...browserKeys.keys });
    const page = await context.newPage();
    await becomeMember(page);
    await waitForWorker(page);
    const title = `Full moon circle ${Date.now()}`;
    const post = await (await page.request.post('/api/posts', { data: { title, content: 'Tonight' }, headers })).json();

    const dialog = await openPreferences(page);
    const pushSwitch = dialog.getByRole('switch', { name: 'Push Notifications' });
    await expect(dialog.getByTestId('push-status')).toHaveText('Off for this device');
    await expect(pushSwitch).toBeEnabled();
    await expect(pushSwitch).not.toBeChecked();
    await pushSwitch.click();
    await expect(pushSwitch).toBeChecked();
    await expect(dialog.getByTestId('push-status')).toHaveText('On for this device');
    await expect(page.getByText('Push notifications are on for this device')).toBeVisible();
    // For looking at it (not compared): the dialog with push on, on a desktop and on a phone.
    await page.screenshot({ path: 'test-results/push-preferences-1280.png' });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: 'test-results/push-preferences-375.png' });
    await page.setViewportSize({ width: 1280, height: 720 });
    const devices = (await (await page.request.get('/api/push/subscriptions')).json()).devices;
    expect(devices).toEqual([expect.objectContaining({ endpoint, deviceLabel: expect.stringMatching(/^Chrome on /) })]);
    await page.keyboard.press('Escape');

    // A sister likes her post: the server pushes it to her device.
    const sister = await (await browser.newContext()).newPage();
    await becomeMember(sister);
    expect((await sister.request.put(`/api/posts/${post.id}/like`, { data: {}, headers })).ok()).toBe(true);
    const [received] = await push.waitFor('her-phone', 1);
    expect(received?.headers['content-encoding']).toBe('aes128gcm');
    const text = decryptPush(received?.body ?? Buffer.alloc(0), browserKeys);
    const payload = JSON.parse(text);
    expect(payload).toMatchObject({ type: 'post_like', url: `/community/post/${post.id}` });
    expect(payload.body).toContain(title);

    // What her push service would hand the browser: the decrypted message, to the real service worker.
    await page.goto('/dashboard');
    await waitForWorker(page);
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const mine = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(headers.origin));
        if (mine) resolve(mine.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: headers.origin,
      registrationId: await registrationId,
      data: text,
    });
    const shown = async () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          data: n.data,
        })),
      );
    await expect.poll(shown).toEqual([
      {
        title: payload.title,
        body: payload.body,
        tag: payload.tag,
        data: { url: `${headers.origin}/community/post/${post.id}` },
      },
    ]);

    // Her click on it: the open Lunara tab goes to the post.
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    await worker.evaluate(async () => {
      // The worker's own globals (the e2e project compiles against the DOM library, not WebWorker).
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        dispatchEvent(event: Event): boolean;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      };
      const [notification] = await scope.registration.getNotifications();
      if (!notification) throw new Error('no notification to click');
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification }));
    });
    await expect(page).toHaveURL(new RegExp(`/community/post/${post.id}$`));
    await expect(page.getByRole('article', { name: title })).toBeVisible();
    await expect.poll(shown).toEqual([]);

    // Off again: this device is unsubscribed on the server and in the browser.
    const again = await openPreferences(page);
    await again.getByRole('switch', { name: 'Push Notifications' }).click();
    await expect(again.getByRole('switch', { name: 'Push Notifications' })).not.toBeChecked();
    await expect(again.getByTestId('push-status')).toHaveText('Off for this device');
    expect((await (await page.request.get('/api/push/subscriptions')).json()).devices).toEqual([]);
    expect((await (await page.request.get('/api/notifications/preferences')).json()).pushEnabled).toBe(false);

    // On again, then she signs out: this (perhaps shared) computer stops getting her pushes first.
    await again.getByRole('switch', { name: 'Push Notifications' }).click();
    await expect(again.getByRole('switch', { name: 'Push Notifications' })).toBeChecked();
    expect((await (await page.request.get('/api/push/subscriptions')).json()).devices).toHaveLength(1);
    await page.goto('/settings');
    const forgotten = page.waitForResponse(
      (response) => response.url().endsWith('/api/push/subscriptions') && response.request().method() === 'DELETE',
    );
    await page.getByRole('button', { name: 'Sign Out' }).click();
    expect((await forgotten).ok()).toBe(true);
    await expect(page).toHaveURL(/\/$/);
  } finally {
    await push.close();
  }
});

test('when the browser blocks notifications, she is told how to allow them and the switch stays off', async ({
  browser,
}) => {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    Notification.requestPermission = async () => 'denied';
  });
  await stubPushManager(context, { endpoint: 'https://push.example.com/never', ...makeBrowserKeys().keys });
  const page = await context.newPage();
  await becomeMember(page);
  await waitForWorker(page);
  const dialog = await openPreferences(page);
  const pushSwitch = dialog.getByRole('switch', { name: 'Push Notifications' });
  await expect(pushSwitch).toBeEnabled();
  await pushSwitch.click();
  await expect(dialog.getByRole('alert')).toContainText('Notifications are blocked for this site');
  await expect(dialog.getByRole('alert')).toContainText('Allow');
  await expect(pushSwitch).not.toBeChecked();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: 'test-results/push-blocked-375.png' });
  expect((await (await page.request.get('/api/push/subscriptions')).json()).devices).toEqual([]);
});
