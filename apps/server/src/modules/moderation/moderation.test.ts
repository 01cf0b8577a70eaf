import {
  ALREADY_REPORTED,
  CANNOT_REPORT_SELF,
  CASE_ALREADY_HANDLED,
  type ModerationCase,
  REPORT_RECEIVED,
} from '@lunara/shared/moderation';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { posts } from '../../db/schema/community.ts';
import { moderationCases } from '../../db/schema/moderation.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { auditLog } from '../../db/schema/operations.ts';
import { suspensions } from '../../db/schema/suspensions.ts';

let t: TestApp;
let admin: TestMember;
let moderator: TestMember;
let otherModerator: TestMember;
let categoryId: string;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const api = (who: TestMember | undefined, method: Method, url: string, payload?: unknown) =>
  t.api(who, method, url, payload);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpSubscriber('admin');
  moderator = await t.signUpSubscriber('moderator');
  otherModerator = await t.signUpSubscriber('moderator');
  categoryId = (await api(admin, 'GET', '/api/forums/categories')).json().categories[0].id;
  const saved = await api(admin, 'PUT', '/api/moderation/settings', { hideThreshold: 3 });
  expect(saved.statusCode, saved.body).toBe(200);
}, 60_000);
afterAll(async () => t?.close());

async function newPost(author: TestMember, title = 'A post') {
  const response = await api(author, 'POST', '/api/posts', { title, content: 'Words' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id as string;
}

const report = (who: TestMember, targetType: string, targetId: string, reason = 'harassment', note?: string) =>
  api(who, 'POST', '/api/reports', { targetType, targetId, reason, ...(note === undefined ? {} : { note }) });

async function reportOk(who: TestMember, targetType: string, targetId: string) {
  const response = await report(who, targetType, targetId);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ status: 'reported', message: REPORT_RECEIVED });
}

async function openCase(targetType: string, targetId: string) {
  const [row] = await t.database.db
    .select()
    .from(moderationCases)
    .where(
      and(
        eq(moderationCases.targetType, targetType),
        eq(moderationCases.targetId, targetId),
        eq(moderationCases.status, 'open'),
      ),
    );
  return row;
}

/** Every open case as a moderator's queue shows it, paging to the end. */
async function queue(who: TestMember = moderator): Promise<ModerationCase[]> {
  const items: ModerationCase[] = [];
  let cursor: string | null = null;
  do {
    const response = await api(who, 'GET', `/api/moderation/cases${cursor ? `?cursor=${cursor}` : ''}`);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as { items: ModerationCase[]; nextCursor: string | null };
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

const feedIds = async (who: TestMember) =>
  ((await api(who, 'GET', '/api/posts')).json().items as Array<{ id: string }>).map((post) => post.id);

const notificationsOf = (member: TestMember, type: string) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, member.id), eq(notifications.type, type)));

async function threeReports(targetType: string, targetId: string) {
  const reporters = [await t.signUpSubscriber(), await t.signUpSubscriber(), await t.signUpSubscriber()];
  for (const reporter of reporters) await reportOk(reporter, targetType, targetId);
  return reporters;
}

describe('reporting', () => {
  it('takes a report of each kind she can see, once per member, never of her own', async () => {
    const author = await t.signUpSubscriber();
    const reporter = await t.signUpSubscriber();
    const postId = await newPost(author);
    const commentId = (await api(author, 'POST', `/api/posts/${postId}/comments`, { content: 'A comment' })).json().id;
    const topicId = (
      await api(author, 'POST', `/api/forums/categories/${categoryId}/topics`, { title: 'A topic', content: 'Talk' })
    ).json().id;
    const replyId = (await api(author, 'POST', `/api/forums/topics/${topicId}/replies`, { content: 'A reply' })).json()
      .id;
    const conversationId = (await api(reporter, 'POST', '/api/conversations', { userId: author.id })).json()
      .conversation.id;
    const sent = await api(author, 'POST', `/api/conversations/${conversationId}/messages`, {
      content: 'Unkind words',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const messageId = sent.json().id;

    const targets: Array<[string, string]> = [
      ['post', postId],
      ['comment', commentId],
      ['topic', topicId],
      ['reply', replyId],
      ['message', messageId],
      ['profile', author.id],
    ];
    for (const [type, id] of targets) {
      await reportOk(reporter, type, id);
      const again = await report(reporter, type, id, 'spam');
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual({ status: 'already_reported', message: ALREADY_REPORTED });
      const found = await openCase(type, id);
      expect(found?.reportersCount, type).toBe(1);
      expect(found?.authorId, type).toBe(author.id);
    }
    const ownPost = await report(author, 'post', postId);
    expect(ownPost.statusCode).toBe(400);
    expect(ownPost.json().error.message).toBe(CANNOT_REPORT_SELF);
    const ownProfile = await report(author, 'profile', author.id);
    expect(ownProfile.statusCode).toBe(400);

    // The queue shows each with its content and context: the message with the conversation around it.
    const cases = await queue();
    const messageCase = cases.find((c) => c.targetType === 'message' && c.targetId === messageId);
    expect(messageCase?.content?.body).toBe('Unkind words');
    expect(messageCase?.context?.messages.map((m) => [m.content, m.isReported])).toEqual([['Unkind words', true]]);
    const commentCase = cases.find((c) => c.targetType === 'comment' && c.targetId === commentId);
    expect(commentCase?.context?.title).toBe('A post');
    expect(commentCase?.reports[0]?.reporter?.id).toBe(reporter.id);
    expect(commentCase?.reasons).toEqual([{ reason: 'harassment', count: 1 }]);
  });

  it('refuses what she cannot see with 404: a message of a conversation she is not in, something unknown', async () => {
    const [a, b, outsider] = [await t.signUpSubscriber(), await t.signUpSubscriber(), await t.signUpSubscriber()];
    const conversationId = (await api(a, 'POST', '/api/conversations', { userId: b.id })).json().conversation.id;
    const messageId = (
      await api(a, 'POST', `/api/conversations/${conversationId}/messages`, { content: 'Private' })
    ).json().id;
    const response = await report(outsider, 'message', messageId);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('This message does not exist');
    expect(await openCase('message', messageId)).toBeUndefined();
    expect((await report(outsider, 'post', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await report(outsider, 'profile', 'no-such-member')).statusCode).toBe(404);
  });

  it('refuses hostile and incomplete input with a clear 400', async () => {
    const member = await t.signUpSubscriber();
    const postId = await newPost(await t.signUpSubscriber());
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ targetType: 'post', targetId: postId, reason: 'other' }, 'note'],
      [{ targetType: 'post', targetId: postId, reason: 'other', note: '   ' }, 'note'],
      [{ targetType: 'post', targetId: "1' or '1'='1", reason: 'spam' }, 'targetId'],
      [{ targetType: 'profile', targetId: '../etc', reason: 'spam' }, 'targetId'],
      [{ targetType: 'course', targetId: postId, reason: 'spam' }, 'targetType'],
      [{ targetType: 'post', targetId: postId, reason: 'boredom' }, 'reason'],
      [{ targetType: 'post', targetId: postId, reason: 'spam', note: 'x'.repeat(1001) }, 'note'],
      [{ targetType: 'post', targetId: postId, reason: 'spam', note: 'a\u0000b' }, 'note'],
    ];
    for (const [body, field] of cases) {
      const response = await api(member, 'POST', '/api/reports', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.message.length, field).toBeGreaterThan(0);
    }
    expect(await openCase('post', postId)).toBeUndefined();
    const withNote = await report(member, 'post', postId, 'other', '  <script>alert(1)</script>  ');
    expect(withNote.statusCode).toBe(200);
    expect((await queue()).find((c) => c.targetId === postId)?.reports[0]?.note).toBe('<script>alert(1)</script>');
  });

  it('counts distinct members: N reports from one member hide nothing, N members hide it for all but author and staff', async () => {
    const author = await t.signUpSubscriber();
    const reader = await t.signUpSubscriber();
    const postId = await newPost(author, 'Reported post');
    const eager = await t.signUpSubscriber();
    for (let i = 0; i < 3; i++) await report(eager, 'post', postId, 'spam');
    expect((await openCase('post', postId))?.reportersCount).toBe(1);
    expect(await feedIds(reader)).toContain(postId);

    await reportOk(await t.signUpSubscriber(), 'post', postId);
    expect(await feedIds(reader)).toContain(postId);
    await reportOk(await t.signUpSubscriber(), 'post', postId);

    expect(await feedIds(reader)).not.toContain(postId);
    expect((await api(reader, 'GET', `/api/posts/${postId}`)).statusCode).toBe(404);
    expect((await api(reader, 'POST', `/api/posts/${postId}/comments`, { content: 'Hi' })).statusCode).toBe(404);
    // A member cannot report (or learn of) what she can no longer see.
    expect((await report(await t.signUpSubscriber(), 'post', postId)).statusCode).toBe(404);
    const own = await api(author, 'GET', `/api/posts/${postId}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().hiddenForReview).toBe(true);
    expect((await api(moderator, 'GET', `/api/posts/${postId}`)).json().hiddenForReview).toBe(true);
    const listed = (await queue()).find((c) => c.targetId === postId);
    expect(listed?.hidden).toBe(true);
    expect(listed?.reportersCount).toBe(3);
  });

  it('hides comments, topics and replies the same way', async () => {
    const author = await t.signUpSubscriber();
    const reader = await t.signUpSubscriber();
    const postId = await newPost(await t.signUpSubscriber());
    const commentId = (await api(author, 'POST', `/api/posts/${postId}/comments`, { content: 'Mean' })).json().id;
    const topicId = (
      await api(author, 'POST', `/api/forums/categories/${categoryId}/topics`, { title: 'Mean topic', content: 'x' })
    ).json().id;
    const otherTopicId = (
      await api(reader, 'POST', `/api/forums/categories/${categoryId}/topics`, { title: 'Kind topic', content: 'x' })
    ).json().id;
    const replyId = (
      await api(author, 'POST', `/api/forums/topics/${otherTopicId}/replies`, { content: 'Mean' })
    ).json().id;
    await threeReports('comment', commentId);
    await threeReports('topic', topicId);
    await threeReports('reply', replyId);

    const commentIds = async (who: TestMember) =>
      ((await api(who, 'GET', `/api/posts/${postId}/comments`)).json().items as Array<{ id: string }>).map((c) => c.id);
    expect(await commentIds(reader)).not.toContain(commentId);
    expect(await commentIds(author)).toContain(commentId);
    expect(await commentIds(moderator)).toContain(commentId);

    const topicIds = async (who: TestMember) =>
      (
        (await api(who, 'GET', `/api/forums/categories/${categoryId}/topics`)).json().items as Array<{ id: string }>
      ).map((topic) => topic.id);
    expect(await topicIds(reader)).not.toContain(topicId);
    expect(await topicIds(reader)).toContain(otherTopicId);
    expect((await api(reader, 'GET', `/api/forums/topics/${topicId}`)).statusCode).toBe(404);
    expect((await api(author, 'GET', `/api/forums/topics/${topicId}`)).json().hiddenForReview).toBe(true);

    const replies = async (who: TestMember) =>
      (await api(who, 'GET', `/api/forums/topics/${otherTopicId}/replies`)).json().items as Array<{
        id: string;
        hiddenForReview?: boolean;
      }>;
    expect((await replies(reader)).map((r) => r.id)).not.toContain(replyId);
    expect((await replies(author)).find((r) => r.id === replyId)?.hiddenForReview).toBe(true);
  });
});

describe('the moderation queue', () => {
  it('is for moderators and admins; the threshold is for admins', async () => {
    const member = await t.signUpSubscriber();
    expect((await api(member, 'GET', '/api/moderation/cases')).statusCode).toBe(403);
    expect((await api(undefined, 'GET', '/api/moderation/cases')).statusCode).toBe(401);
    expect((await api(admin, 'GET', '/api/moderation/cases')).statusCode).toBe(200);
    const caseId = '00000000-0000-4000-8000-000000000000';
    for (const action of ['dismiss', 'delete', 'warn', 'suspend']) {
      expect((await api(member, 'POST', `/api/moderation/cases/${caseId}/${action}`, {})).statusCode).toBe(403);
    }
    expect((await api(moderator, 'POST', `/api/moderation/cases/${caseId}/dismiss`)).statusCode).toBe(404);
    expect((await api(moderator, 'GET', '/api/moderation/settings')).json()).toEqual({ hideThreshold: 3 });
    expect((await api(moderator, 'PUT', '/api/moderation/settings', { hideThreshold: 2 })).statusCode).toBe(403);
    expect((await api(admin, 'PUT', '/api/moderation/settings', { hideThreshold: 0 })).statusCode).toBe(400);
    expect((await api(admin, 'PUT', '/api/moderation/settings', { hideThreshold: 2.5 })).statusCode).toBe(400);
    expect((await api(admin, 'GET', '/api/moderation/settings')).json()).toEqual({ hideThreshold: 3 });
  });

  it('dismiss shows the content again and tells each reporter, never who acted', async () => {
    const author = await t.signUpSubscriber();
    const reader = await t.signUpSubscriber();
    const postId = await newPost(author);
    const reporters = await threeReports('post', postId);
    const found = await openCase('post', postId);
    const response = await api(moderator, 'POST', `/api/moderation/cases/${found?.id}/dismiss`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe('dismissed');
    expect(await feedIds(reader)).toContain(postId);
    expect((await api(reader, 'GET', `/api/posts/${postId}`)).json().hiddenForReview).toBeUndefined();
    for (const reporter of reporters) {
      const [told] = await notificationsOf(reporter, 'report_outcome');
      expect(told?.message).toContain('found it within our community guidelines');
      expect(JSON.stringify(told)).not.toContain(moderator.id);
    }
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, found?.id ?? ''));
    expect(audit?.action).toBe('moderation.dismiss');
    expect(audit?.actorId).toBe(moderator.id);
    // A report after the decision opens a new case.
    await reportOk(await t.signUpSubscriber(), 'post', postId);
    expect((await openCase('post', postId))?.id).not.toBe(found?.id);
  });

  it('delete removes the content through its own service (points go with it) and tells reporters', async () => {
    const author = await t.signUpSubscriber();
    const postId = await newPost(author);
    const reporters = await threeReports('post', postId);
    const found = await openCase('post', postId);
    const response = await api(admin, 'POST', `/api/moderation/cases/${found?.id}/delete`);
    expect(response.statusCode, response.body).toBe(200);
    expect(await t.database.db.select().from(posts).where(eq(posts.id, postId))).toEqual([]);
    expect((await api(author, 'GET', `/api/posts/${postId}`)).statusCode).toBe(404);
    const [told] = await notificationsOf(reporters[0] as TestMember, 'report_outcome');
    expect(told?.message).toContain('took action');
    expect((await queue()).some((c) => c.id === found?.id)).toBe(false);
  });

  it('warn sends the author the staff message and records it', async () => {
    const author = await t.signUpSubscriber();
    const reporter = await t.signUpSubscriber();
    await reportOk(reporter, 'profile', author.id);
    const found = await openCase('profile', author.id);
    expect(
      (await api(moderator, 'POST', `/api/moderation/cases/${found?.id}/warn`, { message: '  ' })).statusCode,
    ).toBe(400);
    const response = await api(moderator, 'POST', `/api/moderation/cases/${found?.id}/warn`, {
      message: 'Please keep your profile kind.',
    });
    expect(response.statusCode, response.body).toBe(200);
    const [warning] = await notificationsOf(author, 'moderation_warning');
    expect(warning?.message).toBe('Please keep your profile kind.');
    const [closed] = await t.database.db
      .select()
      .from(moderationCases)
      .where(eq(moderationCases.id, found?.id ?? ''));
    expect(closed?.status).toBe('warned');
    expect(closed?.resolutionNote).toBe('Please keep your profile kind.');
    expect(closed?.resolvedBy).toBe(moderator.id);
    // A profile cannot be "deleted".
    await reportOk(reporter, 'profile', author.id);
    const again = await openCase('profile', author.id);
    expect((await api(moderator, 'POST', `/api/moderation/cases/${again?.id}/delete`)).statusCode).toBe(400);
    expect((await openCase('profile', author.id))?.id).toBe(again?.id);
  });

  it('suspend: moderators up to 7 days, never permanently (the case stays open when refused)', async () => {
    const author = await t.signUpSubscriber();
    const postId = await newPost(author);
    await reportOk(await t.signUpSubscriber(), 'post', postId);
    const found = await openCase('post', postId);
    const forever = await api(moderator, 'POST', `/api/moderation/cases/${found?.id}/suspend`, {
      reason: 'Harassment',
      days: null,
    });
    expect(forever.statusCode).toBe(403);
    expect((await openCase('post', postId))?.id).toBe(found?.id);
    const response = await api(moderator, 'POST', `/api/moderation/cases/${found?.id}/suspend`, {
      reason: 'Harassment',
      days: 3,
      deleteContent: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe('suspended');
    expect(await t.database.db.select().from(posts).where(eq(posts.id, postId))).toEqual([]);
    const [suspension] = await t.database.db.select().from(suspensions).where(eq(suspensions.memberId, author.id));
    expect(suspension?.caseId).toBe(found?.id);
    expect(suspension?.endsAt).not.toBeNull();
  });

  it('two moderators acting at once: exactly one wins, the other gets a clear 409', async () => {
    const author = await t.signUpSubscriber();
    const postId = await newPost(author);
    await threeReports('post', postId);
    const found = await openCase('post', postId);
    const [first, second] = await Promise.all([
      api(moderator, 'POST', `/api/moderation/cases/${found?.id}/dismiss`),
      api(otherModerator, 'POST', `/api/moderation/cases/${found?.id}/delete`),
    ]);
    const codes = [first.statusCode, second.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const loser = first.statusCode === 409 ? first : second;
    expect(loser.json().error.message).toBe(CASE_ALREADY_HANDLED);
    const [closed] = await t.database.db
      .select()
      .from(moderationCases)
      .where(eq(moderationCases.id, found?.id ?? ''));
    const stillThere = (await t.database.db.select().from(posts).where(eq(posts.id, postId))).length === 1;
    expect(stillThere).toBe(closed?.status === 'dismissed');
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, found?.id ?? ''));
    expect(audits).toHaveLength(1);
  });

  it('leaves a report about a staff member, her content or her profile, to another moderator', async () => {
    const postId = await newPost(moderator, 'Staff post');
    await reportOk(await t.signUpSubscriber(), 'post', postId);
    await reportOk(await t.signUpSubscriber(), 'profile', moderator.id);
    const mine = (await queue(moderator)).filter((c) => c.targetId === postId || c.targetId === moderator.id);
    expect(mine).toEqual([]);
    const forOther = (await queue(otherModerator)).find((c) => c.targetId === postId);
    expect(forOther?.reports[0]?.reporter).not.toBeNull();

    const postCase = await openCase('post', postId);
    const profileCase = await openCase('profile', moderator.id);
    for (const found of [postCase, profileCase]) {
      const dismissed = await api(moderator, 'POST', `/api/moderation/cases/${found?.id}/dismiss`);
      expect(dismissed.statusCode).toBe(403);
      expect(dismissed.json().error.message).toBe('A report about you is reviewed by another moderator');
      expect((await openCase(found?.targetType ?? '', found?.targetId ?? ''))?.status).toBe('open');
    }
    expect((await api(otherModerator, 'POST', `/api/moderation/cases/${postCase?.id}/dismiss`)).statusCode).toBe(200);
  });
});
