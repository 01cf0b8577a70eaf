import { VERIFY_EMAIL_TO_POST_MESSAGE } from '@lunara/shared/account-settings';
import { REVISIONS_KEPT } from '@lunara/shared/editing';
import { TOPIC_LOCKED } from '@lunara/shared/forums';
import type { ModerationCase } from '@lunara/shared/moderation';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { posts } from '../../db/schema/community.ts';
import { forumReplies } from '../../db/schema/forums.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { contentRevisions } from '../../db/schema/revisions.ts';

let t: TestApp;
let moderator: TestMember;
let admin: TestMember;
let categoryId: string;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const api = (who: TestMember | undefined, method: Method, url: string, payload?: unknown) =>
  t.api(who, method, url, payload);

beforeAll(async () => {
  t = await createTestApp();
  moderator = await t.signUpSubscriber('moderator');
  admin = await t.signUpSubscriber('admin');
  categoryId = (await api(admin, 'GET', '/api/forums/categories')).json().categories[0].id;
}, 60_000);
afterAll(async () => t?.close());

async function created(response: Awaited<ReturnType<typeof api>>) {
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: string; [key: string]: unknown };
}
const newPost = async (who: TestMember, content = 'First words') =>
  created(await api(who, 'POST', '/api/posts', { title: 'A title', content }));
const newComment = async (who: TestMember, postId: string) =>
  created(await api(who, 'POST', `/api/posts/${postId}/comments`, { content: 'A first comment' }));
const newTopic = async (who: TestMember) =>
  created(await api(who, 'POST', `/api/forums/categories/${categoryId}/topics`, { title: 'A topic', content: 'Talk' }));
const newReply = async (who: TestMember, topicId: string) =>
  created(await api(who, 'POST', `/api/forums/topics/${topicId}/replies`, { content: 'A first reply' }));

const revisionsOf = (kind: string, itemId: string) =>
  t.database.db
    .select()
    .from(contentRevisions)
    .where(and(eq(contentRevisions.kind, kind), eq(contentRevisions.itemId, itemId)));

describe('editing a post', () => {
  it('changes its words for everyone, marks it edited and keeps the old words, even on the cached first page', async () => {
    const author = await t.signUpSubscriber();
    const reader = await t.signUpSubscriber();
    const post = await newPost(author);
    // The reader's first page is now in the process's cache.
    const before = (await api(reader, 'GET', '/api/posts')).json().items.find((p: { id: string }) => p.id === post.id);
    expect(before).toMatchObject({ content: 'First words', editedAt: null });

    const edited = await api(author, 'PATCH', `/api/posts/${post.id}`, {
      title: 'Better title',
      content: 'Better words',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Better title', content: 'Better words' });
    expect(Date.parse(edited.json().editedAt)).toBeGreaterThan(0);

    const after = (await api(reader, 'GET', '/api/posts')).json().items.find((p: { id: string }) => p.id === post.id);
    expect(after).toMatchObject({ title: 'Better title', content: 'Better words', editedAt: edited.json().editedAt });
    expect((await api(reader, 'GET', `/api/posts/${post.id}`)).json().content).toBe('Better words');
    const kept = await revisionsOf('post', post.id);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ title: 'A title', content: 'First words', editorId: author.id });
  });

  it('is hers alone: another member and staff are refused, and nothing changes', async () => {
    const author = await t.signUpSubscriber();
    const other = await t.signUpSubscriber();
    const post = await newPost(author);
    for (const who of [other, moderator, admin]) {
      const refused = await api(who, 'PATCH', `/api/posts/${post.id}`, { title: 'Taken', content: 'Over' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe('You can only edit your own posts');
    }
    const [row] = await t.database.db.select().from(posts).where(eq(posts.id, post.id));
    expect(row).toMatchObject({ content: 'First words', editedAt: null });
    expect(await revisionsOf('post', post.id)).toHaveLength(0);
  });

  it('answers as gone for a deleted post, a blocked author or a post hidden from her; the author edits her hidden post', async () => {
    const author = await t.signUpSubscriber();
    const other = await t.signUpSubscriber();
    const gone = await newPost(author);
    await api(author, 'DELETE', `/api/posts/${gone.id}`);
    const deleted = await api(author, 'PATCH', `/api/posts/${gone.id}`, { title: 'Back', content: 'Again' });
    expect(deleted.statusCode).toBe(404);
    expect(deleted.json().error.message).toBe('This post no longer exists');

    const hidden = await newPost(author);
    await t.database.db.update(posts).set({ hiddenAt: new Date() }).where(eq(posts.id, hidden.id));
    expect((await api(other, 'PATCH', `/api/posts/${hidden.id}`, { title: 'x', content: 'y' })).statusCode).toBe(404);
    const own = await api(author, 'PATCH', `/api/posts/${hidden.id}`, { title: 'Still mine', content: 'Clearer' });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ content: 'Clearer', hiddenForReview: true });
    const [row] = await t.database.db.select().from(posts).where(eq(posts.id, hidden.id));
    expect(row?.hiddenAt).not.toBeNull();

    const blocking = await newPost(author);
    expect((await api(author, 'PUT', `/api/blocks/${other.id}`)).statusCode).toBe(200);
    expect((await api(other, 'PATCH', `/api/posts/${blocking.id}`, { title: 'x', content: 'y' })).statusCode).toBe(404);
  });

  it('refuses bad input with the messages of writing it, and an unchanged edit writes nothing', async () => {
    const author = await t.signUpSubscriber();
    const post = await newPost(author);
    const blank = await api(author, 'PATCH', `/api/posts/${post.id}`, { title: ' ', content: 'Words' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe('Please fill in all fields');
    const long = await api(author, 'PATCH', `/api/posts/${post.id}`, { title: 'Fine', content: 'x'.repeat(10_001) });
    expect(long.statusCode).toBe(400);
    expect((await api(author, 'PATCH', `/api/posts/${post.id}`, { content: 'No title' })).statusCode).toBe(400);

    const same = await api(author, 'PATCH', `/api/posts/${post.id}`, { title: ' A title ', content: 'First words' });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ content: 'First words', editedAt: null });
    expect(await revisionsOf('post', post.id)).toHaveLength(0);
  });

  it('asks for a confirmed email when the owner requires it for posting', async () => {
    const author = await t.signUpSubscriber();
    const post = await newPost(author);
    expect((await api(admin, 'PUT', '/api/admin/posting-rules', { requireVerifiedEmail: true })).statusCode).toBe(200);
    try {
      const refused = await api(author, 'PATCH', `/api/posts/${post.id}`, { title: 'x', content: 'y' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(VERIFY_EMAIL_TO_POST_MESSAGE);
    } finally {
      await api(admin, 'PUT', '/api/admin/posting-rules', { requireVerifiedEmail: false });
    }
  });
});

describe('editing a comment', () => {
  it('is hers alone, marks it edited, keeps at most the last versions and answers a deleted one as gone', async () => {
    const author = await t.signUpSubscriber();
    const other = await t.signUpSubscriber();
    const post = await newPost(other);
    const comment = await newComment(author, post.id);
    for (const who of [other, moderator]) {
      const refused = await api(who, 'PATCH', `/api/comments/${comment.id}`, { content: 'Taken' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe('You can only edit your own comments');
    }
    expect((await api(author, 'PATCH', `/api/comments/${comment.id}`, { content: '   ' })).statusCode).toBe(400);

    for (let edit = 1; edit <= REVISIONS_KEPT + 1; edit++) {
      const response = await api(author, 'PATCH', `/api/comments/${comment.id}`, { content: `Version ${edit}` });
      expect(response.statusCode, response.body).toBe(200);
    }
    const kept = await revisionsOf('comment', comment.id);
    expect(kept).toHaveLength(REVISIONS_KEPT);
    // The oldest (the first words) went; the one before the last edit stays.
    expect(kept.map((revision) => revision.content)).not.toContain('A first comment');
    expect(kept.map((revision) => revision.content)).toContain(`Version ${REVISIONS_KEPT}`);

    const listed = (await api(other, 'GET', `/api/posts/${post.id}/comments`)).json().items[0];
    expect(listed).toMatchObject({ content: `Version ${REVISIONS_KEPT + 1}` });
    expect(listed.editedAt).toEqual(expect.any(String));

    await api(author, 'DELETE', `/api/comments/${comment.id}`);
    expect((await api(author, 'PATCH', `/api/comments/${comment.id}`, { content: 'Back' })).statusCode).toBe(404);
    // Its earlier versions went with it.
    expect(await revisionsOf('comment', comment.id)).toHaveLength(0);
  });
});

describe('editing forum topics and replies', () => {
  it('lets the author change a topic title and text, not others; a locked topic is refused', async () => {
    const author = await t.signUpSubscriber();
    const other = await t.signUpSubscriber();
    const topic = await newTopic(author);
    for (const who of [other, moderator]) {
      const refused = await api(who, 'PATCH', `/api/forums/topics/${topic.id}`, { title: 'Mine', content: 'Now' });
      expect(refused.statusCode).toBe(403);
    }
    const edited = await api(author, 'PATCH', `/api/forums/topics/${topic.id}`, { title: 'Clearer', content: 'More' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Clearer', content: 'More', editedAt: expect.any(String) });
    expect((await api(other, 'GET', `/api/forums/topics/${topic.id}`)).json()).toMatchObject({
      title: 'Clearer',
      editedAt: edited.json().editedAt,
    });
    expect(await revisionsOf('topic', topic.id)).toMatchObject([{ title: 'A topic', content: 'Talk' }]);

    await api(moderator, 'PUT', `/api/forums/topics/${topic.id}/lock`, { isLocked: true });
    const locked = await api(author, 'PATCH', `/api/forums/topics/${topic.id}`, { title: 'Late', content: 'Late' });
    expect(locked.statusCode).toBe(409);
  });

  it('lets the author change a reply under the rules of replying', async () => {
    const author = await t.signUpSubscriber();
    const other = await t.signUpSubscriber();
    const topic = await newTopic(other);
    const reply = await newReply(author, topic.id);
    expect((await api(other, 'PATCH', `/api/forums/replies/${reply.id}`, { content: 'Mine' })).statusCode).toBe(403);
    expect((await api(admin, 'PATCH', `/api/forums/replies/${reply.id}`, { content: 'Mine' })).statusCode).toBe(403);
    const tooLong = await api(author, 'PATCH', `/api/forums/replies/${reply.id}`, { content: 'x'.repeat(10_001) });
    expect(tooLong.statusCode).toBe(400);

    const unchanged = await api(author, 'PATCH', `/api/forums/replies/${reply.id}`, { content: 'A first reply' });
    expect(unchanged.json().editedAt).toBeNull();
    const edited = await api(author, 'PATCH', `/api/forums/replies/${reply.id}`, { content: 'A better reply' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ content: 'A better reply', editedAt: expect.any(String) });
    const listed = (await api(other, 'GET', `/api/forums/topics/${topic.id}/replies`)).json().items[0];
    expect(listed).toMatchObject({ content: 'A better reply', editedAt: edited.json().editedAt });
    expect(await revisionsOf('reply', reply.id)).toHaveLength(1);

    await api(moderator, 'PUT', `/api/forums/topics/${topic.id}/lock`, { isLocked: true });
    const locked = await api(author, 'PATCH', `/api/forums/replies/${reply.id}`, { content: 'Too late' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error.message).toBe(TOPIC_LOCKED);
    const [row] = await t.database.db.select().from(forumReplies).where(eq(forumReplies.id, reply.id));
    expect(row?.content).toBe('A better reply');

    await api(moderator, 'DELETE', `/api/forums/replies/${reply.id}`);
    expect((await api(author, 'PATCH', `/api/forums/replies/${reply.id}`, { content: 'Back' })).statusCode).toBe(404);
  });
});

describe('mentions in an edit', () => {
  it('tells a member the edit newly names, once', async () => {
    const author = await t.signUpSubscriber();
    const named = await t.signUpSubscriber();
    const topic = await newTopic(author);
    const reply = await newReply(author, topic.id);
    const mention = `@[Named](member:${named.id})`;
    const mentionsOf = () =>
      t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, named.id), eq(notifications.type, 'mention')));
    const first = await api(author, 'PATCH', `/api/forums/replies/${reply.id}`, { content: `Thanks ${mention}` });
    expect(first.statusCode, first.body).toBe(200);
    expect(await mentionsOf()).toHaveLength(1);
    await api(author, 'PATCH', `/api/forums/replies/${reply.id}`, { content: `Thank you ${mention}` });
    expect(await mentionsOf()).toHaveLength(1);
  });
});

describe('earlier versions in moderation', () => {
  it('shows moderators what a reported item said before its edits, newest first; members see no cases', async () => {
    const author = await t.signUpSubscriber();
    const reporter = await t.signUpSubscriber();
    const post = await newPost(reporter);
    const comment = await newComment(author, post.id);
    await api(author, 'PATCH', `/api/comments/${comment.id}`, { content: 'Second words' });
    await api(author, 'PATCH', `/api/comments/${comment.id}`, { content: 'Third words' });
    const reported = await api(reporter, 'POST', '/api/reports', {
      targetType: 'comment',
      targetId: comment.id,
      reason: 'harassment',
    });
    expect(reported.statusCode, reported.body).toBe(200);

    const page = (await api(moderator, 'GET', '/api/moderation/cases')).json() as { items: ModerationCase[] };
    const found = page.items.find((item) => item.targetId === comment.id);
    expect(found?.content?.body).toBe('Third words');
    expect(found?.content?.revisions.map((revision) => revision.body)).toEqual(['Second words', 'A first comment']);
    expect(found?.content?.revisions[0]?.replacedAt).toEqual(expect.any(String));

    const member = await api(author, 'GET', '/api/moderation/cases');
    expect(member.statusCode).toBe(403);
    expect(member.body).not.toContain('A first comment');
  });

  it('keeps earlier versions with what stays when an account goes, and drops them with what goes', async () => {
    const keeps = await t.signUpSubscriber();
    const kept = await newPost(keeps);
    await api(keeps, 'PATCH', `/api/posts/${kept.id}`, { title: 'A title', content: 'Changed' });
    const removes = await t.signUpSubscriber();
    const removed = await newPost(removes);
    await api(removes, 'PATCH', `/api/posts/${removed.id}`, { title: 'A title', content: 'Changed' });
    const deleteAccount = (who: TestMember, keepContent: boolean) =>
      api(who, 'POST', '/api/account/delete', { password: who.password, confirmation: 'DELETE', keepContent });

    expect((await deleteAccount(keeps, true)).statusCode).toBe(200);
    const [stays] = await revisionsOf('post', kept.id);
    const [post] = await t.database.db.select().from(posts).where(eq(posts.id, kept.id));
    expect(stays?.content).toBe('First words');
    expect(stays?.editorId).toBe(post?.userId);
    expect(stays?.editorId).not.toBe(keeps.id);

    expect((await deleteAccount(removes, false)).statusCode).toBe(200);
    expect(await revisionsOf('post', removed.id)).toHaveLength(0);
  });
});
