import {
  BLOCK_LIMIT_REACHED,
  BLOCKED_PAGE_SIZE,
  type BlockedMemberPage,
  MAX_BLOCKS,
  NO_SELF_BLOCK,
} from '@lunara/shared/blocks';
import { servedAvatarUrl } from '@lunara/shared/urls';
import { type SQLWrapper, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { literalLimit } from '../../db/literal-limit.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { decodeCursor, encodeCursor, timestampFromMicros } from '../../lib/cursor.ts';

/** Where a block or an unblock is announced on commit, "<blocker> <blocked>", so every process drops both views. */
export const BLOCKS_CHANNEL = 'lunara_blocks';

/**
 * Whom a viewer must not see, both ways. `blockedByMe` is bounded by MAX_BLOCKS (refused past it);
 * `blockedMe` is read up to BLOCKED_ME_LIMIT (a member blocked by more than that many is a case for
 * moderators, not for this list; past it the reads still hide every member she blocked herself).
 */
export interface BlockView {
  blockedByMe: ReadonlySet<string>;
  blockedMe: ReadonlySet<string>;
}

export const NO_BLOCKS: BlockView = { blockedByMe: new Set(), blockedMe: new Set() };
const BLOCKED_ME_LIMIT = 10_000;

/** Two statements on two indexes (the primary key, and `member_blocks_blocked_idx`), each bounded. */
export async function loadBlockView(db: Db, viewerId: string): Promise<BlockView> {
  const [mine, theirs] = await Promise.all([
    queryRows<{ id: string }>(
      db,
      sql`select blocked_id as id from member_blocks where blocker_id = ${viewerId} limit ${literalLimit(MAX_BLOCKS)}`,
    ),
    queryRows<{ id: string }>(
      db,
      sql`select blocker_id as id from member_blocks where blocked_id = ${viewerId} limit ${literalLimit(BLOCKED_ME_LIMIT)}`,
    ),
  ]);
  return { blockedByMe: new Set(mine.map((row) => row.id)), blockedMe: new Set(theirs.map((row) => row.id)) };
}

/**
 * SQL: either of the two members has blocked the other. Each is an id or an id column (a post's author,
 * read in the same statement); a member never blocks herself (member_blocks_not_self).
 */
export const blockedEitherWay = (a: string | SQLWrapper, b: string | SQLWrapper) =>
  sql<boolean>`exists (select 1 from member_blocks
    where (blocker_id = ${a} and blocked_id = ${b}) or (blocker_id = ${b} and blocked_id = ${a}))`;

/** Whether either of the two has blocked the other (in the caller's transaction, for writes). */
export async function isBlockedEitherWay(db: Db, a: string, b: string): Promise<boolean> {
  if (a === b) return false;
  const [row] = await queryRows<{ blocked: boolean }>(db, sql`select ${blockedEitherWay(a, b)} as blocked`);
  return Boolean(row?.blocked);
}

/** True when the viewer should not see what this author wrote (either of them blocked the other). */
export const hidesAuthor = (view: BlockView, authorId: string | null | undefined) =>
  Boolean(authorId) && (view.blockedByMe.has(authorId as string) || view.blockedMe.has(authorId as string));

/** A topic's "last reply by": a member either side blocked is not named (her reply is not shown either). */
export function maskLastReplier<T extends { lastReplyUserId: string | null; lastReplyUserName: string | null }>(
  topic: T,
  view: BlockView,
): T {
  return hidesAuthor(view, topic.lastReplyUserId) ? { ...topic, lastReplyUserName: 'A member' } : topic;
}

/** Drops, both ways, what the other member wrote: feeds and topic lists need no trace of it. */
export function withoutBlocked<T>(items: T[], view: BlockView, authorOf: (item: T) => string | null): T[] {
  if (view.blockedByMe.size === 0 && view.blockedMe.size === 0) return items;
  return items.filter((item) => !hidesAuthor(view, authorOf(item)));
}

/**
 * In a thread (comments, replies, a group's messages): the blocker sees a "hidden" line where the member
 * she blocked wrote (the text is not sent), so that the conversation around it still reads; the member
 * who was blocked sees nothing at all, so no answer tells her she was blocked.
 */
export function maskBlocked<T extends { content: string }>(
  items: T[],
  view: BlockView,
  authorOf: (item: T) => string | null,
): Array<T & { hiddenByBlock?: boolean }> {
  if (view.blockedByMe.size === 0 && view.blockedMe.size === 0) return items;
  const out: Array<T & { hiddenByBlock?: boolean }> = [];
  for (const item of items) {
    const author = authorOf(item);
    if (author && view.blockedMe.has(author) && !view.blockedByMe.has(author)) continue;
    if (author && view.blockedByMe.has(author)) out.push({ ...item, content: '', hiddenByBlock: true });
    else out.push(item);
  }
  return out;
}

async function assertMemberExists(db: Db, memberId: string): Promise<void> {
  const [row] = await queryRows<{ id: string }>(db, sql`select id from profiles where id = ${memberId}`);
  if (!row) throw notFound('This member no longer exists');
}

/**
 * Blocks a member (again is fine: nothing changes). Anyone may be blocked, staff included: a moderator's
 * or an admin's staff actions (deleting, suspending, report outcomes) do not pass through what a block
 * hides. Her row is locked so that two blocks at once count against MAX_BLOCKS one at a time.
 */
export async function blockMember(db: Db, blockerId: string, blockedId: string): Promise<void> {
  if (blockerId === blockedId) throw new AppError('VALIDATION_ERROR', 400, NO_SELF_BLOCK);
  await assertMemberExists(db, blockedId);
  await db.transaction(async (tx) => {
    await queryRows(tx, sql`select id from profiles where id = ${blockerId} for update`);
    const [existing] = await queryRows<{ n: number }>(
      tx,
      sql`select 1 as n from member_blocks where blocker_id = ${blockerId} and blocked_id = ${blockedId}`,
    );
    if (existing) return;
    const [counted] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from (select 1 from member_blocks where blocker_id = ${blockerId}
          limit ${literalLimit(MAX_BLOCKS)}) mine`,
    );
    if (Number(counted?.n ?? 0) >= MAX_BLOCKS) throw conflict(BLOCK_LIMIT_REACHED);
    await queryRows(
      tx,
      sql`insert into member_blocks (blocker_id, blocked_id) values (${blockerId}, ${blockedId}) on conflict do nothing`,
    );
    await queryRows(tx, sql`select pg_notify(${BLOCKS_CHANNEL}, ${`${blockerId} ${blockedId}`})`);
  });
}

/** Unblocks (a member she had not blocked: nothing changes). */
export async function unblockMember(db: Db, blockerId: string, blockedId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await queryRows<{ blocked_id: string }>(
      tx,
      sql`delete from member_blocks where blocker_id = ${blockerId} and blocked_id = ${blockedId} returning blocked_id`,
    );
    if (removed.length > 0) {
      await queryRows(tx, sql`select pg_notify(${BLOCKS_CHANNEL}, ${`${blockerId} ${blockedId}`})`);
    }
  });
}

/** Whether she blocked this member: only the blocker's own side, never whether the other blocked her. */
export async function hasBlocked(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select 1 as n from member_blocks where blocker_id = ${blockerId} and blocked_id = ${blockedId}`,
  );
  return Boolean(row);
}

/** The members she blocked, newest first, keyset-paged on (created_at, blocked_id). */
export async function listBlockedMembers(db: Db, blockerId: string, cursor?: string): Promise<BlockedMemberPage> {
  const after = cursor ? decodeCursor(cursor, ['micros', 'memberId']) : undefined;
  const rows = await queryRows<{
    id: string;
    display_name: string | null;
    avatar_url: string | null;
    blocked_at: string;
    micros: string;
  }>(
    db,
    sql`select b.blocked_id as id, p.display_name, p.avatar_url,
          to_char(b.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as blocked_at,
          (extract(epoch from b.created_at) * 1000000)::bigint::text as micros
        from member_blocks b left join profiles p on p.id = b.blocked_id
        where b.blocker_id = ${blockerId}
        ${after ? sql`and (b.created_at, b.blocked_id) < (${timestampFromMicros(String(after[0]))}, ${String(after[1])})` : sql``}
        order by b.created_at desc, b.blocked_id desc
        limit ${literalLimit(BLOCKED_PAGE_SIZE + 1)}`,
  );
  const page = rows.slice(0, BLOCKED_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      member: {
        id: row.id,
        displayName: row.display_name ?? 'Former member',
        avatarUrl: servedAvatarUrl(row.avatar_url),
      },
      blockedAt: row.blocked_at,
    })),
    nextCursor: rows.length > BLOCKED_PAGE_SIZE && last ? encodeCursor([last.micros, last.id]) : null,
  };
}
