import { MARK_END, MARK_START, type SearchGroup, type SearchResponse } from '@lunara/shared/search';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { formerMembers } from '../../db/schema/account-data.ts';
import { circleEvents, circleMemberships, circles } from '../../db/schema/circles.ts';
import { postComments, posts } from '../../db/schema/community.ts';
import { courseModules, courses, lessons } from '../../db/schema/courses.ts';
import { forumCategories } from '../../db/schema/forums.ts';
import { profiles } from '../../db/schema/members.ts';

let t: TestApp;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp();
  const [category] = await t.database.db.select().from(forumCategories).where(eq(forumCategories.slug, 'moon-wisdom'));
  categoryId = category?.id ?? '';
});
afterAll(async () => t?.close());

let n = 0;
/** A word no seeded text holds, so each test finds only what it wrote. */
const uniqueWord = () =>
  `zq${Date.now().toString(36)}x${(n++).toString(36)}`.replace(/\d/g, (d) => 'abcdefghij'[Number(d)] ?? 'k');

async function member(name?: string): Promise<TestMember> {
  const m = await t.signUpSubscriber();
  if (name) await t.database.db.update(profiles).set({ displayName: name }).where(eq(profiles.id, m.id));
  return m;
}

const search = async (who: TestMember, query: string) => {
  const response = await t.api(who, 'GET', `/api/search?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SearchResponse;
};
const q = (text: string, extra = '') => `q=${encodeURIComponent(text)}${extra}`;
const group = (result: SearchResponse, kind: SearchGroup['kind']) => result.groups.find((g) => g.kind === kind);
const idsOf = (result: SearchResponse, kind: SearchGroup['kind']) => group(result, kind)?.items.map((i) => i.id) ?? [];

const post = async (who: TestMember, title: string, content = `${title} body`) => {
  const response = await t.api(who, 'POST', '/api/posts', { title, content, category: 'general' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id as string;
};
const comment = async (who: TestMember, postId: string, content: string) => {
  const response = await t.api(who, 'POST', `/api/posts/${postId}/comments`, { content });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id as string;
};
const topic = async (who: TestMember, title: string, content: string) => {
  const response = await t.api(who, 'POST', `/api/forums/categories/${categoryId}/topics`, { title, content });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id as string;
};

describe('community search: access and input', () => {
  it('is for members: visitors get 401, accounts without a membership 403', async () => {
    expect((await t.api(undefined, 'GET', '/api/search?q=moon')).statusCode).toBe(401);
    expect((await t.api(await t.signUp(), 'GET', '/api/search?q=moon')).statusCode).toBe(403);
  });

  it('refuses a blank, too long or malformed search with a clear message', async () => {
    const ana = await member();
    const cases: [string, string][] = [
      ['q=', 'Type something to search for'],
      ['q=%20%20', 'Type something to search for'],
      [q('a'.repeat(101)), 'The search must be at most 100 characters'],
      [q('moon', '&kind=messages'), 'Choose one of the kinds of results'],
      [q('moon', '&since=decade'), 'Choose any time, the past week, month or year'],
      [q('moon', '&kind=post&cursor=-1'), 'The page cursor is not valid'],
      [q('moon', '&kind=post&cursor=5000'), 'The page cursor is not valid'],
    ];
    for (const [query, message] of cases) {
      const response = await t.api(ana, 'GET', `/api/search?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
    // Query syntax is data, never SQL: quotes, operators and tsquery characters are just text.
    for (const text of ["'); drop table posts; --", 'a & b | !c', 'moon:* <-> (sun', '"unclosed', '-', 'or']) {
      expect((await t.api(ana, 'GET', `/api/search?${q(text)}`)).statusCode, text).toBe(200);
    }
    // Only excluded words would match nearly everything, by reading whole tables: they find nothing.
    await t.api(ana, 'POST', '/api/posts', { title: 'Moonrise', content: 'A post without the other word' });
    for (const text of ['-zzzexcluded', '-zzzexcluded -yyyexcluded']) {
      const response = (await t.api(ana, 'GET', `/api/search?${q(text)}&kind=post`)).json() as SearchResponse;
      expect(
        response.groups.flatMap((g) => g.items),
        text,
      ).toEqual([]);
    }
  });
});

describe('community search: what it finds', () => {
  it('finds posts, comments, topics and replies, highlighted, best group first', async () => {
    const ana = await member();
    const word = uniqueWord();
    const postId = await post(ana, `Evening ${word} ritual`, 'Candles and water');
    const commentId = await comment(ana, postId, `My ${word} is a candle`);
    const topicId = await topic(ana, `A ${word} question`, 'How do you begin?');
    const reply = await t.api(ana, 'POST', `/api/forums/topics/${topicId}/replies`, { content: `Try ${word} slowly` });
    expect(reply.statusCode).toBe(200);

    const result = await search(ana, q(word));
    expect(idsOf(result, 'post')).toEqual([postId]);
    expect(idsOf(result, 'comment')).toEqual([commentId]);
    expect(idsOf(result, 'topic')).toEqual([topicId]);
    expect(idsOf(result, 'reply')).toEqual([reply.json().id]);
    const found = group(result, 'post')?.items[0];
    expect(found?.title).toBe(`Evening ${MARK_START}${word}${MARK_END} ritual`);
    expect(found?.author?.id).toBe(ana.id);
    expect(group(result, 'comment')?.items[0]?.parentId).toBe(postId);
    expect(group(result, 'comment')?.items[0]?.snippet).toContain(`${MARK_START}${word}${MARK_END}`);
    expect(group(result, 'reply')?.items[0]?.parentId).toBe(topicId);
  });

  it('ranks a title match above a body match and pages one kind', async () => {
    const ana = await member();
    const word = uniqueWord();
    const inBody = await post(ana, 'Something else', `Somewhere inside: ${word}.`);
    const inTitle = await post(ana, `All about ${word}`, `Yes, ${word}, ${word}.`);
    const result = await search(ana, q(word, '&kind=post'));
    expect(idsOf(result, 'post')).toEqual([inTitle, inBody]);

    for (let i = 0; i < 11; i++) await post(ana, `Batch ${i}`, `Filler ${word}`);
    const grouped = await search(ana, q(word));
    expect(group(grouped, 'post')?.items).toHaveLength(3);
    expect(group(grouped, 'post')?.hasMore).toBe(true);
    const first = await search(ana, q(word, '&kind=post'));
    expect(first.groups).toHaveLength(1);
    expect(first.groups[0]?.items).toHaveLength(10);
    expect(first.nextCursor).toBe('10');
    const second = await search(ana, q(word, '&kind=post&cursor=10'));
    expect(second.groups[0]?.items).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
    const all = [...(first.groups[0]?.items ?? []), ...(second.groups[0]?.items ?? [])].map((i) => i.id);
    expect(new Set(all).size).toBe(13);
  });

  it('matches the last word as a prefix while she types, and ignores accents both ways', async () => {
    const ana = await member();
    const word = uniqueWord();
    const meditation = await post(ana, `${word} meditation`, 'Breathe');
    const resume = await post(ana, `${word} résumé tips`, 'Write it down');
    const plain = await post(ana, `${word} naive cafe`, 'Plain letters');
    expect(idsOf(await search(ana, q(`${word} medit`)), 'post')).toEqual([meditation]);
    expect(idsOf(await search(ana, q(`${word} resume`)), 'post')).toEqual([resume]);
    expect(idsOf(await search(ana, q(`${word} RÉSUMÉ`)), 'post')).toEqual([resume]);
    expect(idsOf(await search(ana, q(`${word} naïve café`)), 'post')).toEqual([plain]);
    expect(idsOf(await search(ana, q(`${word} meditat`)), 'post')).toEqual([meditation]);
    // Only the last word is a prefix: "medit" in the middle must match whole.
    expect(idsOf(await search(ana, q(`medit ${word}`)), 'post')).toEqual([]);
    // Highlighting marks the word as written.
    const marked = group(await search(ana, q(`${word} resume`)), 'post')?.items[0]?.title;
    expect(marked).toContain(`${MARK_START}résumé${MARK_END}`);
  });

  it('finds members by any part of their name', async () => {
    const word = uniqueWord();
    const ana = await member();
    const bea = await member(`Beatrice ${word}son`);
    const result = await search(ana, q(word.slice(2, 8)));
    expect(idsOf(result, 'member')).toContain(bea.id);
    const title = group(result, 'member')?.items.find((i) => i.id === bea.id)?.title;
    expect(title).toBe(`Beatrice ${word.slice(0, 2)}${MARK_START}${word.slice(2, 8)}${MARK_END}${word.slice(8)}son`);
    // LIKE wildcards are characters.
    expect(idsOf(await search(ana, q('%')), 'member')).not.toContain(bea.id);
  });

  it('filters by date', async () => {
    const ana = await member();
    const word = uniqueWord();
    const recent = await post(ana, `${word} today`);
    const old = await post(ana, `${word} long ago`);
    await t.database.db.update(posts).set({ createdAt: sql`now() - interval '40 days'` }).where(eq(posts.id, old));
    expect(idsOf(await search(ana, q(word, '&kind=post')), 'post').sort()).toEqual([recent, old].sort());
    expect(idsOf(await search(ana, q(word, '&kind=post&since=year')), 'post').sort()).toEqual([recent, old].sort());
    expect(idsOf(await search(ana, q(word, '&kind=post&since=month')), 'post')).toEqual([recent]);
    expect(idsOf(await search(ana, q(word, '&kind=post&since=week')), 'post')).toEqual([recent]);
  });
});

describe('community search: only what she may see', () => {
  it('never shows members blocked either way, nor their posts, comments or comments under their posts', async () => {
    const word = uniqueWord();
    const ana = await member();
    const bea = await member(`Bea ${word}`);
    const cleo = await member(`Cleo ${word}`);
    const beaPost = await post(bea, `${word} from Bea`);
    const cleoComment = await comment(cleo, beaPost, `${word} under Bea's post`);
    const cleoPost = await post(cleo, `${word} from Cleo`);
    expect((await t.api(ana, 'PUT', `/api/blocks/${bea.id}`)).statusCode).toBeLessThan(300);

    const seenByAna = await search(ana, q(word));
    expect(idsOf(seenByAna, 'post')).toEqual([cleoPost]);
    expect(idsOf(seenByAna, 'comment')).not.toContain(cleoComment);
    expect(idsOf(seenByAna, 'member')).toEqual([cleo.id]);
    // The other way: Bea no longer finds Ana either.
    const anaPost = await post(ana, `${word} from Ana`);
    const seenByBea = await search(bea, q(word, '&kind=post'));
    expect(idsOf(seenByBea, 'post')).not.toContain(anaPost);
    expect(idsOf(seenByBea, 'post')).toContain(cleoPost);
    // Cleo sees everyone.
    expect(idsOf(await search(cleo, q(word, '&kind=post')), 'post').sort()).toEqual(
      [beaPost, cleoPost, anaPost].sort(),
    );
  });

  it('hides what moderation hid from everyone but its author', async () => {
    const word = uniqueWord();
    const ana = await member();
    const bea = await member();
    const hiddenPost = await post(bea, `${word} hidden post`);
    const visiblePost = await post(bea, `${word} visible post`);
    const underHidden = await comment(ana, hiddenPost, `${word} under a hidden post`);
    const hiddenComment = await comment(ana, visiblePost, `${word} hidden comment`);
    await t.database.db.update(posts).set({ hiddenAt: new Date() }).where(eq(posts.id, hiddenPost));
    await t.database.db.update(postComments).set({ hiddenAt: new Date() }).where(eq(postComments.id, hiddenComment));

    const seenByAna = await search(ana, q(word));
    expect(idsOf(seenByAna, 'post')).toEqual([visiblePost]);
    expect(idsOf(seenByAna, 'comment')).toEqual([hiddenComment]);
    expect(idsOf(seenByAna, 'comment')).not.toContain(underHidden);
    const seenByBea = await search(bea, q(word));
    expect(idsOf(seenByBea, 'post').sort()).toEqual([hiddenPost, visiblePost].sort());
    // Ana's comment under Bea's own hidden post: Bea still sees her post, so the comment too.
    expect(idsOf(seenByBea, 'comment')).toEqual([underHidden]);
    const staff = await t.signUpSubscriber('moderator');
    expect(idsOf(await search(staff, q(word)), 'post')).toEqual([visiblePost]);
  });

  it('finds published courses and their lessons, never drafts or archived ones', async () => {
    const word = uniqueWord();
    const ana = await member();
    const db = t.database.db;
    const makeCourse = async (title: string, state: 'published' | 'draft' | 'archived') => {
      const [course] = await db
        .insert(courses)
        .values({
          title,
          summary: 'Summary',
          description: 'Description',
          orderIndex: 100 + n++,
          isPublished: state === 'published',
          archivedAt: state === 'archived' ? new Date() : null,
        })
        .returning({ id: courses.id });
      const [module] = await db
        .insert(courseModules)
        .values({ courseId: course?.id ?? 0, title: 'Module', position: 1 })
        .returning({ id: courseModules.id });
      await db.insert(lessons).values({
        id: `${course?.id}-1`,
        courseId: course?.id ?? 0,
        moduleId: module?.id ?? '',
        position: 1,
        title: `${title} lesson`,
        description: 'A lesson',
        bodyMarkdown: `The paid answer ${title.split(' ')[0]}secret`,
        durationMinutes: 10,
      });
      return String(course?.id);
    };
    const published = await makeCourse(`${word} published`, 'published');
    await makeCourse(`${word} draft`, 'draft');
    await makeCourse(`${word} archived`, 'archived');
    const result = await search(ana, q(word));
    expect(idsOf(result, 'course')).toEqual([published]);
    expect(idsOf(result, 'lesson')).toEqual([`${published}-1`]);
    expect(group(result, 'lesson')?.items[0]?.parentId).toBe(published);
    // A lesson's body opens only to whom its rules allow (drip days, order): search never reads it.
    const body = await search(ana, q(`${word}secret`));
    expect(idsOf(body, 'lesson')).toEqual([]);
    expect(JSON.stringify(body)).not.toContain('paid answer');
  });

  it('shows circles and events as their pages do: active circles, events not cancelled', async () => {
    const word = uniqueWord();
    const ana = await member();
    const db = t.database.db;
    const circle = async (name: string, isActive: boolean) => {
      const [row] = await db
        .insert(circles)
        .values({ name, description: 'A circle', type: 'private', focusArea: 'Testing', maxMembers: 5, isActive })
        .returning({ id: circles.id });
      return row?.id ?? '';
    };
    const active = await circle(`${word} active`, true);
    const closed = await circle(`${word} closed`, false);
    const event = async (circleId: string, title: string, isCancelled: boolean) => {
      const [row] = await db
        .insert(circleEvents)
        .values({
          circleId,
          title,
          description: 'Gather',
          eventDate: new Date(Date.now() + 86_400_000),
          durationMinutes: 60,
          isCancelled,
        })
        .returning({ id: circleEvents.id });
      return row?.id ?? '';
    };
    const live = await event(active, `${word} gathering`, false);
    await event(active, `${word} cancelled`, true);
    await event(closed, `${word} in a closed circle`, false);
    const result = await search(ana, q(word));
    expect(idsOf(result, 'circle')).toEqual([active]);
    expect(idsOf(result, 'event')).toEqual([live]);
  });

  it("finds a circle's posts, their comments and its circle-only events for its members and staff only", async () => {
    const word = uniqueWord();
    const db = t.database.db;
    const [inside, outsider, former, moderator] = await Promise.all([
      member(),
      member(),
      member(),
      t.signUpSubscriber('moderator'),
    ]);
    const [circle] = await db
      .insert(circles)
      .values({ name: 'Search circle', description: 'Inside', type: 'open', focusArea: 'Testing', maxMembers: 5 })
      .returning({ id: circles.id });
    const circleId = circle?.id ?? '';
    for (const who of [inside, former]) {
      await db.insert(circleMemberships).values({ circleId, userId: who.id, status: 'approved' });
    }
    const [circlePost] = await db
      .insert(posts)
      .values({ userId: inside.id, title: `${word} in the circle`, content: 'Only for us', circleId })
      .returning({ id: posts.id });
    const [mainPost] = await db
      .insert(posts)
      .values({ userId: inside.id, title: `${word} for everyone`, content: 'The main feed' })
      .returning({ id: posts.id });
    const [circleComment] = await db
      .insert(postComments)
      .values({ postId: circlePost?.id ?? '', userId: inside.id, content: `A ${word} comment inside` })
      .returning({ id: postComments.id });
    const event = async (title: string, visibility: 'circle' | 'community') => {
      const [row] = await db
        .insert(circleEvents)
        .values({
          circleId,
          title,
          description: 'Gather',
          eventDate: new Date(Date.now() + 86_400_000),
          durationMinutes: 60,
          visibility,
        })
        .returning({ id: circleEvents.id });
      return row?.id ?? '';
    };
    const circleOnly = await event(`${word} circle gathering`, 'circle');
    const sacred = await event(`${word} sacred gathering`, 'community');
    await db
      .delete(circleMemberships)
      .where(and(eq(circleMemberships.circleId, circleId), eq(circleMemberships.userId, former.id)));

    for (const who of [inside, moderator]) {
      const result = await search(who, q(word));
      expect(idsOf(result, 'post').sort()).toEqual([circlePost?.id, mainPost?.id].sort());
      expect(idsOf(result, 'comment')).toEqual([circleComment?.id]);
      expect(idsOf(result, 'event').sort()).toEqual([circleOnly, sacred].sort());
    }
    for (const who of [outsider, former]) {
      const result = await search(who, q(word));
      expect(idsOf(result, 'post')).toEqual([mainPost?.id]);
      expect(idsOf(result, 'comment')).toEqual([]);
      expect(idsOf(result, 'event')).toEqual([sacred]);
      // Paging one kind leaks nothing either, nor do the words of what she cannot see.
      const postPage = await search(who, q(word, '&kind=post'));
      expect(idsOf(postPage, 'post')).toEqual([mainPost?.id]);
      expect(JSON.stringify(result)).not.toContain('Only for us');
      expect(JSON.stringify(result)).not.toContain('circle gathering');
    }
  });

  it('never lists former members or accounts without a membership as members, and never messages', async () => {
    const word = uniqueWord();
    const ana = await member();
    const gone = await member(`Gone ${word}`);
    await t.database.db.insert(formerMembers).values({ userId: gone.id });
    const visitor = await t.signUp();
    await t.database.db
      .update(profiles)
      .set({ displayName: `Visitor ${word}` })
      .where(eq(profiles.id, visitor.id));
    const bea = await member(`Bea ${word}`);
    const conversation = await t.api(ana, 'POST', '/api/conversations', { userId: bea.id });
    expect(conversation.statusCode).toBeLessThan(300);
    const sent = await t.api(ana, 'POST', `/api/conversations/${conversation.json().conversation.id}/messages`, {
      content: `secret ${word}`,
    });
    expect(sent.statusCode).toBeLessThan(300);

    const result = await search(bea, q(word));
    // Only herself: not the former member, not the visitor, and nothing from the message.
    expect(idsOf(result, 'member')).toEqual([bea.id]);
    expect(result.groups.map((g) => g.kind)).toEqual(['member']);
    expect(idsOf(await search(ana, q(word)), 'member')).toEqual([bea.id]);
  });
});
