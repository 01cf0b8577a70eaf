import {
  REACTORS_PAGE_SIZE,
  type ReactionCounts,
  type ReactionKey,
  type ReactionState,
  type ReactorPage,
} from '@lunara/shared/reactions';
import { isModeratorRole } from '@lunara/shared/roles';
import { servedAvatarUrl } from '@lunara/shared/urls';
import { type AnyColumn, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { literalLimit } from '../../db/literal-limit.ts';
import { notFound } from '../../errors.ts';
import { decodeCursor, encodeCursor, timestampFromMicros } from '../../lib/cursor.ts';
import { type BlockView, hidesAuthor, isBlockedEitherWay } from '../blocks/block-service.ts';
import { circleContentVisible } from '../circles/circle-access.ts';
import type { Actor } from '../feed/post-service.ts';

export const POST_GONE = 'This post no longer exists';

/** The reactions the viewer gave a post, comma-separated (one text column reads alike through every driver). */
export const myReactionsColumn = (postId: AnyColumn | SQL, viewerId: string | Placeholder | SQL) =>
  sql<string | null>`(select string_agg(r.reaction, ',' order by r.reaction) from post_reactions r
    where r.post_id = ${postId} and r.user_id = ${viewerId})`;

/** Each post's counts, from `post_reaction_counts` (one primary-key range per post). */
export async function loadReactionCounts(db: Db, postIds: string[]): Promise<Map<string, ReactionCounts>> {
  const counts = new Map<string, ReactionCounts>();
  if (postIds.length === 0) return counts;
  const rows = await queryRows<{ post_id: string; reaction: ReactionKey; count: number }>(
    db,
    sql`select post_id, reaction, count from post_reaction_counts
        where post_id = any(${sql.param(postIds)}::uuid[]) and count > 0`,
  );
  for (const row of rows) {
    const mine = counts.get(row.post_id) ?? {};
    mine[row.reaction] = Number(row.count);
    counts.set(row.post_id, mine);
  }
  return counts;
}

/** Which reactions the viewer gave each of these posts (comma-separated, as `myReactionsColumn`). */
export async function loadMyReactions(db: Db, viewerId: string, postIds: string[]): Promise<Map<string, string>> {
  const rows = await queryRows<{ post_id: string; reactions: string }>(
    db,
    sql`select post_id, string_agg(reaction, ',' order by reaction) as reactions from post_reactions
        where user_id = ${viewerId} and post_id = any(${sql.param(postIds)}::uuid[]) group by post_id`,
  );
  return new Map(rows.map((row) => [row.post_id, row.reactions]));
}

async function reactionState(db: Db, memberId: string, postId: string): Promise<ReactionState> {
  const [counts, mine] = await Promise.all([loadReactionCounts(db, [postId]), loadMyReactions(db, memberId, [postId])]);
  const given = mine.get(postId);
  return {
    reactionCounts: counts.get(postId) ?? {},
    myReactions: (given ? given.split(',') : []) as ReactionKey[],
  };
}

/**
 * Gives or takes back one reaction. The row's primary key decides between double clicks, and the count
 * moves in the same transaction, so it always equals the rows. No points: the like keeps those. A post
 * she may not see (hidden by reports, either of them blocked the other, or a circle's she is not in)
 * answers as if it were gone; taking a reaction back from one still removes hers, and answers the same
 * 404, so neither tells her the post is there or what its counts are.
 */
export async function setPostReaction(
  db: Db,
  member: Actor,
  postId: string,
  reaction: ReactionKey,
  isOn: boolean,
): Promise<ReactionState> {
  const memberId = member.id;
  const isVisible = await db.transaction(async (tx) => {
    // A key-share lock: the post cannot be deleted under the new row, and reactions do not queue behind likes.
    const [post] = await queryRows<{ user_id: string; hidden: boolean; in_her_circles: boolean }>(
      tx,
      sql`select user_id, hidden_at is not null as hidden,
            ${circleContentVisible(member, sql.raw('posts.circle_id'))} as in_her_circles
          from posts where id = ${postId} for key share`,
    );
    if (!post) throw notFound(POST_GONE);
    const canSee =
      post.in_her_circles &&
      !(post.hidden && post.user_id !== memberId) &&
      !(await isBlockedEitherWay(tx, memberId, post.user_id));
    if (isOn) {
      if (!canSee) throw notFound(POST_GONE);
      const added = await queryRows(
        tx,
        sql`insert into post_reactions (post_id, user_id, reaction) values (${postId}, ${memberId}, ${reaction})
            on conflict do nothing returning post_id`,
      );
      if (added.length > 0) {
        await tx.execute(sql`insert into post_reaction_counts (post_id, reaction, count) values (${postId}, ${reaction}, 1)
          on conflict (post_id, reaction) do update set count = post_reaction_counts.count + 1`);
      }
    } else {
      const removed = await queryRows(
        tx,
        sql`delete from post_reactions where post_id = ${postId} and user_id = ${memberId} and reaction = ${reaction}
            returning post_id`,
      );
      if (removed.length > 0) {
        await tx.execute(sql`update post_reaction_counts set count = count - 1
          where post_id = ${postId} and reaction = ${reaction}`);
      }
    }
    return canSee;
  });
  if (!isVisible) throw notFound(POST_GONE);
  return reactionState(db, memberId, postId);
}

/**
 * Who gave one reaction, newest first, keyset-paged. The post must be one she may open; members either
 * side of a block with her are left out (in the statement, so pages stay full).
 */
export async function listReactors(
  db: Db,
  viewer: Actor,
  blocks: BlockView,
  postId: string,
  reaction: ReactionKey,
  cursor?: string,
): Promise<ReactorPage> {
  const [post] = await queryRows<{ user_id: string; hidden: boolean; in_her_circles: boolean }>(
    db,
    sql`select user_id, hidden_at is not null as hidden,
          ${circleContentVisible(viewer, sql.raw('posts.circle_id'))} as in_her_circles
        from posts where id = ${postId}`,
  );
  if (!post?.in_her_circles || hidesAuthor(blocks, post.user_id)) throw notFound(POST_GONE);
  if (post.hidden && post.user_id !== viewer.id && !isModeratorRole(viewer.role)) throw notFound(POST_GONE);
  const after = cursor ? decodeCursor(cursor, ['micros', 'memberId']) : undefined;
  const hidden = [...blocks.blockedByMe, ...blocks.blockedMe];
  const rows = await queryRows<{ id: string; name: string | null; avatar: string | null; micros: string }>(
    db,
    sql`select r.user_id as id, p.display_name as name, p.avatar_url as avatar,
          (extract(epoch from r.created_at) * 1000000)::bigint::text as micros
        from post_reactions r left join profiles p on p.id = r.user_id
        where r.post_id = ${postId} and r.reaction = ${reaction}
          ${hidden.length > 0 ? sql`and not (r.user_id = any(${sql.param(hidden)}::text[]))` : sql``}
          ${after ? sql`and (r.created_at, r.user_id) < (${timestampFromMicros(String(after[0]))}, ${after[1]})` : sql``}
        order by r.created_at desc, r.user_id desc
        limit ${literalLimit(REACTORS_PAGE_SIZE + 1)}`,
  );
  const page = rows.slice(0, REACTORS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      id: row.id,
      displayName: row.name ?? 'Sacred Sister',
      avatarUrl: servedAvatarUrl(row.avatar),
    })),
    nextCursor: rows.length > REACTORS_PAGE_SIZE && last ? encodeCursor([last.micros, last.id]) : null,
  };
}
