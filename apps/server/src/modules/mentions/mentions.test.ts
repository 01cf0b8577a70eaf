import { mentionToken } from '@lunara/shared/mentions';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, defaultTestName, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { postComments, posts } from '../../db/schema/community.ts';
import { forumCategories, forumReplies } from '../../db/schema/forums.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { notifyMentions } from './mention-service.ts';

let t: TestApp;
let categoryId: string;
beforeAll(async () => {
  t = await createTestApp();
  const [category] = await t.database.db.select().from(forumCategories).where(eq(forumCategories.slug, 'moon-wisdom'));
  categoryId = category?.id ?? '';
});
afterAll(async () => t?.close());

const at = (member: TestMember, name = defaultTestName(member.email)) => mentionToken(name, member.id);
const mentionsOf = (member: TestMember) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, member.id), eq(notifications.type, 'mention')));
const post = async (author: TestMember, content: string) => {
  const response = await t.api(author, 'POST', '/api/posts', { title: 'Full moon', content });
  expect(response.statusCode).toBe(200);
  return response.json() as { id: string; content: string };
};

describe('mentions in new posts, comments, topics and replies', () => {
  it('tell the member mentioned, with the author’s real name and a link to the post', async () => {
    const ana = await t.signUpSubscriber();
    const bea = await t.signUpSubscriber();
    // The name in the token is whatever the writer typed: only the id counts, and the stored text shows
    // her own name (a token naming nobody reads as plain text).
    const created = await post(
      ana,
      `Thank you **${mentionToken('The Admin Team', bea.id)}** and ${mentionToken('Ghost', 'no-such-member')}`,
    );
    expect(created.content).toBe(`Thank you **${at(bea)}** and @Ghost`);
    const [notice] = await mentionsOf(bea);
    expect(notice?.message).toBe(`${defaultTestName(ana.email)} mentioned you in a post`);
    expect(notice?.title).toBe('You were mentioned');
    expect(notice?.data).toEqual({ postId: created.id });
    const inbox = (await t.api(bea, 'GET', '/api/notifications')).json();
    expect(inbox.notifications[0]).toMatchObject({ type: 'mention', data: { postId: created.id } });
  });

  it('say where: a comment, a topic, a reply', async () => {
    const ana = await t.signUpSubscriber();
    const bea = await t.signUpSubscriber();
    const created = await post(ana, 'No mention here');
    expect(await mentionsOf(bea)).toHaveLength(0);
    const comment = await t.api(ana, 'POST', `/api/posts/${created.id}/comments`, { content: `So true ${at(bea)}` });
    expect(comment.statusCode).toBe(200);
    const topic = await t.api(ana, 'POST', `/api/forums/categories/${categoryId}/topics`, {
      title: 'Herbs',
      content: `Asking ${at(bea)}`,
    });
    expect(topic.statusCode).toBe(200);
    const reply = await t.api(ana, 'POST', `/api/forums/topics/${topic.json().id}/replies`, {
      content: `Also ${at(bea)}`,
    });
    expect(reply.statusCode).toBe(200);
    const notices = await mentionsOf(bea);
    expect(notices.map((notice) => notice.message).sort()).toEqual(
      ['comment', 'reply', 'topic'].map((kind) => `${defaultTestName(ana.email)} mentioned you in a ${kind}`),
    );
    expect(notices.find((notice) => notice.message.endsWith('reply'))?.data).toEqual({
      topicId: topic.json().id,
      replyId: reply.json().id,
    });
    expect(notices.find((notice) => notice.message.endsWith('comment'))?.data).toEqual({
      postId: created.id,
      commentId: comment.json().id,
    });
  });

  it('tell nobody for herself, an unknown id, a former member, or a token inside code', async () => {
    const ana = await t.signUpSubscriber();
    const free = await t.signUp();
    const bea = await t.signUpSubscriber();
    const unknown = '00000000-0000-4000-8000-000000000000';
    await post(ana, `${at(ana)} ${mentionToken('Ghost', unknown)} ${at(free)} \`${at(bea)}\``);
    expect(await mentionsOf(ana)).toHaveLength(0);
    expect(await mentionsOf(free)).toHaveLength(0);
    expect(await mentionsOf(bea)).toHaveLength(0);
    expect(await t.database.db.select().from(notifications).where(eq(notifications.userId, unknown))).toHaveLength(0);
  });

  it('tell nobody across a block, either way', async () => {
    const ana = await t.signUpSubscriber();
    const blocked = await t.signUpSubscriber();
    const blocker = await t.signUpSubscriber();
    expect((await t.api(ana, 'PUT', `/api/blocks/${blocked.id}`)).statusCode).toBeLessThan(300);
    expect((await t.api(blocker, 'PUT', `/api/blocks/${ana.id}`)).statusCode).toBeLessThan(300);
    await post(ana, `${at(blocked)} and ${at(blocker)}`);
    expect(await mentionsOf(blocked)).toHaveLength(0);
    expect(await mentionsOf(blocker)).toHaveLength(0);
  });

  it('tell nobody who cannot see the post: blocked by or blocking its author, or the post hidden for review', async () => {
    const ana = await t.signUpSubscriber();
    const bea = await t.signUpSubscriber();
    const cleo = await t.signUpSubscriber();
    expect((await t.api(cleo, 'PUT', `/api/blocks/${ana.id}`)).statusCode).toBeLessThan(300);
    const created = await post(ana, 'My news');
    const comment = await t.api(bea, 'POST', `/api/posts/${created.id}/comments`, { content: `See ${at(cleo)}` });
    expect(comment.statusCode).toBe(200);
    expect(await mentionsOf(cleo)).toHaveLength(0);
    await t.database.db.update(posts).set({ hiddenAt: new Date() }).where(eq(posts.id, created.id));
    const notified = await notifyMentions(t.database.db, {
      authorId: ana.id,
      text: `Hi ${at(bea)}`,
      link: { postId: created.id },
      kind: 'post',
    });
    expect(notified).toEqual([]);
  });

  it('honour her "Mentions" preference', async () => {
    const ana = await t.signUpSubscriber();
    const bea = await t.signUpSubscriber();
    const off = await t.api(bea, 'PATCH', '/api/notifications/preferences', { mentionNotifications: false });
    expect(off.json().mentionNotifications).toBe(false);
    await post(ana, `Hello ${at(bea)}`);
    expect(await mentionsOf(bea)).toHaveLength(0);
    await t.api(bea, 'PATCH', '/api/notifications/preferences', { mentionNotifications: true });
    await post(ana, `Hello again ${at(bea)}`);
    expect(await mentionsOf(bea)).toHaveLength(1);
  });

  it('tell at most the first ten members a text mentions, each once', async () => {
    const ana = await t.signUpSubscriber();
    const members = await Promise.all(Array.from({ length: 12 }, () => t.signUpSubscriber()));
    const first = members[0] as TestMember;
    await post(ana, `${members.map((member) => at(member)).join(' ')} ${at(first)}`);
    const told = await Promise.all(members.map(async (member) => (await mentionsOf(member)).length));
    expect(told).toEqual([...Array(10).fill(1), 0, 0]);
  });
});

describe('notifyMentions after an edit', () => {
  it('tells only the members the new version mentions for the first time', async () => {
    const ana = await t.signUpSubscriber();
    const bea = await t.signUpSubscriber();
    const cleo = await t.signUpSubscriber();
    const created = await post(ana, `Hi ${at(bea)}`);
    expect(await mentionsOf(bea)).toHaveLength(1);
    const notified = await notifyMentions(t.database.db, {
      authorId: ana.id,
      text: `Hi ${at(bea)} and ${at(cleo)}`,
      previousText: created.content,
      link: { postId: created.id },
      kind: 'post',
    });
    expect(notified).toEqual([cleo.id]);
    expect(await mentionsOf(bea)).toHaveLength(1);
    expect(await mentionsOf(cleo)).toHaveLength(1);
    const again = await notifyMentions(t.database.db, {
      authorId: ana.id,
      text: `Hi ${at(cleo)}`,
      previousText: `Hi ${at(bea)} and ${at(cleo)}`,
      link: { postId: created.id },
      kind: 'post',
    });
    expect(again).toEqual([]);
  });

  it('tell her once per item however often edits take her name out and put it back', async () => {
    const ana = await t.signUpSubscriber();
    const bea = await t.signUpSubscriber();
    const created = await post(ana, `Hi ${at(bea)}`);
    for (let round = 0; round < 3; round++) {
      const without = await t.api(ana, 'PATCH', `/api/posts/${created.id}`, { title: 'Full moon', content: 'Hi all' });
      expect(without.statusCode).toBe(200);
      const back = await t.api(ana, 'PATCH', `/api/posts/${created.id}`, {
        title: 'Full moon',
        content: `Hi ${at(bea)}`,
      });
      expect(back.statusCode).toBe(200);
    }
    expect(await mentionsOf(bea)).toHaveLength(1);
  });

  it('tell nobody from a comment or reply hidden for review', async () => {
    const ana = await t.signUpSubscriber();
    const bea = await t.signUpSubscriber();
    const created = await post(ana, 'Open post');
    const comment = await t.api(ana, 'POST', `/api/posts/${created.id}/comments`, { content: 'Plain words' });
    const commentId = comment.json().id as string;
    await t.database.db.update(postComments).set({ hiddenAt: new Date() }).where(eq(postComments.id, commentId));
    const edited = await t.api(ana, 'PATCH', `/api/comments/${commentId}`, { content: `Now ${at(bea)}` });
    expect(edited.statusCode).toBe(200);
    const topic = await t.api(ana, 'POST', `/api/forums/categories/${categoryId}/topics`, {
      title: 'Tea',
      content: 'Hi',
    });
    const reply = await t.api(ana, 'POST', `/api/forums/topics/${topic.json().id}/replies`, { content: 'Plain' });
    const replyId = reply.json().id as string;
    await t.database.db.update(forumReplies).set({ hiddenAt: new Date() }).where(eq(forumReplies.id, replyId));
    const replyEdit = await t.api(ana, 'PATCH', `/api/forums/replies/${replyId}`, { content: `Now ${at(bea)}` });
    expect(replyEdit.statusCode).toBe(200);
    expect(await mentionsOf(bea)).toHaveLength(0);
  });
});
