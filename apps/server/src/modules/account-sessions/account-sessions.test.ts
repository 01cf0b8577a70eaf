import { PASSWORD_CHANGES_PER_WINDOW } from '@lunara/shared/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EventStream, openEventStream } from '../../../test/event-stream.ts';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { approximateAddress, describeDevice } from './user-agent.ts';

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.listen();
});
afterAll(async () => t?.close());

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

interface Listed {
  id: string;
  device: string | null;
  approximateAddress: string | null;
  current: boolean;
  lastActiveAt: string;
}
const list = async (cookie: string) =>
  (await t.request({ method: 'GET', url: '/api/account/sessions', cookie })).json().items as Listed[];
const me = async (cookie: string) => (await t.request({ method: 'GET', url: '/api/me', cookie })).json().user;

/** Another device of hers: a sign-in with its own browser and address. */
async function signInFrom(member: TestMember, userAgent: string, remoteAddress: string): Promise<string> {
  const response = await t.request({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress,
    headers: { 'user-agent': userAgent },
    payload: { email: member.email, password: member.password },
  });
  return String(response.headers['set-cookie']).split(';')[0] ?? '';
}

describe('where she is signed in', () => {
  it('lists her sessions with device, part of the address and which one is this device; never a token', async () => {
    const member = await t.signUp();
    const phone = await signInFrom(member, SAFARI_IPHONE, '203.0.113.77');
    await signInFrom(member, FIREFOX_WINDOWS, '2001:db8:85a3::8a2e:370:7334');
    const response = await t.request({ method: 'GET', url: '/api/account/sessions', cookie: phone });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const items = response.json().items as Listed[];
    expect(items).toHaveLength(3);
    expect(items.filter((item) => item.current).map((item) => item.device)).toEqual(['Safari on iPhone']);
    expect(items.map((item) => item.device)).toContain('Firefox on Windows');
    expect(items.map((item) => item.approximateAddress)).toEqual(
      expect.arrayContaining(['203.0.113.x', '2001:db8:85a3:x']),
    );
    expect(response.body).not.toContain('203.0.113.77');
    expect(response.body).not.toMatch(/token/i);
    // Another member sees only her own.
    const other = await t.signUp();
    expect((await list(other.cookie)).map((item) => item.id)).not.toContain(items[0]?.id);
  });

  it('signs one other device out: its requests and its event stream end, this device stays', async () => {
    const member = await t.signUp();
    const laptop = await signInFrom(member, FIREFOX_WINDOWS, '198.51.100.4');
    const stream = await openEventStream(baseUrl, laptop);
    try {
      await stream.next((event) => event.type === 'ready');
      const laptopSession = (await list(laptop)).find((item) => item.current);
      expect((await me(laptop)).id).toBe(member.id);
      const revoked = await t.request({
        method: 'DELETE',
        url: `/api/account/sessions/${laptopSession?.id}`,
        cookie: member.cookie,
      });
      expect(revoked.statusCode).toBe(200);
      expect(await me(laptop)).toBeNull();
      await stream.ended;
      expect((await me(member.cookie)).id).toBe(member.id);
      expect((await list(member.cookie)).map((item) => item.id)).not.toContain(laptopSession?.id);
      // Twice: it has ended already.
      const again = await t.request({
        method: 'DELETE',
        url: `/api/account/sessions/${laptopSession?.id}`,
        cookie: member.cookie,
      });
      expect(again.statusCode).toBe(404);
    } finally {
      stream.close();
    }
  });

  it("refuses this device's own session (sign-out does that) and another member's, changing nothing", async () => {
    const member = await t.signUp();
    const other = await t.signUp();
    const own = (await list(member.cookie)).find((item) => item.current);
    const self = await t.request({ method: 'DELETE', url: `/api/account/sessions/${own?.id}`, cookie: member.cookie });
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe('This is the device you are using: sign out from the menu instead');
    const theirs = (await list(other.cookie))[0];
    const foreign = await t.request({
      method: 'DELETE',
      url: `/api/account/sessions/${theirs?.id}`,
      cookie: member.cookie,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await me(other.cookie)).id).toBe(other.id);
    expect((await me(member.cookie)).id).toBe(member.id);
    const bad = await t.request({ method: 'DELETE', url: '/api/account/sessions/a%20b', cookie: member.cookie });
    expect(bad.statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/account/sessions' })).statusCode).toBe(401);
  });

  it('signs every other device out at once, with their streams, and keeps this one', async () => {
    const member = await t.signUp();
    const phone = await signInFrom(member, SAFARI_IPHONE, '203.0.113.5');
    const tablet = await signInFrom(member, FIREFOX_WINDOWS, '203.0.113.6');
    const streams: EventStream[] = await Promise.all([phone, tablet].map((cookie) => openEventStream(baseUrl, cookie)));
    try {
      await Promise.all(streams.map((stream) => stream.next((event) => event.type === 'ready')));
      const done = await t.request({
        method: 'POST',
        url: '/api/auth/revoke-other-sessions',
        cookie: member.cookie,
        payload: {},
      });
      expect(done.statusCode).toBe(200);
      await Promise.all(streams.map((stream) => stream.ended));
      expect(await me(phone)).toBeNull();
      expect(await me(tablet)).toBeNull();
      expect((await me(member.cookie)).id).toBe(member.id);
      expect((await list(member.cookie)).map((item) => item.current)).toEqual([true]);
    } finally {
      for (const stream of streams) stream.close();
    }
    const visitor = await t.request({ method: 'POST', url: '/api/auth/revoke-other-sessions', payload: {} });
    expect(visitor.statusCode).toBe(401);
  });

  it('does not serve better-auth list-sessions or revoke-session (they work with tokens)', async () => {
    const member = await t.signUp();
    expect((await t.request({ method: 'GET', url: '/api/auth/list-sessions', cookie: member.cookie })).statusCode).toBe(
      404,
    );
    const revoke = await t.request({
      method: 'POST',
      url: '/api/auth/revoke-session',
      cookie: member.cookie,
      payload: { token: 'x' },
    });
    expect(revoke.statusCode).toBe(404);
  });
});

describe('changing her password', () => {
  it('needs the current one, can sign the other devices out, and is limited per member', async () => {
    const member = await t.signUp();
    const phone = await signInFrom(member, SAFARI_IPHONE, '203.0.113.9');
    const change = (currentPassword: string, newPassword: string, revokeOtherSessions = false) =>
      t.request({
        method: 'POST',
        url: '/api/auth/change-password',
        cookie: member.cookie,
        payload: { currentPassword, newPassword, revokeOtherSessions },
      });
    const wrong = await change('not-it', 'a-new-moon');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBeTruthy();
    const changed = await change(member.password, 'a-new-moon', true);
    expect(changed.statusCode).toBe(200);
    expect(await me(phone)).toBeNull();
    expect((await t.signIn(member.email, 'a-new-moon')).statusCode).toBe(200);
    expect((await t.signIn(member.email, member.password)).statusCode).toBe(401);
    // The limit counts every try (right or wrong): two made, the rest until the window's max, then 429.
    const fresh = String(changed.headers['set-cookie']).split(';')[0] ?? '';
    const statuses: number[] = [];
    for (let i = 2; i <= PASSWORD_CHANGES_PER_WINDOW.max; i++) {
      const response = await t.request({
        method: 'POST',
        url: '/api/auth/change-password',
        cookie: fresh,
        payload: { currentPassword: 'wrong', newPassword: 'another-moon' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((status) => status === 400)).toBe(true);
  });
});

describe('device names and partial addresses', () => {
  it('names common browsers and systems, and nothing it does not know', () => {
    expect(describeDevice(FIREFOX_WINDOWS)).toBe('Firefox on Windows');
    expect(describeDevice(SAFARI_IPHONE)).toBe('Safari on iPhone');
    expect(
      describeDevice(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0',
      ),
    ).toBe('Edge on macOS');
    expect(
      describeDevice(
        'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome on Android');
    expect(describeDevice('lightMyRequest')).toBeNull();
    expect(describeDevice(null)).toBeNull();
  });
  it('keeps the network part of an address only', () => {
    expect(approximateAddress('203.0.113.77')).toBe('203.0.113.x');
    expect(approximateAddress('::ffff:10.1.2.3')).toBe('10.1.2.x');
    expect(approximateAddress('2001:db8:85a3::8a2e:370:7334')).toBe('2001:db8:85a3:x');
    expect(approximateAddress('2001:0db8:85a3:0000:0000:8a2e:0370:7334')).toBe('2001:db8:85a3:x');
    expect(approximateAddress('::1')).toBe('0:0:0:x');
    expect(approximateAddress('1::2::3')).toBeNull();
    expect(approximateAddress('not an address')).toBeNull();
    expect(approximateAddress(null)).toBeNull();
  });
});

describe('her name from account settings', () => {
  it('is hers to change as a free member, checked like the profile form, and shown at once', async () => {
    const member = await t.signUp();
    const saved = await t.request({
      method: 'PUT',
      url: '/api/account/profile',
      cookie: member.cookie,
      payload: { displayName: '  Selene Moon ', bio: 'Hello' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ displayName: 'Selene Moon', bio: 'Hello' });
    expect((await me(member.cookie)).profile.displayName).toBe('Selene Moon');
    const blank = await t.request({
      method: 'PUT',
      url: '/api/account/profile',
      cookie: member.cookie,
      payload: { displayName: ' \u200B ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe('Your display name cannot be empty');
    expect((await me(member.cookie)).profile.displayName).toBe('Selene Moon');
    const visitor = await t.request({ method: 'PUT', url: '/api/account/profile', payload: { displayName: 'X' } });
    expect(visitor.statusCode).toBe(401);
  });
});
