import type { RealtimeEvent } from '@lunara/shared/realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventStream, openEventStream } from '../../../test/event-stream.ts';
import { resetPasswordByEmail } from '../../../test/outbox-mail.ts';
import { startServer } from '../../../test/server-process.ts';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { testDatabaseKind } from '../../../test/test-database.ts';

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.listen();
});
afterAll(async () => t?.close());

async function conversationBetween(one: TestMember, other: TestMember): Promise<string> {
  return (await t.api(one, 'POST', '/api/conversations', { userId: other.id })).json().conversation.id;
}

const is =
  <T extends RealtimeEvent['type']>(type: T) =>
  (event: RealtimeEvent) =>
    event.type === type;

describe('the event stream', () => {
  it('needs a session', async () => {
    const response = await t.request({ method: 'GET', url: '/api/realtime' });
    expect(response.statusCode).toBe(401);
  });

  it('is an event stream with the security headers, opening with "ready"', async () => {
    const ana = await t.signUp();
    const stream = await openEventStream(baseUrl, ana.cookie);
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(stream.headers.get('cache-control')).toBe('no-store');
      expect(stream.headers.get('x-content-type-options')).toBe('nosniff');
      await stream.next(is('ready'));
    } finally {
      stream.close();
    }
  });

  it('delivers a message to both members at once, and the notification to the recipient only', async () => {
    const ana = await t.signUpSubscriber();
    const bea = await t.signUpSubscriber();
    const eve = await t.signUpSubscriber();
    const streams = await Promise.all([ana, bea, eve].map((m) => openEventStream(baseUrl, m.cookie)));
    const [anaStream, beaStream, eveStream] = streams;
    try {
      await Promise.all(streams.map((s) => s.next(is('ready'))));
      const id = await conversationBetween(ana, bea);
      const sent = (
        await t.api(ana, 'POST', `/api/conversations/${id}/messages`, { content: 'Are you there?' })
      ).json();
      const expected = { type: 'message.created', conversationId: id, messageId: sent.id, senderId: ana.id };
      expect(await anaStream?.next(is('message.created'))).toEqual(expected);
      expect(await beaStream?.next(is('message.created'))).toEqual(expected);
      const created = await beaStream?.next(is('notification.created'));
      expect(created).toMatchObject({ notification: { type: 'message', message: 'Are you there?', read: false } });
      // Reading it on one device updates the others.
      await t.api(bea, 'POST', `/api/conversations/${id}/read`);
      await beaStream?.next(is('conversation.read'));
      const updated = await beaStream?.next(is('notification.updated'));
      expect(updated).toMatchObject({ notification: { read: true } });
      // Eve heard nothing, and Ana no notification of her own message.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(eveStream?.events.map((e) => e.type)).toEqual(['ready']);
      expect(anaStream?.events.some((e) => e.type === 'notification.created')).toBe(false);
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('tells her other tabs when she marks notifications read', async () => {
    const ana = await t.signUpSubscriber();
    const bea = await t.signUpSubscriber();
    const stream = await openEventStream(baseUrl, bea.cookie);
    try {
      const id = await conversationBetween(ana, bea);
      await t.api(ana, 'POST', `/api/conversations/${id}/messages`, { content: 'One' });
      const created = await stream.next(is('notification.created'));
      if (created.type !== 'notification.created') throw new Error('unreachable');
      await t.api(bea, 'POST', `/api/notifications/${created.notification.id}/read`);
      expect(await stream.next(is('notification.updated'))).toMatchObject({
        notification: { id: created.notification.id, read: true },
      });
      await t.api(ana, 'POST', `/api/conversations/${id}/messages`, { content: 'Two' });
      await t.api(bea, 'POST', '/api/notifications/read-all');
      await stream.next(is('notifications.all-read'));
    } finally {
      stream.close();
    }
  });

  it('ends every stream when the server shuts down, so clients reconnect elsewhere', async () => {
    const other = await createTestApp();
    const url = await other.listen();
    const member = await other.signUp();
    const stream = await openEventStream(url, member.cookie);
    await stream.next(is('ready'));
    expect(other.app.realtime.connectionCount()).toBe(1);
    await other.close();
    await stream.ended;
  });
});

describe('a stream ends with its session', () => {
  /** A second session of the same member (another device). */
  async function signInAgain(member: TestMember): Promise<string> {
    const response = await t.signIn(member.email, member.password);
    return String(response.headers['set-cookie']).split(';')[0] ?? '';
  }

  const isOpen = (stream: { ended: Promise<void> }) =>
    Promise.race([stream.ended.then(() => false), new Promise((resolve) => setTimeout(() => resolve(true), 300))]);

  it("on sign-out, and on a password change that ends her other sessions, never another device's", async () => {
    const ana = await t.signUpSubscriber();
    const laptop = ana.cookie;
    const phone = await signInAgain(ana);
    const tablet = await signInAgain(ana);
    const [laptopStream, phoneStream, tabletStream] = await Promise.all(
      [laptop, phone, tablet].map((cookie) => openEventStream(baseUrl, cookie)),
    );
    try {
      await Promise.all([laptopStream, phoneStream, tabletStream].map((s) => s?.next(is('ready'))));
      await t.request({ method: 'POST', url: '/api/auth/sign-out', cookie: phone, payload: {} });
      await phoneStream?.ended;
      expect(await isOpen(laptopStream as EventStream)).toBe(true);

      const changed = await t.request({
        method: 'POST',
        url: '/api/auth/change-password',
        cookie: laptop,
        payload: { currentPassword: ana.password, newPassword: 'a-new-moon', revokeOtherSessions: true },
      });
      expect(changed.statusCode).toBe(200);
      await tabletStream?.ended;
      // better-auth also gives the browser that made the change a new session: her old stream may end
      // with the old one, and the browser reconnects with the new cookie. None of the others is left.
      expect(t.app.realtime.connectionCount()).toBeLessThanOrEqual(1);
    } finally {
      for (const stream of [laptopStream, phoneStream, tabletStream]) stream?.close();
    }
  });

  it('on a password reset by emailed link, when nobody signed in asked for it', async () => {
    const bea = await t.signUpSubscriber();
    const stream = await openEventStream(baseUrl, bea.cookie);
    try {
      await stream.next(is('ready'));
      expect((await resetPasswordByEmail(t, bea.email, 'reset-moonlight')).statusCode).toBe(200);
      await stream.ended;
    } finally {
      stream.close();
    }
  });

  it("and only for members with a stream: other members' sessions changing costs nothing", async () => {
    const ana = await t.signUpSubscriber();
    const bea = await t.signUpSubscriber();
    const stream = await openEventStream(baseUrl, ana.cookie);
    try {
      await stream.next(is('ready'));
      await t.request({ method: 'POST', url: '/api/auth/sign-out', cookie: bea.cookie, payload: {} });
      expect(await isOpen(stream)).toBe(true);
    } finally {
      stream.close();
    }
  });
});

describe.runIf(testDatabaseKind === 'postgres')('two server processes on one PostgreSQL server', () => {
  it('deliver a message sent through one to a member connected to the other, both ways', async () => {
    const databaseUrl = t.database.url;
    if (!databaseUrl) throw new Error('The PostgreSQL test database has no URL');
    const second = await startServer({ DATABASE_URL: databaseUrl });
    try {
      const ana = await t.signUpSubscriber();
      const bea = await t.signUpSubscriber();
      const id = await conversationBetween(ana, bea);
      // Bea is connected to the other process; Ana to this one.
      const beaStream = await openEventStream(second.url, bea.cookie);
      const anaStream = await openEventStream(baseUrl, ana.cookie);
      await Promise.all([beaStream.next(is('ready')), anaStream.next(is('ready'))]);
      const sent = await t.api(ana, 'POST', `/api/conversations/${id}/messages`, { content: 'Across processes' });
      expect(sent.statusCode).toBe(201);
      expect(await beaStream.next(is('message.created'))).toMatchObject({ messageId: sent.json().id });
      // And back: Bea writes through the other process, Ana hears it here.
      const reply = await fetch(`${second.url}/api/conversations/${id}/messages`, {
        method: 'POST',
        headers: { cookie: bea.cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ content: 'Heard you' }),
      });
      expect(reply.status).toBe(201);
      const replied = (await reply.json()) as { id: string };
      expect(await anaStream.next((e) => e.type === 'message.created' && e.messageId === replied.id)).toBeTruthy();
      beaStream.close();
      anaStream.close();

      // Signing out through this process ends her stream on the other.
      const cee = await t.signUpSubscriber();
      const ceeStream = await openEventStream(second.url, cee.cookie);
      await ceeStream.next(is('ready'));
      await t.request({ method: 'POST', url: '/api/auth/sign-out', cookie: cee.cookie, payload: {} });
      await ceeStream.ended;
    } finally {
      await second.kill('SIGTERM');
    }
  }, 60_000);
});
