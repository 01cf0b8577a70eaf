import {
  BLOCKED_PAGE_SIZE,
  CANNOT_MESSAGE_MEMBER,
  HIDDEN_BLOCKED_LINE,
  MAX_BLOCKS,
  NO_SELF_BLOCK,
} from '@lunara/shared/blocks';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/server-process.ts';
import { createTestApp, type TestApp, type TestMember, withSecondProcess } from '../../../test/test-app.ts';
import { testDatabaseKind } from '../../../test/test-database.ts';
import { circles } from '../../db/schema/circles.ts';
import { forumCategories } from '../../db/schema/forums.ts';
import { profiles } from '../../db/schema/members.ts';
import { createGroupConversation } from '../messages/group-conversations.ts';
import { grantRoleByEmail } from '../roles/service.ts';

let t: TestApp;
let categoryId: string;
beforeAll(async () => {
  t = await createTestApp();
  const [category] = await t.database.db.select().from(forumCategories).where(eq(forumCategories.slug, 'moon-wisdom'));
  categoryId = category?.id ?? '';
});
afterAll(async () => t?.close());

let n = 0;
async function member(name = 'Sister'): Promise<TestMember> {
  const m = await t.signUpSubscriber();
  n += 1;
  await t.database.db
    .update(profiles)
    .set({ displayName: `${name} Blocktest ${n}` })
    .where(eq(profiles.id, m.id));
  return m;
}

const block = (who: TestMember, other: TestMember) => t.api(who, 'PUT', `/api/blocks/${other.id}`);
const unblock = (who: TestMember, other: TestMember) => t.api(who, 'DELETE', `/api/blocks/${other.id}`);
const post = async (who: TestMember, title: string) => {
  const response = await t.api(who, 'POST', '/api/posts', { title, content: `${title} body`, category: 'general' });
  expect(response.statusCode).toBe(200);
  return response.json().id as string;
};
const feedIds = async (who: TestMember) =>
  ((await t.api(who, 'GET', '/api/posts')).json().items as { id: string }[]).map((p) => p.id);
const notificationsOf = async (who: TestMember) =>
  (await t.api(who, 'GET', '/api/notifications')).json().notifications as {
    type: string;
    message: string;
    data: Record<string, unknown>;
  }[];
const topic = async (who: TestMember, title: string) => {
  const response = await t.api(who, 'POST', `/api/forums/categories/${categoryId}/topics`, {
    title,
    content: 'How do you track the moon?',
  });
  expect(response.statusCode).toBe(200);
  return response.json().id as string;
};
const startConversation = (from: TestMember, to: TestMember) =>
  t.api(from, 'POST', '/api/conversations', { userId: to.id });

describe('blocking: the block itself', () => {
  it('needs a session; is private to the blocker; refuses herself and unknown members', async () => {
    const ana = await member('Ana');
    const bea = await member('Bea');
    expect((await t.api(undefined, 'PUT', `/api/blocks/${bea.id}`)).statusCode).toBe(401);
    expect((await t.api(undefined, 'GET', '/api/blocks')).statusCode).toBe(401);
    const self = await block(ana, ana);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.message).toBe(NO_SELF_BLOCK);
    expect((await t.api(ana, 'PUT', '/api/blocks/no-such-member')).statusCode).toBe(404);
    expect((await block(ana, bea)).json()).toEqual({ blocked: true });
    // Twice is once.
    expect((await block(ana, bea)).json()).toEqual({ blocked: true });
    expect((await t.api(ana, 'GET', `/api/blocks/${bea.id}`)).json()).toEqual({ blocked: true });
    // Bea asks about Ana: she learns only that she herself has not blocked Ana.
    expect((await t.api(bea, 'GET', `/api/blocks/${ana.id}`)).json()).toEqual({ blocked: false });
    expect((await t.api(bea, 'GET', '/api/blocks')).json().items).toEqual([]);
    const list = (await t.api(ana, 'GET', '/api/blocks')).json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0].member.id).toBe(bea.id);
    expect(list.nextCursor).toBeNull();
    // Bea's notifications say nothing about it.
    expect(await notificationsOf(bea)).toEqual([]);
  });

  it('pages the blocked list newest first, without repeats', async () => {
    const ana = await member('Ana');
    const others: TestMember[] = [];
    for (let i = 0; i < BLOCKED_PAGE_SIZE + 2; i++) {
      const other = await member('Other');
      others.push(other);
      expect((await block(ana, other)).statusCode).toBe(200);
    }
    const first = (await t.api(ana, 'GET', '/api/blocks')).json();
    expect(first.items).toHaveLength(BLOCKED_PAGE_SIZE);
    expect(first.items[0].member.id).toBe(others.at(-1)?.id);
    const second = (await t.api(ana, 'GET', `/api/blocks?cursor=${first.nextCursor}`)).json();
    expect(second.items).toHaveLength(2);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items].map((item: { member: { id: string } }) => item.member.id);
    expect(new Set(ids).size).toBe(others.length);
    expect((await t.api(ana, 'GET', '/api/blocks?cursor=not-a-cursor')).statusCode).toBe(400);
  });

  it(`stops at ${MAX_BLOCKS} blocks with a clear message`, async () => {
    const ana = await member('Ana');
    const target = await member('Target');
    // Fill her list straight in the table: a thousand accounts made in SQL (sign-ups would take minutes).
    const prefix = `cap-${ana.id}`;
    await t.database.db.execute(
      sql`insert into "user" (id, name, email)
          select ${prefix} || '-' || i, 'Cap', ${prefix} || '-' || i || '@example.com' from generate_series(1, ${MAX_BLOCKS}) i`,
    );
    await t.database.db.execute(
      sql`insert into member_blocks (blocker_id, blocked_id)
          select ${ana.id}, ${prefix} || '-' || i from generate_series(1, ${MAX_BLOCKS}) i`,
    );
    const refused = await block(ana, target);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/Unblock someone/);
    // Unblocking one makes room again.
    await unblock(ana, { ...target, id: `${prefix}-1` });
    expect((await block(ana, target)).statusCode).toBe(200);
  });
});

describe('blocking: two members block each other out', () => {
  it("hides each one's posts from the other, first page (cached) and later pages, and the post itself", async () => {
    const ana = await member('Ana');
    const bea = await member('Bea');
    const cleo = await member('Cleo');
    const beaPost = await post(bea, 'Bea shares');
    const anaPost = await post(ana, 'Ana shares');
    const cleoPost = await post(cleo, 'Cleo shares');
    // Everyone reads the first page once, so it is in memory when the block lands.
    expect(await feedIds(ana)).toContain(beaPost);
    expect(await feedIds(cleo)).toContain(beaPost);
    expect((await block(ana, bea)).statusCode).toBe(200);

    const anaFeed = await feedIds(ana);
    expect(anaFeed).not.toContain(beaPost);
    expect(anaFeed).toContain(cleoPost);
    const beaFeed = await feedIds(bea);
    expect(beaFeed).not.toContain(anaPost);
    expect(beaFeed).toContain(cleoPost);
    // Cleo, who blocked nobody, still sees both (the shared page is filtered per viewer, after the cache).
    expect(await feedIds(cleo)).toEqual(expect.arrayContaining([anaPost, beaPost, cleoPost]));

    // Pages after a cursor: push Bea's post off the first page and read on.
    for (let i = 0; i < 21; i++) await post(cleo, `Filler ${i}`);
    let cursor: string | null = (await t.api(ana, 'GET', '/api/posts')).json().nextCursor;
    const later: string[] = [];
    for (let i = 0; cursor && i < 50; i++) {
      const page = (await t.api(ana, 'GET', `/api/posts?cursor=${cursor}`)).json();
      later.push(...page.items.map((p: { id: string }) => p.id));
      cursor = page.nextCursor;
    }
    expect(later).toContain(cleoPost);
    expect(later).not.toContain(beaPost);

    // Opening it directly answers as for a deleted post, both ways.
    const gone = await t.api(ana, 'GET', `/api/posts/${beaPost}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe('This post no longer exists');
    expect((await t.api(bea, 'GET', `/api/posts/${anaPost}`)).statusCode).toBe(404);
    // Nor can either comment on or like the other's post.
    expect((await t.api(bea, 'POST', `/api/posts/${anaPost}/comments`, { content: 'hi' })).statusCode).toBe(404);
    expect((await t.api(bea, 'PUT', `/api/posts/${anaPost}/like`)).statusCode).toBe(404);

    // Unblocking restores everything.
    expect((await unblock(ana, bea)).json()).toEqual({ blocked: false });
    expect((await t.api(ana, 'GET', `/api/posts/${beaPost}`)).statusCode).toBe(200);
    expect((await t.api(bea, 'GET', `/api/posts/${anaPost}`)).statusCode).toBe(200);
    expect((await t.api(ana, 'GET', '/api/blocks')).json().items).toEqual([]);
  });

  it("masks comments on a third member's post: a line for the blocker, nothing for the blocked", async () => {
    const ana = await member('Ana');
    const bea = await member('Bea');
    const cleo = await member('Cleo');
    const cleoPost = await post(cleo, 'Cleo asks');
    for (const [who, text] of [
      [ana, 'Ana answers'],
      [bea, 'Bea answers'],
      [cleo, 'Cleo thanks'],
    ] as const) {
      expect((await t.api(who, 'POST', `/api/posts/${cleoPost}/comments`, { content: text })).statusCode).toBe(200);
    }
    await block(ana, bea);
    const forAna = (await t.api(ana, 'GET', `/api/posts/${cleoPost}/comments`)).json().items;
    expect(forAna.map((c: { content: string }) => c.content)).toEqual(['Ana answers', '', 'Cleo thanks']);
    expect(forAna[1].hiddenByBlock).toBe(true);
    expect(JSON.stringify(forAna)).not.toContain('Bea answers');
    const forBea = (await t.api(bea, 'GET', `/api/posts/${cleoPost}/comments`)).json().items;
    expect(forBea.map((c: { content: string }) => c.content)).toEqual(['Bea answers', 'Cleo thanks']);
    expect(JSON.stringify(forBea)).not.toContain('hiddenByBlock');
    const forCleo = (await t.api(cleo, 'GET', `/api/posts/${cleoPost}/comments`)).json().items;
    expect(forCleo).toHaveLength(3);
    expect(HIDDEN_BLOCKED_LINE).toMatch(/you blocked/);
  });

  it('hides topics and replies both ways and refuses replies to the other', async () => {
    const ana = await member('Ana');
    const bea = await member('Bea');
    const cleo = await member('Cleo');
    const beaTopic = await topic(bea, 'Bea topic');
    const anaTopic = await topic(ana, 'Ana topic');
    const cleoTopic = await topic(cleo, 'Cleo topic');
    await t.api(ana, 'POST', `/api/forums/topics/${cleoTopic}/replies`, { content: 'Ana replies' });
    await t.api(bea, 'POST', `/api/forums/topics/${cleoTopic}/replies`, { content: 'Bea replies' });
    await block(bea, ana);
    const listed = async (who: TestMember) =>
      ((await t.api(who, 'GET', `/api/forums/categories/${categoryId}/topics`)).json().items as { id: string }[]).map(
        (x) => x.id,
      );
    expect(await listed(ana)).not.toContain(beaTopic);
    expect(await listed(ana)).toContain(cleoTopic);
    expect(await listed(bea)).not.toContain(anaTopic);
    expect((await t.api(ana, 'GET', `/api/forums/topics/${beaTopic}`)).statusCode).toBe(404);
    expect((await t.api(bea, 'GET', `/api/forums/topics/${anaTopic}`)).statusCode).toBe(404);
    const reply = await t.api(ana, 'POST', `/api/forums/topics/${beaTopic}/replies`, { content: 'still here?' });
    expect(reply.statusCode).toBe(404);
    const forBea = (await t.api(bea, 'GET', `/api/forums/topics/${cleoTopic}/replies`)).json().items;
    expect(
      forBea.map((r: { content: string; hiddenByBlock?: boolean }) => [r.content, r.hiddenByBlock ?? false]),
    ).toEqual([
      ['', true],
      ['Bea replies', false],
    ]);
    const forAna = (await t.api(ana, 'GET', `/api/forums/topics/${cleoTopic}/replies`)).json().items;
    expect(forAna.map((r: { content: string }) => r.content)).toEqual(['Ana replies']);
    await unblock(bea, ana);
    expect(await listed(ana)).toContain(beaTopic);
  });

  it('refuses direct messages both ways with the same words, and the search does not offer them', async () => {
    const ana = await member('Ana');
    const bea = await member('Bea');
    const started = await startConversation(ana, bea);
    expect(started.statusCode).toBe(201);
    const conversationId = started.json().conversation.id;
    expect(
      (await t.api(bea, 'POST', `/api/conversations/${conversationId}/messages`, { content: 'Before' })).statusCode,
    ).toBe(201);
    await block(ana, bea);
    for (const [from, to] of [
      [ana, bea],
      [bea, ana],
    ] as const) {
      const sent = await t.api(from, 'POST', `/api/conversations/${conversationId}/messages`, { content: 'Hello?' });
      expect(sent.statusCode).toBe(403);
      expect(sent.json().error.message).toBe(CANNOT_MESSAGE_MEMBER);
      const again = await startConversation(from, to);
      expect(again.statusCode).toBe(403);
      expect(again.json().error.message).toBe(CANNOT_MESSAGE_MEMBER);
      const name = to === bea ? 'Bea Blocktest' : 'Ana Blocktest';
      const found = (await t.api(from, 'GET', `/api/members/search?q=${encodeURIComponent(name)}`)).json().members;
      expect(found.map((m: { id: string }) => m.id)).not.toContain(to.id);
    }
    // The history stays as it was on both sides (its vanishing would tell Bea).
    const history = (await t.api(bea, 'GET', `/api/conversations/${conversationId}/messages`)).json().items;
    expect(history.map((m: { content: string }) => m.content)).toEqual(['Before']);
    // Unblocking lets them write again, and find each other.
    await unblock(ana, bea);
    expect(
      (await t.api(bea, 'POST', `/api/conversations/${conversationId}/messages`, { content: 'After' })).statusCode,
    ).toBe(201);
  });

  it('in a group, masks her messages and holds back notifications between them', async () => {
    const ana = await member('Ana');
    const bea = await member('Bea');
    const cleo = await member('Cleo');
    const groupId = await t.database.db.transaction((tx) =>
      createGroupConversation(tx, { title: 'Moon Pod', createdBy: cleo.id, memberIds: [ana.id, bea.id, cleo.id] }),
    );
    await block(ana, bea);
    for (const [who, text] of [
      [ana, 'Ana in group'],
      [bea, 'Bea in group'],
      [cleo, 'Cleo in group'],
    ] as const) {
      expect((await t.api(who, 'POST', `/api/conversations/${groupId}/messages`, { content: text })).statusCode).toBe(
        201,
      );
    }
    const forAna = (await t.api(ana, 'GET', `/api/conversations/${groupId}/messages`)).json().items;
    expect(
      forAna.map((m: { content: string; hiddenByBlock?: boolean }) => [m.content, m.hiddenByBlock ?? false]),
    ).toEqual([
      ['Ana in group', false],
      ['', true],
      ['Cleo in group', false],
    ]);
    const forBea = (await t.api(bea, 'GET', `/api/conversations/${groupId}/messages`)).json().items;
    expect(forBea.map((m: { content: string }) => m.content)).toEqual(['Bea in group', 'Cleo in group']);
    // Ana's notification about the group counts Cleo's message but never names Bea's.
    const anaGroup = (await notificationsOf(ana)).filter((x) => x.data.conversationId === groupId);
    expect(anaGroup).toHaveLength(1);
    expect(anaGroup[0]?.message).toContain('Cleo in group');
    expect(JSON.stringify(await notificationsOf(ana))).not.toContain('Bea in group');
    expect(JSON.stringify(await notificationsOf(bea))).not.toContain('Ana in group');
  });

  it('sends no notifications between them in either direction (likes, comments, replies)', async () => {
    const ana = await member('Ana');
    const bea = await member('Bea');
    const cleo = await member('Cleo');
    const cleoPost = await post(cleo, 'Cleo post');
    const anaPost = await post(ana, 'Ana post');
    // Bea likes Ana's post before the block: one like notification for Ana.
    await t.api(bea, 'PUT', `/api/posts/${anaPost}/like`);
    expect((await notificationsOf(ana)).filter((x) => x.type === 'post_like')).toHaveLength(1);
    await block(ana, bea);
    // Cleo likes it: the collapsed notification may be renewed by Cleo, not by Bea.
    await t.api(cleo, 'PUT', `/api/posts/${anaPost}/like`);
    await t.api(bea, 'DELETE', `/api/posts/${anaPost}/like`);
    expect((await t.api(bea, 'PUT', `/api/posts/${anaPost}/like`)).statusCode).toBe(404);
    const anaTopic = await topic(ana, 'Ana asks');
    expect((await t.api(bea, 'POST', `/api/forums/topics/${anaTopic}/replies`, { content: 'x' })).statusCode).toBe(404);
    // Both comment on Cleo's post: Cleo is told twice, neither of them about the other.
    await t.api(bea, 'POST', `/api/posts/${cleoPost}/comments`, { content: 'Bea here' });
    await t.api(ana, 'POST', `/api/posts/${cleoPost}/comments`, { content: 'Ana here' });
    expect((await notificationsOf(cleo)).filter((x) => x.type === 'post_comment')).toHaveLength(2);
    const forAna = JSON.stringify(await notificationsOf(ana));
    expect(forAna).not.toContain('Bea Blocktest');
    // Bea to Ana the other way: a topic by Bea, a reply by Ana is refused; a like by Ana is refused.
    const beaPost = await post(bea, 'Bea post');
    expect((await t.api(ana, 'PUT', `/api/posts/${beaPost}/like`)).statusCode).toBe(404);
    expect(JSON.stringify(await notificationsOf(bea))).not.toContain('Ana Blocktest');
  });
});

describe('blocking: staff and lists', () => {
  it("a staff notice still reaches a member who blocked the moderator; the moderator's likes do not", async () => {
    const ana = await member('Ana');
    const moderator = await member('Mod');
    await grantRoleByEmail(t.database.db, moderator.email, 'moderator');
    const [circle] = await t.database.db
      .insert(circles)
      .values({ name: 'Block circle', description: 'Open', type: 'open', focusArea: 'Testing', maxMembers: 20 })
      .returning();
    expect((await t.api(ana, 'POST', `/api/circles/${circle?.id}/join`)).statusCode).toBeLessThan(300);
    await block(ana, moderator);
    const requests = (await t.api(moderator, 'GET', '/api/circles/requests')).json().requests as {
      id: string;
      userId: string;
    }[];
    const request = requests.find((r) => r.userId === ana.id);
    expect((await t.api(moderator, 'POST', `/api/circles/requests/${request?.id}/approve`)).statusCode).toBe(200);
    expect((await notificationsOf(ana)).map((x) => x.type)).toContain('circle_invite');
    // As a member, though, the moderator is blocked like anyone: her like of Ana's post is refused.
    const anaPost = await post(ana, 'Ana after the circle');
    expect((await t.api(moderator, 'PUT', `/api/posts/${anaPost}/like`)).statusCode).toBe(404);
  });

  it("does not quote a blocked member's latest group message in the blocker's conversation list", async () => {
    const ana = await member('Ana');
    const bea = await member('Bea');
    const groupId = await t.database.db.transaction((tx) =>
      createGroupConversation(tx, { title: 'Preview Pod', createdBy: ana.id, memberIds: [ana.id, bea.id] }),
    );
    await block(ana, bea);
    await t.api(bea, 'POST', `/api/conversations/${groupId}/messages`, { content: 'Secret preview' });
    const listed = (await t.api(ana, 'GET', '/api/conversations')).json().items as {
      id: string;
      lastMessageContent: string | null;
    }[];
    expect(listed.find((c) => c.id === groupId)?.lastMessageContent).toBe(HIDDEN_BLOCKED_LINE);
    const forBea = (await t.api(bea, 'GET', '/api/conversations')).json().items as {
      id: string;
      lastMessageContent: string | null;
    }[];
    expect(forBea.find((c) => c.id === groupId)?.lastMessageContent).toBe('Secret preview');
  });
});

describe('blocking: what the blocked member can still find out (from a probe)', () => {
  it('shows her nothing of a group message by the member who blocked her in her conversation list', async () => {
    const vic = await member('Vic');
    const bea = await member('Bea');
    const groupId = await t.database.db.transaction((tx) =>
      createGroupConversation(tx, { title: 'Quiet Pod', createdBy: vic.id, memberIds: [vic.id, bea.id] }),
    );
    await block(vic, bea);
    await t.api(vic, 'POST', `/api/conversations/${groupId}/messages`, { content: 'Not for Bea' });
    const forBea = (await t.api(bea, 'GET', '/api/conversations')).json().items as {
      id: string;
      lastMessageContent: string | null;
      lastMessageSenderName: string | null;
    }[];
    const listed = forBea.find((c) => c.id === groupId);
    expect(listed?.lastMessageContent).toBeNull();
    expect(listed?.lastMessageSenderName).toBeNull();
  });

  it("does not name the other as a topic's last replier, either way", async () => {
    const vic = await member('Vic');
    const bea = await member('Bea');
    const sue = await member('Sue');
    const topicId = await topic(sue, 'Moon journaling');
    expect((await t.api(vic, 'POST', `/api/forums/topics/${topicId}/replies`, { content: 'I do' })).statusCode).toBe(
      200,
    );
    await block(vic, bea);
    const detail = (await t.api(bea, 'GET', `/api/forums/topics/${topicId}`)).json();
    expect(detail.lastReplyUserName).toBe('A member');
    expect(JSON.stringify(detail)).not.toContain('Vic Blocktest');
    const listed = (await t.api(bea, 'GET', `/api/forums/categories/${categoryId}/topics`)).json().items as {
      id: string;
      lastReplyUserName: string | null;
    }[];
    expect(listed.find((item) => item.id === topicId)?.lastReplyUserName).toBe('A member');
    // Sue, outside the block, still sees who replied.
    expect((await t.api(sue, 'GET', `/api/forums/topics/${topicId}`)).json().lastReplyUserName).toMatch(/^Vic /);
  });

  it('answers a report or a mute of what the blocker wrote with the 404 its page gives', async () => {
    const vic = await member('Vic');
    const bea = await member('Bea');
    const postId = await post(vic, 'Vic writes');
    const topicId = await topic(vic, 'Vic asks');
    await block(vic, bea);
    expect((await t.api(bea, 'GET', `/api/posts/${postId}`)).statusCode).toBe(404);
    const report = await t.api(bea, 'POST', '/api/reports', { targetType: 'post', targetId: postId, reason: 'spam' });
    expect(report.statusCode).toBe(404);
    const mute = await t.api(bea, 'PUT', `/api/forums/topics/${topicId}/mute`);
    expect(mute.statusCode).toBe(404);
    // The blocker may still report the member she blocked.
    const profile = await t.api(vic, 'POST', '/api/reports', {
      targetType: 'profile',
      targetId: bea.id,
      reason: 'harassment',
    });
    expect(profile.statusCode).toBe(200);
  });

  it('takes no pod request from a member either side of a block with the mentor', async () => {
    const vic = await member('Vic');
    const bea = await member('Bea');
    const admin = await t.signUpSubscriber('admin');
    const created = await t.api(admin, 'POST', '/api/admin/pods', {
      name: `Pod ${Math.random().toString(36).slice(2, 8)}`,
      description: 'Walking the moon together',
      focus: 'Cycle practice',
      capacity: 4,
      mentorId: vic.id,
      isOpen: true,
    });
    expect(created.statusCode, created.body).toBe(200);
    const podId = created.json().id as string;
    await block(vic, bea);
    const asked = await t.api(bea, 'POST', `/api/pods/${podId}/requests`, { note: 'Hi Vic, it is Bea' });
    expect(asked.statusCode).toBe(409);
    expect(asked.json().error.message).toBe('This pod is not taking requests');
    expect((await t.api(vic, 'GET', `/api/pods/${podId}/requests`)).json().requests).toEqual([]);
    expect((await notificationsOf(vic)).some((notice) => notice.type === 'pod_request')).toBe(false);
  });
});

describe('blocking across processes', () => {
  it.runIf(testDatabaseKind === 'postgres')(
    "a block made in one process hides her posts in the other's kept first page at once",
    async () => {
      await withSecondProcess(t, async ({ app: other }) => {
        const ana = await member('Ana');
        const bea = await member('Bea');
        const beaPost = await post(bea, 'Seen everywhere');
        const readThere = async () =>
          (
            (await other.inject({ method: 'GET', url: '/api/posts', headers: { cookie: ana.cookie } })).json()
              .items as { id: string }[]
          ).map((p) => p.id);
        // The other process keeps the page and Ana's (empty) blocks in memory.
        await waitFor(async () => (await readThere()).includes(beaPost), 5_000, 'the post to show there');
        await block(ana, bea);
        await waitFor(async () => !(await readThere()).includes(beaPost), 5_000, 'the block to reach it');
        await unblock(ana, bea);
        await waitFor(async () => (await readThere()).includes(beaPost), 5_000, 'the unblock to reach it');
      });
    },
  );
});

describe('muting', () => {
  it('a muted conversation sends no notifications but stays readable and counts unread', async () => {
    const ana = await member('Ana');
    const bea = await member('Bea');
    const conversationId = (await startConversation(ana, bea)).json().conversation.id;
    expect((await t.api(ana, 'GET', `/api/conversations/${conversationId}/mute`)).json()).toEqual({ muted: false });
    expect((await t.api(ana, 'PUT', `/api/conversations/${conversationId}/mute`)).json()).toEqual({ muted: true });
    expect((await t.api(ana, 'PUT', `/api/conversations/${conversationId}/mute`)).json()).toEqual({ muted: true });
    expect((await t.api(ana, 'GET', `/api/conversations/${conversationId}/mute`)).json()).toEqual({ muted: true });
    await t.api(bea, 'POST', `/api/conversations/${conversationId}/messages`, { content: 'Quiet one' });
    expect((await notificationsOf(ana)).filter((x) => x.type === 'message')).toHaveLength(0);
    const conversation = (await t.api(ana, 'GET', `/api/conversations/${conversationId}`)).json();
    expect(conversation.unreadCount).toBe(1);
    expect(
      (await t.api(ana, 'GET', `/api/conversations/${conversationId}/messages`))
        .json()
        .items.map((m: { content: string }) => m.content),
    ).toEqual(['Quiet one']);
    // Bea, who did not mute it, is still told of Ana's answers.
    await t.api(ana, 'POST', `/api/conversations/${conversationId}/messages`, { content: 'Heard you' });
    expect((await notificationsOf(bea)).filter((x) => x.type === 'message')).toHaveLength(1);
    expect((await t.api(ana, 'DELETE', `/api/conversations/${conversationId}/mute`)).json()).toEqual({ muted: false });
    await t.api(bea, 'POST', `/api/conversations/${conversationId}/messages`, { content: 'Loud again' });
    expect((await notificationsOf(ana)).filter((x) => x.type === 'message')).toHaveLength(1);
  });

  it('a muted group sends no notifications', async () => {
    const ana = await member('Ana');
    const bea = await member('Bea');
    const groupId = await t.database.db.transaction((tx) =>
      createGroupConversation(tx, { title: 'Quiet Pod', createdBy: bea.id, memberIds: [ana.id, bea.id] }),
    );
    await t.api(bea, 'POST', `/api/conversations/${groupId}/messages`, { content: 'First' });
    expect((await notificationsOf(ana)).filter((x) => x.data.conversationId === groupId)).toHaveLength(1);
    await t.api(ana, 'PUT', `/api/conversations/${groupId}/mute`);
    await t.api(bea, 'POST', `/api/conversations/${groupId}/messages`, { content: 'Second' });
    const list = (await notificationsOf(ana)).filter((x) => x.data.conversationId === groupId);
    expect(list).toHaveLength(1);
    expect(list[0]?.message).not.toContain('Second');
  });

  it('a muted topic sends its author no reply notifications', async () => {
    const ana = await member('Ana');
    const bea = await member('Bea');
    const topicId = await topic(ana, 'Ana mutes this');
    expect((await t.api(ana, 'PUT', `/api/forums/topics/${topicId}/mute`)).json()).toEqual({ muted: true });
    await t.api(bea, 'POST', `/api/forums/topics/${topicId}/replies`, { content: 'A reply' });
    expect((await notificationsOf(ana)).filter((x) => x.type === 'forum_reply')).toHaveLength(0);
    expect((await t.api(ana, 'DELETE', `/api/forums/topics/${topicId}/mute`)).json()).toEqual({ muted: false });
    await t.api(bea, 'POST', `/api/forums/topics/${topicId}/replies`, { content: 'Another' });
    expect((await notificationsOf(ana)).filter((x) => x.type === 'forum_reply')).toHaveLength(1);
  });

  it("refuses what she cannot reach: someone else's conversation, unknown topics, bad ids", async () => {
    const ana = await member('Ana');
    const bea = await member('Bea');
    const eve = await member('Eve');
    const conversationId = (await startConversation(ana, bea)).json().conversation.id;
    expect((await t.api(eve, 'PUT', `/api/conversations/${conversationId}/mute`)).statusCode).toBe(404);
    expect((await t.api(eve, 'GET', `/api/conversations/${conversationId}/mute`)).statusCode).toBe(404);
    expect((await t.api(eve, 'PUT', '/api/conversations/not-a-uuid/mute')).statusCode).toBe(400);
    expect((await t.api(eve, 'PUT', '/api/forums/topics/00000000-0000-4000-8000-000000000000/mute')).statusCode).toBe(
      404,
    );
    expect((await t.api(undefined, 'PUT', `/api/conversations/${conversationId}/mute`)).statusCode).toBe(401);
    expect((await t.api(await t.signUp(), 'PUT', `/api/conversations/${conversationId}/mute`)).statusCode).toBe(403);
  });
});
