import { createHash } from 'node:crypto';
import postgres from 'postgres';
import { encodeCursor } from '../../apps/server/src/lib/cursor.ts';

export interface Endpoint {
  name: string;
  /** Lists have the p99 and growth budgets. */
  list: boolean;
  /** The API must reach half the direct-SQL throughput on these. */
  floorBudget?: boolean;
  /** The request as member n (1-based; member 1 is the admin). */
  path(member: number): string;
  as: 'member' | 'admin' | 'visitor';
}

/** The uuid generate.sql derives from a kind and a row number. */
export function rowId(kind: string, n: number): string {
  const hex = createHash('md5').update(`${kind}${n}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20)}`;
}

/** The endpoints measured, with ids looked up in the generated data of one size. */
export async function benchEndpoints(url: string): Promise<Endpoint[]> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [counts] = await sql<[{ posts: number; members: number }]>`
      select (select count(*)::int from posts) as posts,
             (select count(*)::int from profiles where id like 'bench-%') as members`;
    const posts = counts?.posts ?? 0;
    if (!counts?.members) throw new Error(`no benchmark members in ${url}`);
    // A page in the middle of the feed: the cursor of the post halfway down.
    const [middle] = await sql<[{ is_pinned: boolean; micros: string; id: string }]>`
      select is_pinned, (extract(epoch from created_at) * 1000000)::bigint::text as micros, id
      from posts where id = ${rowId('post', Math.floor(posts / 2))}::uuid`;
    const deepCursor = middle ? encodeCursor([middle.is_pinned, middle.micros, middle.id]) : '';
    const [category] = await sql<[{ id: string }]>`select id from forum_categories order by order_index, id limit 1`;
    const commentedPost = rowId('post', Math.max(1, posts - 5));
    const endpoints: Endpoint[] = [
      { name: 'feed, first page', list: true, floorBudget: true, as: 'member', path: () => '/api/posts' },
      {
        name: 'feed, deep page',
        list: true,
        as: 'member',
        path: () => `/api/posts?cursor=${encodeURIComponent(deepCursor)}`,
      },
      { name: 'post comments', list: true, as: 'member', path: () => `/api/posts/${commentedPost}/comments` },
      { name: 'leaderboard, all time', list: true, as: 'member', path: () => '/api/leaderboard?period=all' },
      { name: 'leaderboard, this week', list: true, as: 'member', path: () => '/api/leaderboard?period=week' },
      { name: 'notifications', list: true, floorBudget: true, as: 'member', path: () => '/api/notifications' },
      { name: 'conversation list', list: true, as: 'member', path: () => '/api/conversations' },
      {
        name: 'conversation thread',
        list: true,
        as: 'member',
        // Member n is in conversation n-1 (generate.sql pairs member m with m+1 first).
        path: (n) => `/api/conversations/${rowId('conversation', n - 1)}/messages`,
      },
      {
        name: 'forum topic list',
        list: true,
        as: 'member',
        path: () => `/api/forums/categories/${category?.id}/topics`,
      },
      { name: 'course detail', list: false, as: 'member', path: () => '/api/courses/1' },
      { name: 'subscription status', list: false, as: 'member', path: () => '/api/billing/subscription' },
      { name: 'admin statistics', list: false, as: 'admin', path: () => '/api/admin/stats' },
      { name: 'landing page HTML', list: false, as: 'visitor', path: () => '/' },
    ];
    return endpoints;
  } finally {
    await sql.end();
  }
}

/** The members whose sessions the load uses for an endpoint (the admin alone for admin endpoints). */
export function membersFor(endpoint: Endpoint, pool: number): number[] {
  if (endpoint.as === 'admin') return [1];
  return Array.from({ length: pool - 1 }, (_, i) => i + 2);
}
