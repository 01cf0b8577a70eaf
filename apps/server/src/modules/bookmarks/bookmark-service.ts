import {
  BOOKMARK_LIMIT_REACHED,
  BOOKMARKS_PAGE_SIZE,
  type BookmarkKind,
  MAX_BOOKMARKS,
  type SavedItem,
  type SavedPage,
} from '@lunara/shared/bookmarks';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { isoTime } from '../../db/direct-read.ts';
import { literalLimit } from '../../db/literal-limit.ts';
import { conflict, notFound } from '../../errors.ts';
import { decodeCursor, encodeCursor, timestampFromMicros } from '../../lib/cursor.ts';
import { type BlockView, isBlockedEitherWay, maskLastReplier } from '../blocks/block-service.ts';
import { circleContentVisible } from '../circles/circle-access.ts';
import { type Actor, listPostsByIds } from '../feed/post-service.ts';
import { inOpenCategory } from '../forums/open-category.ts';
import { listTopicsByIds } from '../forums/topic-service.ts';

const GONE: Record<BookmarkKind, string> = {
  post: 'This post no longer exists',
  topic: 'This topic no longer exists',
};
const ITEM_TABLE: Record<BookmarkKind, SQL> = { post: sql.raw('posts'), topic: sql.raw('forum_topics') };
const ITEM_COLUMN: Record<BookmarkKind, SQL> = { post: sql.raw('post_id'), topic: sql.raw('topic_id') };

/** Whether she saved this post or topic (the topic page asks; posts carry `savedByMe`). */
export async function isSaved(db: Db, memberId: string, kind: BookmarkKind, itemId: string): Promise<boolean> {
  const [row] = await queryRows<{ saved: boolean }>(
    db,
    sql`select exists (select 1 from bookmarks where user_id = ${memberId} and ${ITEM_COLUMN[kind]} = ${itemId}) as saved`,
  );
  return Boolean(row?.saved);
}

/**
 * Saves or forgets a post or topic. Saving one she may not open (hidden by reports, either of them
 * blocked the other, or a circle's post she is not in) answers as if it were gone; forgetting stays
 * open. Her profile row is locked so two saves at once count against MAX_BOOKMARKS one at a time.
 */
export async function setBookmark(
  db: Db,
  member: Actor,
  kind: BookmarkKind,
  itemId: string,
  isOn: boolean,
): Promise<{ saved: boolean }> {
  const memberId = member.id;
  if (!isOn) {
    await db.execute(sql`delete from bookmarks where user_id = ${memberId} and ${ITEM_COLUMN[kind]} = ${itemId}`);
    return { saved: false };
  }
  await db.transaction(async (tx) => {
    const [item] = await queryRows<{ user_id: string; hidden: boolean }>(
      tx,
      sql`select user_id, hidden_at is not null as hidden from ${ITEM_TABLE[kind]} where id = ${itemId}
          ${kind === 'topic' ? sql`and ${inOpenCategory(sql.raw('category_id'))}` : sql``}
          ${kind === 'post' ? sql`and ${circleContentVisible(member, sql.raw('posts.circle_id'))}` : sql``}
          for key share`,
    );
    if (!item || (item.hidden && item.user_id !== memberId)) throw notFound(GONE[kind]);
    if (await isBlockedEitherWay(tx, memberId, item.user_id)) throw notFound(GONE[kind]);
    await queryRows(tx, sql`select id from profiles where id = ${memberId} for update`);
    if (await isSaved(tx, memberId, kind, itemId)) return;
    const [counted] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from (select 1 from bookmarks where user_id = ${memberId}
          limit ${literalLimit(MAX_BOOKMARKS)}) mine`,
    );
    if (Number(counted?.n ?? 0) >= MAX_BOOKMARKS) throw conflict(BOOKMARK_LIMIT_REACHED);
    await tx.execute(sql`insert into bookmarks (user_id, kind, ${ITEM_COLUMN[kind]}) values (${memberId}, ${kind}, ${itemId})
      on conflict do nothing`);
  });
  return { saved: true };
}

interface SavedRow {
  id: string;
  kind: BookmarkKind;
  post_id: string | null;
  topic_id: string | null;
  saved_at: string;
  micros: string;
}

/**
 * Her saved posts and topics, newest saved first, keyset-paged on (created_at, id). What she may no
 * longer open (hidden by reports unless hers, by a member either side of a block with her, or a
 * circle's post once she has left the circle) is left out in the statement, so a page is never emptied
 * by it; deleted items took their rows with them.
 */
export async function listSaved(db: Db, viewer: Actor, blocks: BlockView, cursor?: string): Promise<SavedPage> {
  const viewerId = viewer.id;
  const after = cursor ? decodeCursor(cursor, ['micros', 'uuid']) : undefined;
  const hidden = [...blocks.blockedByMe, ...blocks.blockedMe];
  const notHidden = (alias: SQL) =>
    sql`(${alias}.hidden_at is null or ${alias}.user_id = ${viewerId})${
      hidden.length > 0 ? sql` and not (${alias}.user_id = any(${sql.param(hidden)}::text[]))` : sql``
    }`;
  const rows = await queryRows<SavedRow>(
    db,
    sql`select b.id, b.kind, b.post_id, b.topic_id, ${isoTime(sql.raw('b.created_at'))} as saved_at,
          (extract(epoch from b.created_at) * 1000000)::bigint::text as micros
        from bookmarks b
        left join posts p on p.id = b.post_id
        left join forum_topics t on t.id = b.topic_id
        where b.user_id = ${viewerId}
          and ((b.kind = 'post' and ${notHidden(sql.raw('p'))} and ${circleContentVisible(viewer, sql.raw('p.circle_id'))}) or (b.kind = 'topic' and ${notHidden(sql.raw('t'))} and ${inOpenCategory(sql.raw('t.category_id'))}))
          ${after ? sql`and (b.created_at, b.id) < (${timestampFromMicros(String(after[0]))}, ${after[1]}::uuid)` : sql``}
        order by b.created_at desc, b.id desc
        limit ${literalLimit(BOOKMARKS_PAGE_SIZE + 1)}`,
  );
  const page = rows.slice(0, BOOKMARKS_PAGE_SIZE);
  const [postList, topicList] = await Promise.all([
    listPostsByIds(
      db,
      viewer,
      page.flatMap((row) => (row.post_id ? [row.post_id] : [])),
    ),
    listTopicsByIds(
      db,
      page.flatMap((row) => (row.topic_id ? [row.topic_id] : [])),
    ),
  ]);
  // As the topic list does: a member either side of a block is not named as the last to reply.
  const topics = new Map(topicList.map((topic) => [topic.id, maskLastReplier(topic, blocks)]));
  const postsById = new Map(postList.map((post) => [post.id, post]));
  const items: SavedItem[] = [];
  for (const row of page) {
    const post = row.post_id ? postsById.get(row.post_id) : undefined;
    const topic = row.topic_id ? topics.get(row.topic_id) : undefined;
    // Deleted between the two reads: left out, the cursor still moves past it.
    if (post) items.push({ kind: 'post', savedAt: row.saved_at, post });
    else if (topic) items.push({ kind: 'topic', savedAt: row.saved_at, topic });
  }
  const last = page.at(-1);
  return {
    items,
    nextCursor: rows.length > BOOKMARKS_PAGE_SIZE && last ? encodeCursor([last.micros, last.id]) : null,
  };
}
