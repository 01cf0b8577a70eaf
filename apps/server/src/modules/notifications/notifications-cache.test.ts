import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/server-process.ts';
import { createTestApp, type TestApp, type TestMember, withSecondProcess } from '../../../test/test-app.ts';
import { testDatabaseKind } from '../../../test/test-database.ts';
import { createNotification } from './notification-service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

interface Listed {
  unreadCount: number;
  notifications: { id: string; title: string; read: boolean }[];
}
const list = async (member: TestMember): Promise<Listed> => (await t.api(member, 'GET', '/api/notifications')).json();

const notify = (userId: string, title: string) =>
  createNotification(t.database.db, { userId, actorId: null, type: 'post_like', title, message: `${title}.` });

// The bell's list is kept in memory per member (decision 013); these say it is never the wrong one.
describe('a member’s cached notifications', () => {
  it('show her own reads at once', async () => {
    const member = await t.signUpSubscriber();
    await notify(member.id, 'First');
    await notify(member.id, 'Second');
    await waitFor(async () => (await list(member)).unreadCount === 2, 5_000, 'both notifications listed');
    const [newest] = (await list(member)).notifications;
    expect((await t.api(member, 'POST', `/api/notifications/${newest?.id}/read`)).statusCode).toBe(200);
    // No waiting: the answer to her next request already knows.
    const after = await list(member);
    expect(after.unreadCount).toBe(1);
    expect(after.notifications.find((item) => item.id === newest?.id)?.read).toBe(true);
    expect((await t.api(member, 'POST', '/api/notifications/read-all')).statusCode).toBe(200);
    expect((await list(member)).unreadCount).toBe(0);
  });

  it('gain what another member’s action sends her, and only hers', async () => {
    const author = await t.signUpSubscriber();
    const fan = await t.signUpSubscriber();
    const bystander = await t.signUpSubscriber();
    const post = (
      await t.api(author, 'POST', '/api/posts', { title: 'Full moon', content: 'A full moon tonight' })
    ).json();
    expect(await list(author)).toEqual({ unreadCount: 0, notifications: [] });
    expect((await list(bystander)).unreadCount).toBe(0);
    expect((await t.api(fan, 'PUT', `/api/posts/${post.id}/like`)).statusCode).toBe(200);
    await waitFor(async () => (await list(author)).unreadCount === 1, 5_000, 'the like to reach her bell');
    expect((await list(author)).notifications[0]?.title).toMatch(/like/i);
    expect((await list(bystander)).unreadCount).toBe(0);
  });

  it.runIf(testDatabaseKind === 'postgres')(
    'cost no notifications query once cached, and hear changes made by another process',
    () =>
      withSecondProcess(t, async ({ app: other, statements }) => {
        const member = await t.signUpSubscriber();
        await notify(member.id, 'Welcome');
        const read = async (): Promise<Listed> =>
          (await other.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: member.cookie } })).json();
        const notificationQueries = () => statements.filter((query) => /"notifications"/.test(query));
        await waitFor(
          async () => {
            statements.length = 0;
            return (await read()).unreadCount === 1 && notificationQueries().length === 0;
          },
          5_000,
          'an answer from the cached list',
        );

        // Written through the first process: the second hears it from the database and reads again.
        await notify(member.id, 'Second');
        await waitFor(async () => (await read()).unreadCount === 2, 5_000, 'the new notification to arrive');
        const [newest] = (await read()).notifications;
        expect((await t.api(member, 'POST', `/api/notifications/${newest?.id}/read`)).statusCode).toBe(200);
        await waitFor(async () => (await read()).unreadCount === 1, 5_000, 'the read to arrive');
      }),
  );
});
