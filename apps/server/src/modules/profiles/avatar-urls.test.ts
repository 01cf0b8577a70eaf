import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { profiles } from '../../db/schema/members.ts';

/**
 * Avatars stored before only uploads were accepted may point anywhere. A browser that shows one calls that
 * host, which learns the member's address and what she was looking at, so no endpoint may hand them out:
 * every GET route of the API is read, as the member and as an admin, and none may carry the tracker.
 */
const TRACKER = 'tracker.example';

let t: TestApp;
let admin: TestMember;
let sister: TestMember;
let uploader: TestMember;
const params: Record<string, string> = { courseId: '1', kind: 'posts' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.signUpSubscriber('admin');
  sister = await t.signUpSubscriber();
  uploader = await t.signUpSubscriber();
  await t.database.db
    .update(profiles)
    .set({ displayName: 'Tracked Sister', avatarUrl: `https://${TRACKER}/pixel.png?who=sister` })
    .where(eq(profiles.id, sister.id));
  await t.database.db
    .update(profiles)
    .set({ displayName: 'Uploading Sister', avatarUrl: '/media/avatars/uploader.webp' })
    .where(eq(profiles.id, uploader.id));

  // The sister appears everywhere members are listed: feed (two pages), comments, forums, leaderboard,
  // messages, circle requests and attendees; the uploader beside her.
  let post: { id: string } | undefined;
  for (let i = 0; i < 21; i++)
    post = (await t.api(sister, 'POST', '/api/posts', { title: `Post ${i}`, content: 'Hi' })).json();
  await t.api(uploader, 'POST', '/api/posts', { title: 'Mine', content: 'Hello' });
  await t.api(sister, 'POST', `/api/posts/${post?.id}/comments`, { content: 'A comment' });
  const categoryId = (await t.api(admin, 'GET', '/api/forums/categories')).json().categories[0].id;
  const topic = (
    await t.api(sister, 'POST', `/api/forums/categories/${categoryId}/topics`, { title: 'T', content: 'C' })
  ).json();
  await t.api(sister, 'POST', `/api/forums/topics/${topic.id}/replies`, { content: 'A reply' });
  const circle = (
    await t.api(admin, 'POST', '/api/admin/circles', {
      name: 'Open circle',
      description: 'For all',
      type: 'open',
      focusArea: 'Moon',
      maxMembers: 20,
    })
  ).json();
  await t.api(sister, 'POST', `/api/circles/${circle.id}/join`);
  const event = (
    await t.api(admin, 'POST', '/api/admin/events', {
      circleId: circle.id,
      title: 'Full moon',
      description: 'Together',
      eventDate: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      durationMinutes: 60,
      isVirtual: true,
      meetingLink: 'https://meet.example/moon',
    })
  ).json();
  await t.api(sister, 'PUT', `/api/events/${event.id}/rsvp`, { status: 'going' });
  const conversation = (await t.api(sister, 'POST', '/api/conversations', { userId: admin.id })).json().conversation;
  await t.api(sister, 'POST', `/api/conversations/${conversation.id}/messages`, { content: 'Hello' });
  const feedPage = (await t.api(admin, 'GET', '/api/posts')).json();
  Object.assign(params, {
    userId: sister.id,
    postId: post?.id,
    categoryId,
    topicId: topic.id,
    circleId: circle.id,
    eventId: event.id,
    conversationId: conversation.id,
    cursor: feedPage.nextCursor,
  });
  for (const [name, value] of Object.entries(params)) if (!value) throw new Error(`No fixture for ${name}`);
}, 120_000);
afterAll(async () => t?.close());

describe('avatars stored with an outside address', () => {
  it('are sent by no GET route of the API, to the member herself or to anyone else', async () => {
    const document = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const urls = Object.entries(document.paths)
      .filter(([path, methods]) => 'get' in methods && !path.includes('realtime'))
      .map(([path]) => path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? name))
      .flatMap((url) => (url === '/api/posts' ? [url, `${url}?cursor=${params.cursor}`] : [url]))
      .flatMap((url) =>
        url === '/api/leaderboard' ? ['week', 'month', 'all'].map((p) => `${url}?period=${p}`) : [url],
      )
      .concat(['/api/members/search?q=Sister']);
    expect(urls.length).toBeGreaterThan(25);
    const leaks: string[] = [];
    const served: string[] = [];
    for (const viewer of [sister, admin]) {
      for (const url of urls) {
        const response = await t.request({ method: 'GET', url, cookie: viewer.cookie });
        expect(response.statusCode, url).toBeLessThan(500);
        if (response.body.includes(TRACKER)) leaks.push(url);
        if (response.body.includes('/media/avatars/uploader.webp')) served.push(url);
      }
    }
    expect(leaks).toEqual([]);
    // Not vacuous: the same routes do carry avatars, and the member's own upload is sent.
    expect(served).toEqual(
      expect.arrayContaining(['/api/posts', '/api/leaderboard?period=all', '/api/members/search?q=Sister']),
    );
    const own = (await t.api(sister, 'GET', '/api/me')).json();
    expect(own.user.profile.avatarUrl).toBeNull();
    const listed = (await t.api(admin, 'GET', '/api/members/search?q=Tracked')).json();
    expect(listed.members).toEqual([expect.objectContaining({ id: sister.id, avatarUrl: null })]);
  });
});
