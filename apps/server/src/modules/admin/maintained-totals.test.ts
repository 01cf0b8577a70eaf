import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestMember } from '../../../test/test-app.ts';
import { queryRows } from '../../db/client.ts';
import { getLeaderboard } from '../leaderboard/leaderboard-service.ts';
import { foldCounterDeltas } from './maintained-totals.ts';

let t: TestApp;
let author: TestMember;
let reader: TestMember;
beforeAll(async () => {
  t = await createTestApp();
  author = await t.signUpSubscriber();
  reader = await t.signUpSubscriber();
});
afterAll(async () => t?.close());

/** Every maintained total next to the count(*) it stands for. */
async function totalsAndCounts() {
  const [row] = await queryRows<Record<string, number>>(
    t.database.db,
    sql`select
      lunara_counter('profiles')::int as profiles, (select count(*)::int from profiles) as profiles_count,
      lunara_counter('members_active')::int as active,
      (select count(*)::int from profiles where membership_status = 'active') as active_count,
      lunara_counter('posts')::int as posts, (select count(*)::int from posts) as posts_count,
      lunara_counter('post_comments')::int as comments, (select count(*)::int from post_comments) as comments_count,
      lunara_counter('forum_topics')::int as topics, (select count(*)::int from forum_topics) as topics_count,
      lunara_counter('notifications_unread')::int as unread,
      (select count(*)::int from notifications where not read) as unread_count`,
  );
  if (!row) throw new Error('no row');
  return row;
}

function expectExact(row: Record<string, number>) {
  for (const key of ['profiles', 'active', 'posts', 'comments', 'topics', 'unread']) {
    expect(row[key], key).toBe(row[`${key}_count`]);
  }
}

describe('maintained totals', () => {
  it('stay equal to count(*) through inserts, updates, deletes and folding', async () => {
    const created = await t.api(author, 'POST', '/api/posts', {
      title: 'Totals',
      content: 'Counting',
      category: 'general',
    });
    expect(created.statusCode).toBe(200);
    const postId = created.json().id as string;
    await t.api(reader, 'POST', `/api/posts/${postId}/comments`, { content: 'One' });
    await t.api(reader, 'POST', `/api/posts/${postId}/comments`, { content: 'Two' });
    await t.api(reader, 'POST', `/api/posts/${postId}/like`, {});
    const [category] = await queryRows<{ id: string }>(t.database.db, sql`select id from forum_categories limit 1`);
    const topic = await t.api(author, 'POST', `/api/forums/categories/${category?.id}/topics`, {
      title: 'T',
      content: 'C',
    });
    expect(topic.statusCode).toBe(200);
    expectExact(await totalsAndCounts());

    await t.api(author, 'POST', '/api/notifications/read-all', {});
    await t.api(author, 'DELETE', `/api/posts/${postId}`);
    const before = await totalsAndCounts();
    expectExact(before);
    expect(before.unread).toBe(before.unread_count);

    await Promise.all([foldCounterDeltas(t.database.db), foldCounterDeltas(t.database.db)]);
    const [pending] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from platform_counter_deltas`,
    );
    expect(pending?.n).toBe(0);
    expect(await totalsAndCounts()).toEqual(before);
  });

  it('count topics per category in the category list', async () => {
    const categories = await t.api(reader, 'GET', '/api/forums/categories');
    const [counts] = await queryRows<{ counts: Record<string, number> }>(
      t.database.db,
      sql`select coalesce(jsonb_object_agg(category_id, n), '{}') as counts
          from (select category_id, count(*)::int as n from forum_topics group by category_id) c`,
    );
    for (const category of categories.json().categories as Array<{ id: string; topicsCount: number }>) {
      expect(category.topicsCount).toBe(counts?.counts[category.id] ?? 0);
    }
  });

  it('keep each member’s week and month points equal to the ledger', async () => {
    const week = await getLeaderboard(t.database.db, 'week');
    const [sums] = await queryRows<{ sums: Record<string, number> }>(
      t.database.db,
      sql`select coalesce(jsonb_object_agg(user_id, points), '{}') as sums from (
            select user_id, sum(amount)::int as points from points_ledger
            where created_at >= date_trunc('week', now() at time zone 'UTC') at time zone 'UTC'
            group by user_id) s`,
    );
    expect(week.entries.length).toBeGreaterThan(0);
    for (const entry of week.entries) expect(entry.points).toBe(sums?.sums[entry.userId]);
  });
});
