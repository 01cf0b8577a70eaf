import { FEED_PAGE_SIZE, type PostPage } from '@lunara/shared/feed';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { directRead } from '../../db/direct-read.ts';
import { builderLimit, literalLimit } from '../../db/literal-limit.ts';
import { circles } from '../../db/schema/circles.ts';
import { posts } from '../../db/schema/community.ts';
import { profiles } from '../../db/schema/members.ts';
import {
  afterPinnedCursor,
  decodeCursor,
  encodeCursor,
  PINNED_CURSOR,
  pinnedCursorValues,
  timestampFromMicros,
} from '../../lib/cursor.ts';
import { requireCircleInside } from '../circles/circle-access.ts';
import {
  type Actor,
  feedOrder,
  listPostsByIds,
  type PostRow,
  postColumns,
  toPostPage,
  withImages,
} from './post-service.ts';

/*
 * A circle's feed and "From your circles" (issue 34). Both read posts_circle_feed_idx (circle, pinned,
 * time, id; circle posts only). Who may read a circle's posts is circle-access.ts's rule, read on every
 * request: leaving a circle ends access at the next one.
 */

const circleFeedPage = (db: Db) =>
  db
    .select(postColumns(sql.placeholder('viewer')))
    .from(posts)
    .leftJoin(profiles, eq(profiles.id, posts.userId))
    .leftJoin(circles, eq(circles.id, posts.circleId))
    .orderBy(...feedOrder)
    .limit(builderLimit(FEED_PAGE_SIZE + 1))
    .$dynamic();
const inCircle = eq(posts.circleId, sql.placeholder('circle'));
// As the main feed: what reports hide is left out for everyone (its author and staff open it on its page).
const circleFirstPage = directRead((db) => circleFeedPage(db).where(and(inCircle, isNull(posts.hiddenAt))));
const circlePageAfter = directRead((db) =>
  circleFeedPage(db).where(
    and(inCircle, isNull(posts.hiddenAt), afterPinnedCursor(posts.isPinned, posts.createdAt, posts.id)),
  ),
);

/**
 * One circle's feed, as the main feed is: pinned first, then newest, keyset-paged on (is_pinned,
 * created_at, id). Its members and staff only: anyone else gets 403 (404 for a circle she cannot know).
 */
export async function listCirclePosts(db: Db, viewer: Actor, circleId: string, cursor?: string): Promise<PostPage> {
  // Checked before the cursor: an outsider learns nothing more from a forged one.
  await requireCircleInside(db, viewer, circleId);
  const values = { viewer: viewer.id, circle: circleId };
  const rows = cursor
    ? await circlePageAfter(db, { ...values, ...pinnedCursorValues(decodeCursor(cursor, PINNED_CURSOR)) })
    : await circleFirstPage(db, values);
  return toPostPage(await withImages(db, rows as PostRow[]));
}

/**
 * "From your circles": the posts of every circle she is an approved member of (active circles), newest
 * first (pinned ones take their place by time here), keyset-paged on (created_at, id). Each circle is
 * read as two ranges of the circle feed's index (pinned and not), at most a page each, and merged: the
 * work is bounded by her circles, not by how much they wrote. Staff see only the circles they are in
 * (a circle's own page shows staff the rest).
 */
export async function listFromMyCircles(db: Db, viewer: Actor, cursor?: string): Promise<PostPage> {
  const after = cursor ? decodeCursor(cursor, ['micros', 'uuid']) : undefined;
  const afterCursor = after
    ? sql`and (p.created_at, p.id) < (${timestampFromMicros(String(after[0]))}, ${after[1]}::uuid)`
    : sql``;
  const picked = await queryRows<{ id: string; micros: string }>(
    db,
    sql`select newest.id, newest.micros from (
          select cm.circle_id from circle_memberships cm
          join circles c on c.id = cm.circle_id and c.is_active
          where cm.user_id = ${viewer.id} and cm.status = 'approved'
        ) mine
        cross join (values (true), (false)) as pin(is_pinned)
        cross join lateral (
          select p.id, p.created_at, (extract(epoch from p.created_at) * 1000000)::bigint::text as micros
          from posts p
          where p.circle_id = mine.circle_id and p.is_pinned = pin.is_pinned and p.hidden_at is null
            ${afterCursor}
          order by p.created_at desc, p.id desc
          limit ${literalLimit(FEED_PAGE_SIZE + 1)}
        ) newest
        order by newest.created_at desc, newest.id desc
        limit ${literalLimit(FEED_PAGE_SIZE + 1)}`,
  );
  const page = picked.slice(0, FEED_PAGE_SIZE);
  const found = new Map(
    (
      await listPostsByIds(
        db,
        viewer,
        page.map((row) => row.id),
      )
    ).map((post) => [post.id, post]),
  );
  const last = page.at(-1);
  return {
    // Deleted between the two reads: left out, the cursor still moves past it.
    items: page.flatMap((row) => {
      const post = found.get(row.id);
      return post ? [post] : [];
    }),
    nextCursor: picked.length > FEED_PAGE_SIZE && last ? encodeCursor([last.micros, last.id]) : null,
  };
}
