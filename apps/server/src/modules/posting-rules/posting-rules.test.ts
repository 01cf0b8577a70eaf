import { randomUUID } from 'node:crypto';
import { VERIFY_EMAIL_TO_POST_MESSAGE } from '@lunara/shared/account-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followConfirmationLink } from '../../../test/outbox-mail.ts';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';

let t: TestApp;
let admin: TestMember;
let unverified: TestMember;
let verified: TestMember;
let friend: TestMember;
let categoryId: number;
let postId: string;
let topicId: string;
let conversationId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpSubscriber('admin');
  unverified = await t.signUpSubscriber();
  verified = await t.signUpSubscriber();
  await followConfirmationLink(t, verified.email, verified.cookie);
  friend = await t.signUpSubscriber();
  categoryId = (await t.api(admin, 'GET', '/api/forums/categories')).json().categories[0].id;
  postId = (await t.api(admin, 'POST', '/api/posts', { title: 'Hello', content: 'Welcome' })).json().id;
  topicId = (
    await t.api(admin, 'POST', `/api/forums/categories/${categoryId}/topics`, { title: 'Topic', content: 'Talk' })
  ).json().id;
  // Her conversation with a friend, started while the rule was off.
  conversationId = (await t.api(unverified, 'POST', '/api/conversations', { userId: friend.id })).json().conversation
    .id;
});
afterAll(async () => t?.close());

const setRule = (who: TestMember, requireVerifiedEmail: unknown) =>
  t.api(who, 'PUT', '/api/admin/posting-rules', { requireVerifiedEmail });

/** Every create the rule covers, as `who`, with a valid body. */
const creates = (who: TestMember) => ({
  post: () => t.api(who, 'POST', '/api/posts', { title: 'Mine', content: 'Words' }),
  comment: () => t.api(who, 'POST', `/api/posts/${postId}/comments`, { content: 'A comment' }),
  topic: () => t.api(who, 'POST', `/api/forums/categories/${categoryId}/topics`, { title: 'Mine', content: 'Talk' }),
  reply: () => t.api(who, 'POST', `/api/forums/topics/${topicId}/replies`, { content: 'A reply' }),
  conversation: () => t.api(who, 'POST', '/api/conversations', { userId: admin.id }),
  message: () => t.api(who, 'POST', `/api/conversations/${conversationId}/messages`, { content: 'Hi' }),
});

describe('"Require a verified email before posting"', () => {
  it('is off by default: an unconfirmed member posts everywhere', async () => {
    expect((await t.api(unverified, 'GET', '/api/posting-rules')).json()).toEqual({ requireVerifiedEmail: false });
    for (const [kind, create] of Object.entries(creates(unverified))) {
      expect((await create()).statusCode, kind).toBeLessThan(300);
    }
  });

  it('when on, refuses every create of an unconfirmed member with 403 and a clear message; a confirmed one posts', async () => {
    const set = await setRule(admin, true);
    expect(set.statusCode).toBe(200);
    expect((await t.api(unverified, 'GET', '/api/posting-rules')).json()).toEqual({ requireVerifiedEmail: true });
    const before = (await t.api(admin, 'GET', '/api/posts')).json().items.length;
    for (const [kind, create] of Object.entries(creates(unverified))) {
      const response = await create();
      expect(response.statusCode, kind).toBe(403);
      expect(response.json().error, kind).toEqual({
        code: 'EMAIL_NOT_VERIFIED',
        message: VERIFY_EMAIL_TO_POST_MESSAGE,
      });
    }
    expect((await t.api(admin, 'GET', '/api/posts')).json().items.length).toBe(before);
    // Reading is not posting.
    expect((await t.api(unverified, 'GET', '/api/posts')).statusCode).toBe(200);
    // Her own conversation exists, but a message is posting too; the confirmed member is unaffected.
    for (const [kind, create] of Object.entries(creates(verified))) {
      if (kind === 'message') continue;
      expect((await create()).statusCode, kind).toBeLessThan(300);
    }
  });

  it('when on, covers reports (they count towards hiding) and pod requests (a note to the mentor) too', async () => {
    const report = await t.api(unverified, 'POST', '/api/reports', {
      targetType: 'profile',
      targetId: admin.id,
      reason: 'spam',
    });
    expect(report.statusCode).toBe(403);
    expect(report.json().error.code).toBe('EMAIL_NOT_VERIFIED');
    const pod = await t.api(unverified, 'POST', `/api/pods/${randomUUID()}/requests`, { note: 'Hello' });
    expect(pod.statusCode).toBe(403);
    expect(pod.json().error.code).toBe('EMAIL_NOT_VERIFIED');
  });

  it('lets her post the moment she confirms (her cached session learns it)', async () => {
    await setRule(admin, true);
    const member = await t.signUpSubscriber();
    expect((await creates(member).post()).statusCode).toBe(403);
    await followConfirmationLink(t, member.email, member.cookie);
    expect((await creates(member).post()).statusCode).toBe(200);
  });

  it('when turned off again, lets everyone post; each change is audited', async () => {
    await setRule(admin, false);
    expect((await creates(unverified).post()).statusCode).toBe(200);
    const audit = (await t.api(admin, 'GET', '/api/admin/audit')).json().items as Array<{
      action: string;
      details: { enabled?: boolean };
    }>;
    const changes = audit.filter((entry) => entry.action === 'settings.require_verified_email');
    expect(changes.map((entry) => entry.details.enabled).slice(0, 2)).toEqual([false, true]);
  });

  it('is set by admins only, with a boolean', async () => {
    const moderator = await t.signUpSubscriber('moderator');
    expect((await setRule(moderator, true)).statusCode).toBe(403);
    expect((await setRule(unverified, true)).statusCode).toBe(403);
    const bad = await setRule(admin, 'yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Say whether a confirmed email is required');
    expect((await t.api(admin, 'GET', '/api/posting-rules')).json()).toEqual({ requireVerifiedEmail: false });
    expect((await t.api(undefined, 'GET', '/api/posting-rules')).statusCode).toBe(401);
  });
});
