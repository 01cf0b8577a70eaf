import { mentionToken } from '@lunara/shared/mentions';
import { MAX_PUSH_DEVICES, type PushPayload } from '@lunara/shared/push';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BrowserKeys,
  decryptPush,
  type FakePushService,
  makeBrowserKeys,
  startFakePushService,
  verifyVapid,
} from '../../../test/push-service.ts';
import { createTestApp, defaultTestName, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { type Database, openPostgres } from '../../db/client.ts';
import { session, user } from '../../db/schema/auth.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { appSettings } from '../../db/schema/operations.ts';
import { pushDeliveries, pushSubscriptions } from '../../db/schema/push.ts';
import { createNotification } from '../notifications/notification-service.ts';
import { MAX_PUSH_ATTEMPTS, sendDuePushes } from './delivery-service.ts';
import { saveSubscription } from './subscription-service.ts';
import { resolveVapidDetails } from './vapid-keys.ts';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

let t: TestApp;
let push: FakePushService;
beforeAll(async () => {
  t = await createTestApp({
    push: { vapidKeys: undefined, subject: 'mailto:ops@example.com', allowHttpLoopback: true },
  });
  push = await startFakePushService();
});
afterAll(async () => {
  await t?.close();
  await push?.close();
});

let deviceCount = 0;
/** Subscribes a new device (its own endpoint on the fake service) for her, as Chrome on Android. */
async function subscribe(member: TestMember): Promise<{ name: string; browser: BrowserKeys; endpoint: string }> {
  const name = `device-${deviceCount++}`;
  const browser = makeBrowserKeys();
  const endpoint = push.endpoint(name);
  const response = await t.request({
    method: 'POST',
    url: '/api/push/subscriptions',
    cookie: member.cookie,
    headers: { 'user-agent': ANDROID_CHROME },
    payload: { endpoint, keys: browser.keys },
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().deviceLabel).toBe('Chrome on Android');
  return { name, browser, endpoint };
}

const payloadOf = (body: Buffer, browser: BrowserKeys) => JSON.parse(decryptPush(body, browser)) as PushPayload;

/**
 * Waits until this app's own sender has tried a delivery once and failed: claimed (attempts 1, held for
 * the two-minute lease), then given the retry's due time (30 s), which is what the test goes on from.
 */
async function failedOnce(endpoint: string) {
  await expect
    .poll(async () => {
      const [row] = await queuedFor(endpoint);
      return row !== undefined && row.attempts === 1 && row.dueAt.getTime() - Date.now() <= 60_000;
    })
    .toBe(true);
}

const queuedFor = async (subscriptionEndpoint: string) =>
  t.database.db
    .select({ id: pushDeliveries.id, attempts: pushDeliveries.attempts, dueAt: pushDeliveries.dueAt })
    .from(pushDeliveries)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushDeliveries.subscriptionId))
    .where(eq(pushSubscriptions.endpoint, subscriptionEndpoint));

const subscriptionExists = async (endpoint: string) =>
  (await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint))).length === 1;

async function notify(member: TestMember, title: string) {
  await t.database.db.transaction((tx) =>
    createNotification(tx, { userId: member.id, actorId: null, type: 'post_like', title, message: `${title}!` }),
  );
}

describe('VAPID keys', () => {
  it('are generated once, kept in the database and the same for every process', async () => {
    const config = t.config.push;
    const [first, second] = await Promise.all([
      resolveVapidDetails(t.database.db, config),
      resolveVapidDetails(t.database.db, config),
    ]);
    expect(first).toEqual(second);
    expect(first?.publicKey).toBe(t.app.push.vapid.publicKey);
    const [stored] = await t.database.db.select().from(appSettings).where(eq(appSettings.key, 'vapid_keys'));
    expect(JSON.parse(stored?.value ?? '{}').publicKey).toBe(first?.publicKey);
    const member = await t.signUpSubscriber();
    const response = await t.api(member, 'GET', '/api/push/public-key');
    expect(response.json()).toEqual({ publicKey: first?.publicKey });
    expect(Buffer.from(response.json().publicKey, 'base64url')).toHaveLength(65);
  });

  it('come from the configuration when set', async () => {
    const keys = { publicKey: t.app.push.vapid.publicKey, privateKey: 'x'.repeat(43) };
    const details = await resolveVapidDetails(t.database.db, { ...t.config.push, vapidKeys: keys });
    expect(details).toEqual({ subject: 'mailto:ops@example.com', ...keys });
  });
});

describe('push notifications', () => {
  it('reach her device encrypted (RFC 8291), signed (VAPID), with the page a click opens', async () => {
    const her = await t.signUpSubscriber();
    const sister = await t.signUpSubscriber();
    const device = await subscribe(her);
    const as = (who: TestMember, method: 'POST' | 'PUT', url: string, payload?: unknown) =>
      t.api(who, method, url, payload);

    // A reply to her topic, a like of her post, a message, a mention.
    const categoryId = (await t.api(her, 'GET', '/api/forums/categories')).json().categories[0].id;
    const topic = (
      await as(her, 'POST', `/api/forums/categories/${categoryId}/topics`, {
        title: 'New moon',
        content: 'Intentions?',
      })
    ).json();
    expect((await as(sister, 'POST', `/api/forums/topics/${topic.id}/replies`, { content: 'Rest.' })).statusCode).toBe(
      200,
    );
    const post = (await as(her, 'POST', '/api/posts', { title: 'Full moon', content: 'Tonight' })).json();
    expect((await as(sister, 'PUT', `/api/posts/${post.id}/like`)).statusCode).toBe(200);
    const conversation = (await as(sister, 'POST', '/api/conversations', { userId: her.id })).json().conversation;
    await as(sister, 'POST', `/api/conversations/${conversation.id}/messages`, { content: 'Hello sister' });
    const mention = `Thank you ${mentionToken(defaultTestName(her.email), her.id)}`;
    const mentioning = (await as(sister, 'POST', '/api/posts', { title: 'Gratitude', content: mention })).json();

    // The NOTIFY wakes the sender: no tick needed.
    const pushes = await push.waitFor(device.name, 4);
    const payloads = pushes.map((received) => payloadOf(received.body, device.browser));
    const byType = Object.fromEntries(payloads.map((payload) => [payload.type, payload]));
    expect(Object.keys(byType).sort()).toEqual(['forum_reply', 'mention', 'message', 'post_like']);
    expect(byType.forum_reply?.url).toBe(`/community?tab=forums&topic=${topic.id}`);
    expect(byType.post_like?.url).toBe(`/community/post/${post.id}`);
    expect(byType.message?.url).toBe(`/community?tab=messages&conversation=${conversation.id}`);
    expect(byType.mention?.url).toBe(`/community/post/${mentioning.id}`);
    expect(byType.message?.body).toContain('Hello sister');

    // Each is the notification in her bell, by id, title and message.
    const inbox = (await t.api(her, 'GET', '/api/notifications')).json().notifications as Array<{
      id: string;
      title: string;
      message: string;
      type: string;
    }>;
    for (const payload of payloads) {
      const notification = inbox.find((n) => n.id === payload.notificationId);
      expect(notification).toMatchObject({ title: payload.title, message: payload.body, type: payload.type });
      expect(payload.tag).toMatch(/^lunara-/);
    }

    for (const received of pushes) {
      expect(received.headers['content-encoding']).toBe('aes128gcm');
      expect(received.headers['content-type']).toBe('application/octet-stream');
      expect(received.headers.ttl).toBe('86400');
      expect(received.headers.urgency).toBe(
        ['message', 'mention'].includes(payloadOf(received.body, device.browser).type) ? 'high' : 'normal',
      );
      const claims = verifyVapid(
        received.headers.authorization,
        t.app.push.vapid.publicKey,
        new URL(device.endpoint).origin,
      );
      expect(claims.sub).toBe('mailto:ops@example.com');
    }
    // Sent ones leave the queue; the device shows when it was last reached.
    await expect.poll(() => queuedFor(device.endpoint)).toEqual([]);
    const [row] = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
    // The sister, who has no device, has nothing queued.
    const hers = await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, sister.id));
    expect(hers).toEqual([]);
  });

  it('push a like again when someone new likes the post, under the same tag', async () => {
    const her = await t.signUpSubscriber();
    const first = await t.signUpSubscriber();
    const second = await t.signUpSubscriber();
    const device = await subscribe(her);
    const post = (await t.api(her, 'POST', '/api/posts', { title: 'Moon bath', content: 'Salt' })).json();
    await t.api(first, 'PUT', `/api/posts/${post.id}/like`);
    await push.waitFor(device.name, 1);
    await t.api(second, 'PUT', `/api/posts/${post.id}/like`);
    const [one, two] = (await push.waitFor(device.name, 2)).map((p) => payloadOf(p.body, device.browser));
    expect(two?.body).toBe(`${defaultTestName(second.email)} and 1 other liked your post "Moon bath"`);
    expect(two?.tag).toBe(one?.tag);
    expect(two?.notificationId).toBe(one?.notificationId);
  });

  it('go to every device she subscribed, and only to her', async () => {
    const her = await t.signUpSubscriber();
    const other = await t.signUpSubscriber();
    const phone = await subscribe(her);
    const laptop = await subscribe(her);
    const theirs = await subscribe(other);
    await notify(her, 'Both devices');
    const [onPhone] = await push.waitFor(phone.name, 1);
    const [onLaptop] = await push.waitFor(laptop.name, 1);
    expect(payloadOf(onPhone?.body ?? Buffer.alloc(0), phone.browser).title).toBe('Both devices');
    expect(payloadOf(onLaptop?.body ?? Buffer.alloc(0), laptop.browser).title).toBe('Both devices');
    expect(push.received.filter((p) => p.path === theirs.name)).toEqual([]);
    const devices = (await t.api(her, 'GET', '/api/push/subscriptions')).json().devices;
    expect(devices).toHaveLength(2);
    expect(devices[0]).toMatchObject({ deviceLabel: 'Chrome on Android' });
    expect(devices.map((d: { endpoint: string }) => d.endpoint).sort()).toEqual(
      [phone.endpoint, laptop.endpoint].sort(),
    );
  });

  it('queue nothing when she turned Push Notifications off, or the type off', async () => {
    const her = await t.signUpSubscriber();
    const device = await subscribe(her);
    await t.api(her, 'PATCH', '/api/notifications/preferences', { pushEnabled: false });
    await notify(her, 'Silent');
    expect(await queuedFor(device.endpoint)).toEqual([]);
    await t.api(her, 'PATCH', '/api/notifications/preferences', { pushEnabled: true, messageNotifications: false });
    await t.database.db.transaction((tx) =>
      createNotification(tx, { userId: her.id, actorId: null, type: 'message', title: 'Muted type', message: 'x' }),
    );
    expect(await queuedFor(device.endpoint)).toEqual([]);
    await notify(her, 'Back on');
    const [received] = await push.waitFor(device.name, 1);
    expect(payloadOf(received?.body ?? Buffer.alloc(0), device.browser).title).toBe('Back on');
    expect(push.received.filter((p) => p.path === device.name)).toHaveLength(1);
  });

  it('push a member whose membership lapsed only what concerns her account, not the community', async () => {
    const her = await t.signUpSubscriber();
    const device = await subscribe(her);
    await t.database.db.update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.userId, her.id));
    await notify(her, 'A like she cannot open');
    expect(await queuedFor(device.endpoint)).toEqual([]);
    await t.database.db.transaction((tx) =>
      createNotification(tx, {
        userId: her.id,
        actorId: null,
        type: 'data_export_ready',
        title: 'Your data is ready',
        message: 'x',
      }),
    );
    const [received] = await push.waitFor(device.name, 1);
    expect(payloadOf(received?.body ?? Buffer.alloc(0), device.browser).title).toBe('Your data is ready');
  });

  it('stop at a device whose sign-in expired, queued or not, though its session row is still there', async () => {
    const her = await t.signUpSubscriber();
    const device = await subscribe(her);
    const [row] = await t.database.db
      .select({ sessionId: pushSubscriptions.sessionId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, device.endpoint));
    const expire = (db = t.database.db) =>
      db
        .update(session)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(session.id, row?.sessionId ?? ''));
    // Queued while signed in, expired before the sender got to it: dropped, never sent.
    await t.database.db.transaction(async (tx) => {
      await createNotification(tx, { userId: her.id, actorId: null, type: 'post_like', title: 'Late', message: 'x' });
      await expire(tx);
    });
    await expect.poll(async () => (await queuedFor(device.endpoint)).length).toBe(0);
    // Created after: nothing is queued for that device.
    await notify(her, 'After');
    expect(await queuedFor(device.endpoint)).toEqual([]);
    await sendDuePushes(t.database.db, { vapid: await resolveVapidDetails(t.database.db, t.config.push) });
    expect(push.received.filter((p) => p.path === device.name)).toEqual([]);
  });

  it('remove a subscription the push service says is gone (410, 404)', async () => {
    for (const status of [410, 404]) {
      const her = await t.signUpSubscriber();
      const device = await subscribe(her);
      push.answer(device.name, status);
      await notify(her, 'Into the void');
      await push.waitFor(device.name, 1);
      await expect.poll(() => subscriptionExists(device.endpoint)).toBe(false);
      expect(await queuedFor(device.endpoint)).toEqual([]);
    }
  });

  it('retry a failing push service with back-off, a limited number of times', async () => {
    const her = await t.signUpSubscriber();
    const device = await subscribe(her);
    push.answer(device.name, 500);
    await notify(her, 'Try again');
    await push.waitFor(device.name, 1);
    await failedOnce(device.endpoint);
    const [first] = await queuedFor(device.endpoint);
    const waited = (first?.dueAt.getTime() ?? 0) - Date.now();
    expect(waited).toBeGreaterThan(20_000);
    expect(waited).toBeLessThanOrEqual(30_000);
    // Not due yet: nothing is sent.
    const vapid = t.app.push.vapid;
    expect(await sendDuePushes(t.database.db, { vapid, now: new Date(Date.now() + 10_000) })).toBe(0);
    // Due: sent again and failing again, it waits twice as long.
    let clock = (first?.dueAt.getTime() ?? 0) + 1000;
    expect(await sendDuePushes(t.database.db, { vapid, now: new Date(clock) })).toBe(1);
    const [second] = await queuedFor(device.endpoint);
    expect(second?.attempts).toBe(2);
    expect((second?.dueAt.getTime() ?? 0) - clock).toBe(60_000);
    // The service recovers: the next try is delivered and leaves the queue.
    push.answer(device.name, 201);
    clock = (second?.dueAt.getTime() ?? 0) + 1000;
    expect(await sendDuePushes(t.database.db, { vapid, now: new Date(clock) })).toBe(1);
    expect(await queuedFor(device.endpoint)).toEqual([]);
    expect(push.received.filter((p) => p.path === device.name)).toHaveLength(3);
    expect(await subscriptionExists(device.endpoint)).toBe(true);

    // A service that keeps failing: given up after MAX_PUSH_ATTEMPTS, the subscription kept.
    push.answer(device.name, 503);
    await notify(her, 'Never arrives');
    await failedOnce(device.endpoint);
    for (let attempt = 2; attempt <= MAX_PUSH_ATTEMPTS; attempt++) {
      const [queued] = await queuedFor(device.endpoint);
      await t.database.db
        .update(pushDeliveries)
        .set({ dueAt: sql`now() - interval '1 second'` })
        .where(eq(pushDeliveries.id, queued?.id ?? ''));
      await sendDuePushes(t.database.db, { vapid });
    }
    expect(await queuedFor(device.endpoint)).toEqual([]);
    expect(await subscriptionExists(device.endpoint)).toBe(true);
  });

  it('are sent once when two senders claim the queue at the same time', async () => {
    const her = await t.signUpSubscriber();
    const devices = [await subscribe(her), await subscribe(her), await subscribe(her)];
    for (const device of devices) push.answer(device.name, 201);
    // Queued with the senders of this app asleep: its deliveries are made due only below.
    await t.database.db.transaction(async (tx) => {
      for (let n = 0; n < 5; n++) {
        await createNotification(tx, {
          userId: her.id,
          actorId: null,
          type: 'post_like',
          title: `Race ${n}`,
          message: 'x',
        });
      }
      await tx.execute(
        sql`update push_deliveries set due_at = now() + interval '1 hour' where subscription_id in (select id from push_subscriptions where user_id = ${her.id})`,
      );
    });
    // A second process on the same database where there is a server (PGlite has one connection).
    const second: Database | undefined = t.database.url ? openPostgres(t.database.url) : undefined;
    try {
      const later = new Date(Date.now() + 2 * 3600_000);
      const vapid = t.app.push.vapid;
      const claimed = await Promise.all([
        sendDuePushes(t.database.db, { vapid, now: later }),
        sendDuePushes((second ?? t.database).db, { vapid, now: later }),
        sendDuePushes((second ?? t.database).db, { vapid, now: later }),
      ]);
      expect(claimed.reduce((a, b) => a + b, 0)).toBe(15);
      for (const device of devices) {
        const got = push.received.filter((p) => p.path === device.name);
        expect(got).toHaveLength(5);
        const titles = got.map((p) => payloadOf(p.body, device.browser).title).sort();
        expect(titles).toEqual(['Race 0', 'Race 1', 'Race 2', 'Race 3', 'Race 4']);
      }
    } finally {
      await second?.close();
    }
  });
});

describe('push subscriptions', () => {
  it('are updated by subscribing the same endpoint again, and move to whoever subscribed it last', async () => {
    const her = await t.signUpSubscriber();
    const device = await subscribe(her);
    const fresh = makeBrowserKeys();
    const again = await t.api(her, 'POST', '/api/push/subscriptions', { endpoint: device.endpoint, keys: fresh.keys });
    expect(again.statusCode).toBe(200);
    const rows = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.p256dh).toBe(fresh.keys.p256dh);
    const nextUser = await t.signUpSubscriber();
    expect(
      (await t.api(nextUser, 'POST', '/api/push/subscriptions', { endpoint: device.endpoint, keys: fresh.keys }))
        .statusCode,
    ).toBe(200);
    const [moved] = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(moved?.userId).toBe(nextUser.id);
  });

  it(`are at most ${MAX_PUSH_DEVICES} per member: the oldest is dropped`, async () => {
    const her = await t.signUpSubscriber();
    const first = await subscribe(her);
    for (let n = 0; n < MAX_PUSH_DEVICES; n++) await subscribe(her);
    const devices = (await t.api(her, 'GET', '/api/push/subscriptions')).json().devices;
    expect(devices).toHaveLength(MAX_PUSH_DEVICES);
    expect(await subscriptionExists(first.endpoint)).toBe(false);
  });

  it('are removed by her alone: another member gets a 404 and hers stays', async () => {
    const her = await t.signUpSubscriber();
    const other = await t.signUpSubscriber();
    const device = await subscribe(her);
    const taken = await t.api(other, 'DELETE', '/api/push/subscriptions', { endpoint: device.endpoint });
    expect(taken.statusCode).toBe(404);
    expect(taken.json().error.code).toBe('NOT_FOUND');
    const [row] = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(await t.api(other, 'DELETE', `/api/push/subscriptions/${row?.id}`).then((r) => r.statusCode)).toBe(404);
    expect(await subscriptionExists(device.endpoint)).toBe(true);
    const removed = await t.api(her, 'DELETE', '/api/push/subscriptions', { endpoint: device.endpoint });
    expect(removed.json()).toEqual({ ok: true });
    expect(await subscriptionExists(device.endpoint)).toBe(false);
    expect((await t.api(her, 'DELETE', '/api/push/subscriptions', { endpoint: device.endpoint })).statusCode).toBe(404);
    // By id, from her list of devices.
    const laptop = await subscribe(her);
    const [laptopRow] = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, laptop.endpoint));
    expect((await t.api(her, 'DELETE', `/api/push/subscriptions/${laptopRow?.id}`)).json()).toEqual({ ok: true });
    expect(await subscriptionExists(laptop.endpoint)).toBe(false);
  });

  it('go with her account, and their queued pushes with them', async () => {
    const her = await t.signUpSubscriber();
    const device = await subscribe(her);
    push.answer(device.name, 500);
    await notify(her, 'Before she left');
    await expect.poll(async () => (await queuedFor(device.endpoint)).length).toBe(1);
    await t.database.db.delete(user).where(eq(user.id, her.id));
    expect(await subscriptionExists(device.endpoint)).toBe(false);
    expect(await queuedFor(device.endpoint)).toEqual([]);
  });

  it('refuse what is not a push subscription with a clear 400', async () => {
    const her = await t.signUpSubscriber();
    const good = makeBrowserKeys().keys;
    const offCurve = Buffer.alloc(65, 7);
    offCurve[0] = 4;
    const cases: unknown[] = [
      { endpoint: 'http://push.example.com/abc', keys: good },
      { endpoint: 'ftp://127.0.0.1/abc', keys: good },
      { endpoint: 'javascript:alert(1)', keys: good },
      { endpoint: 'not a url', keys: good },
      { endpoint: 'https://user:pw@push.example.com/abc', keys: good },
      { endpoint: `https://push.example.com/${'a'.repeat(2000)}`, keys: good },
      // Not a browser's push service: the server would be calling any address it is given.
      { endpoint: 'https://push.example.com/abc', keys: good },
      { endpoint: 'https://10.0.0.5/abc', keys: good },
      { endpoint: 'https://fcm.googleapis.com.evil.example/abc', keys: good },
      // Within the length as sent, past it as stored (each ü is percent-encoded to six characters).
      { endpoint: `https://fcm.googleapis.com/fcm/send/${'ü'.repeat(1900)}`, keys: good },
      // Their host on another port is not their push service.
      { endpoint: 'https://fcm.googleapis.com:22/abc', keys: good },
      { endpoint: 'https://web.push.apple.com:8443/abc', keys: good },
      { endpoint: 'https://fcm.googleapis.com/abc' },
      { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { p256dh: good.p256dh } },
      {
        endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
        keys: { ...good, p256dh: offCurve.toString('base64url') },
      },
      {
        endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
        keys: { ...good, auth: Buffer.alloc(20).toString('base64url') },
      },
      { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: { ...good, p256dh: '<script>' } },
      { keys: good },
    ];
    for (const payload of cases) {
      const response = await t.api(her, 'POST', '/api/push/subscriptions', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.message).toBeTypeOf('string');
    }
    expect(await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, her.id))).toEqual(
      [],
    );
    const malformedDelete = await t.api(her, 'DELETE', '/api/push/subscriptions', { endpoint: 42 });
    expect(malformedDelete.statusCode).toBe(400);
    expect((await t.api(her, 'DELETE', '/api/push/subscriptions/not-a-uuid')).statusCode).toBe(400);
    // The push services of the browsers are fine.
    for (const endpoint of [
      'https://updates.push.services.mozilla.com/wpush/v2/x',
      'https://web.push.apple.com/x',
      'https://wns2-par02p.notify.windows.com/w/?token=x',
    ]) {
      expect((await t.api(her, 'POST', '/api/push/subscriptions', { endpoint, keys: good })).statusCode).toBe(200);
    }
    const https = await t.api(her, 'POST', '/api/push/subscriptions', {
      endpoint: 'https://fcm.googleapis.com/fcm/send/x1',
      keys: good,
    });
    expect(https.statusCode).toBe(200);
    // Other spellings of the same address are the same device, not a second row.
    for (const endpoint of ['https://FCM.googleapis.com/fcm/send/x1', 'https://fcm.googleapis.com:443/fcm/send/x1']) {
      expect((await t.api(her, 'POST', '/api/push/subscriptions', { endpoint, keys: good })).statusCode).toBe(200);
    }
    const sameDevice = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, 'https://fcm.googleapis.com/fcm/send/x1'));
    expect(sameDevice).toHaveLength(1);
    expect((await t.api(her, 'GET', '/api/push/subscriptions')).json().devices).toHaveLength(4);
    await t.api(her, 'DELETE', '/api/push/subscriptions', { endpoint: 'https://FCM.googleapis.com/fcm/send/x1' });
    expect(
      await t.database.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, 'https://fcm.googleapis.com/fcm/send/x1')),
    ).toEqual([]);
  });

  it('refuse http on loopback unless the deployment allows it (tests only)', async () => {
    const her = await t.signUpSubscriber();
    const input = { endpoint: push.endpoint('strict'), keys: makeBrowserKeys().keys };
    const [signIn] = await t.database.db.select({ id: session.id }).from(session).where(eq(session.userId, her.id));
    if (!signIn) throw new Error('no session');
    const strict = { deviceLabel: 'Browser', allowHttpLoopback: false, sessionId: signIn.id };
    await expect(saveSubscription(t.database.db, her.id, input, strict)).rejects.toThrow(/https/);
    await expect(
      saveSubscription(t.database.db, her.id, input, { ...strict, allowHttpLoopback: true }),
    ).resolves.toMatchObject({ deviceLabel: 'Browser' });
  });

  it('end with the sign-in they were made in: signed out there, or from another device', async () => {
    const her = await t.signUpSubscriber();
    const signInAgain = async () => {
      const response = await t.signIn(her.email, her.password);
      return String(response.headers['set-cookie']).split(';')[0] ?? '';
    };
    const subscribed = (endpoint: string) =>
      t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));

    // Signed out on the shared computer itself.
    const shared = { ...her, cookie: await signInAgain() };
    const first = await subscribe(shared);
    expect((await t.api(shared, 'POST', '/api/auth/sign-out', {})).statusCode).toBe(200);
    expect(await subscribed(first.endpoint)).toEqual([]);

    // Signed out from her phone: "sign out my other devices".
    const lost = { ...her, cookie: await signInAgain() };
    const second = await subscribe(lost);
    await subscribe(her);
    expect((await t.api(her, 'POST', '/api/auth/revoke-other-sessions', {})).statusCode).toBe(200);
    expect(await subscribed(second.endpoint)).toEqual([]);
    // This device, still signed in, keeps its pushes.
    expect((await t.api(her, 'GET', '/api/push/subscriptions')).json().devices).toHaveLength(1);
  });

  it('need a signed-in member', async () => {
    expect((await t.api(undefined, 'GET', '/api/push/public-key')).statusCode).toBe(401);
    expect((await t.api(undefined, 'POST', '/api/push/subscriptions', {})).statusCode).toBe(401);
  });
});
