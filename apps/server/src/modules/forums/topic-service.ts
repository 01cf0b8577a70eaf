import {
  REPLIES_PAGE_SIZE,
  type Reply,
  type ReplyPage,
  TOPIC_LOCKED,
  TOPICS_PAGE_SIZE,
  type TopicBody,
  type TopicDetail,
  type TopicPage,
  type TopicSummary,
} from '@lunara/shared/forums';
import { POINTS } from '@lunara/shared/points';
import { isModeratorRole } from '@lunara/shared/roles';
import { servedAvatarUrl } from '@lunara/shared/urls';
import { aliasedTable, and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { directRead, isoTime } from '../../db/direct-read.ts';
import { builderLimit } from '../../db/literal-limit.ts';
import { forumCategories, forumReplies, forumTopics, forumTopicViews } from '../../db/schema/forums.ts';
import { profiles } from '../../db/schema/members.ts';
import { auditLog } from '../../db/schema/operations.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import {
  afterPinnedCursor,
  decodeCursor,
  encodeCursor,
  microsOf,
  PINNED_CURSOR,
  pinnedCursorValues,
  timestampFromMicros,
} from '../../lib/cursor.ts';
import { isBlockedEitherWay } from '../blocks/block-service.ts';
import type { Actor } from '../feed/post-service.ts';
import { notifyMentions, withMemberNames } from '../mentions/mention-service.ts';
import { createNotification } from '../notifications/notification-service.ts';
import { replyAwardKey, topicAwardKey } from '../points/award-keys.ts';
import { reverseAwards } from '../points/ledger-service.ts';
import { adjustCounter, adjustCounters, awardAndCount } from '../points/member-points-service.ts';
import { inOpenCategory } from './open-category.ts';

const lastReplier = aliasedTable(profiles, 'last_replier');

const topicColumns = {
  id: forumTopics.id,
  categoryId: forumTopics.categoryId,
  title: forumTopics.title,
  content: forumTopics.content,
  isPinned: forumTopics.isPinned,
  isLocked: forumTopics.isLocked,
  repliesCount: forumTopics.repliesCount,
  viewsCount: forumTopics.viewsCount,
  createdAt: isoTime(forumTopics.createdAt),
  lastReplyAt: isoTime(forumTopics.lastReplyAt),
  lastReplyUserName: lastReplier.displayName,
  lastReplyUserId: forumTopics.lastReplyUserId,
  authorId: forumTopics.userId,
  authorName: profiles.displayName,
  authorAvatar: profiles.avatarUrl,
  categoryName: forumCategories.name,
  lastActivityMicros: microsOf(forumTopics.lastActivityAt),
  hidden: sql<boolean>`${forumTopics.hiddenAt} is not null`,
  editedAt: isoTime(forumTopics.editedAt),
};

type TopicRow = {
  id: string;
  categoryId: string;
  title: string;
  content: string;
  isPinned: boolean;
  isLocked: boolean;
  repliesCount: number;
  viewsCount: number;
  createdAt: string;
  lastReplyAt: string | null;
  lastActivityMicros: string;
  lastReplyUserName: string | null;
  lastReplyUserId: string | null;
  authorId: string;
  authorName: string | null;
  authorAvatar: string | null;
  categoryName: string | null;
  hidden: boolean;
  editedAt: string | null;
};

function selectTopics(db: Db) {
  return db
    .select(topicColumns)
    .from(forumTopics)
    .leftJoin(profiles, eq(profiles.id, forumTopics.userId))
    .leftJoin(lastReplier, eq(lastReplier.id, forumTopics.lastReplyUserId))
    .leftJoin(forumCategories, eq(forumCategories.id, forumTopics.categoryId));
}

const toSummary = (row: Omit<TopicRow, 'content' | 'categoryName' | 'hidden' | 'editedAt'>) => ({
  id: row.id,
  categoryId: row.categoryId,
  title: row.title,
  isPinned: row.isPinned,
  isLocked: row.isLocked,
  repliesCount: row.repliesCount,
  viewsCount: row.viewsCount,
  createdAt: row.createdAt,
  lastReplyAt: row.lastReplyAt,
  lastReplyUserName: row.lastReplyAt ? (row.lastReplyUserName ?? 'Anonymous') : null,
  lastReplyUserId: row.lastReplyAt ? row.lastReplyUserId : null,
  author: {
    id: row.authorId,
    displayName: row.authorName ?? 'Anonymous',
    avatarUrl: servedAvatarUrl(row.authorAvatar),
  },
});

async function findCategory(db: Db, categoryId: string) {
  const [category] = await db
    .select()
    .from(forumCategories)
    .where(and(eq(forumCategories.id, categoryId), eq(forumCategories.isActive, true)));
  if (!category) throw notFound('This forum category does not exist');
  return category;
}

// A category's topic list is the forums' busiest read: built once per database, one statement when the
// category has topics (its existence is checked inside it), without the bodies the list does not show.
const {
  content: _content,
  categoryName: _categoryName,
  hidden: _hidden,
  editedAt: _editedAt,
  ...listColumns
} = topicColumns;
const topicPage = (db: Db) =>
  db
    .select(listColumns)
    .from(forumTopics)
    .leftJoin(profiles, eq(profiles.id, forumTopics.userId))
    .leftJoin(lastReplier, eq(lastReplier.id, forumTopics.lastReplyUserId))
    .orderBy(desc(forumTopics.isPinned), desc(forumTopics.lastActivityAt), desc(forumTopics.id))
    .limit(builderLimit(TOPICS_PAGE_SIZE + 1))
    .$dynamic();
const inActiveCategory = () => {
  const categoryId = sql.placeholder('categoryId');
  return and(
    eq(forumTopics.categoryId, categoryId),
    // Topics that reports hide are left out of lists; their author and staff still open them, marked.
    isNull(forumTopics.hiddenAt),
    sql`exists (select 1 from ${forumCategories} where ${forumCategories.id} = ${categoryId} and ${forumCategories.isActive})`,
  );
};
const firstTopics = directRead((db) => topicPage(db).where(inActiveCategory()));
const topicsAfter = directRead((db) =>
  topicPage(db).where(
    and(inActiveCategory(), afterPinnedCursor(forumTopics.isPinned, forumTopics.lastActivityAt, forumTopics.id)),
  ),
);

/** A category's topics: pinned first, then the latest activity, keyset-paged. */
export async function listTopics(db: Db, categoryId: string, cursor?: string): Promise<TopicPage> {
  const after = cursor ? decodeCursor(cursor, PINNED_CURSOR) : undefined;
  const rows = after
    ? await topicsAfter(db, { categoryId, ...pinnedCursorValues(after) })
    : await firstTopics(db, { categoryId });
  // No rows: an empty category, or none that members may open.
  if (rows.length === 0) await findCategory(db, categoryId);
  const page = rows.slice(0, TOPICS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map(toSummary),
    nextCursor:
      rows.length > TOPICS_PAGE_SIZE && last ? encodeCursor([last.isPinned, last.lastActivityMicros, last.id]) : null,
  };
}

/** Topics by id, as the topic list shows them (the Saved list's topics); any that are gone are absent. */
export async function listTopicsByIds(db: Db, topicIds: string[]): Promise<TopicSummary[]> {
  if (topicIds.length === 0) return [];
  const rows = (await selectTopics(db).where(inArray(forumTopics.id, topicIds))) as TopicRow[];
  return rows.map(toSummary);
}

export async function readTopic(db: Db, topicId: string): Promise<TopicDetail> {
  const [row] = (await selectTopics(db).where(
    and(eq(forumTopics.id, topicId), eq(forumCategories.isActive, true)),
  )) as TopicRow[];
  if (!row) throw notFound('This topic no longer exists');
  return {
    ...toSummary(row),
    content: row.content,
    category: { id: row.categoryId, name: row.categoryName ?? '' },
    editedAt: row.editedAt ?? null,
    // Hidden by reports: the route shows it to its author and staff only.
    ...(row.hidden ? { hiddenForReview: true } : {}),
  };
}

/**
 * Opening a topic counts one view per member, however often she comes back; the route calls it only once
 * she may see the topic. Answers whether this was her first view.
 */
export async function countTopicView(db: Db, viewerId: string, topicId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(forumTopicViews)
      .values({ topicId, userId: viewerId })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) return false;
    await tx
      .update(forumTopics)
      .set({ viewsCount: sql`${forumTopics.viewsCount} + 1` })
      .where(eq(forumTopics.id, topicId));
    return true;
  });
}

export async function createTopic(db: Db, authorId: string, categoryId: string, body: TopicBody): Promise<TopicDetail> {
  await findCategory(db, categoryId);
  const id = await db.transaction(async (tx) => {
    const content = await withMemberNames(tx, body.content);
    const [created] = await tx
      .insert(forumTopics)
      .values({ categoryId, userId: authorId, title: body.title, content })
      .returning({ id: forumTopics.id });
    if (!created) throw new Error('The topic was not saved');
    await awardAndCount(
      tx,
      {
        userId: authorId,
        amount: POINTS.post,
        reason: 'post',
        idempotencyKey: topicAwardKey(created.id),
      },
      'postsCount',
      1,
    );
    await notifyMentions(tx, { authorId, text: content, link: { topicId: created.id }, kind: 'topic' });
    return created.id;
  });
  return readTopic(db, id);
}

export async function lockTopicRow(tx: Db, topicId: string) {
  const [topic] = await tx.select().from(forumTopics).where(eq(forumTopics.id, topicId)).for('update');
  if (!topic) throw notFound('This topic no longer exists');
  return topic;
}

/**
 * Authors delete their own unlocked topic; moderators and admins any (audited). Its points go with it
 * (decision 016): the topic's +10 and each reply's +5, with the counters. The topic row is locked before
 * its replies, the order a reply's deletion takes too.
 */
export async function deleteTopic(db: Db, actor: Actor, topicId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const topic = await lockTopicRow(tx, topicId);
    const isAuthor = topic.userId === actor.id;
    const canModerate = isModeratorRole(actor.role);
    if (!isAuthor && !canModerate) throw forbidden('You can only delete your own topics');
    if (isAuthor && !canModerate && topic.isLocked) throw conflict('This topic is locked and can no longer be deleted');
    const replies = await tx
      .select({ id: forumReplies.id, userId: forumReplies.userId })
      .from(forumReplies)
      .where(eq(forumReplies.topicId, topicId))
      .orderBy(forumReplies.id)
      .for('update');
    await tx.delete(forumTopics).where(eq(forumTopics.id, topicId));
    await reverseAwards(tx, [topicAwardKey(topicId), ...replies.map((reply) => replyAwardKey(reply.id))]);
    await adjustCounter(tx, topic.userId, 'postsCount', -1);
    await adjustCounters(tx, replies, 'commentsCount');
    if (!isAuthor) {
      await tx.insert(auditLog).values({
        actorId: actor.id,
        action: 'topic.delete',
        targetType: 'forum_topic',
        targetId: topicId,
        details: { title: topic.title },
      });
    }
  });
}

/** Moderators and admins pin or lock a topic; each change is audited. */
export async function moderateTopic(
  db: Db,
  actor: Actor,
  topicId: string,
  change: { isPinned: boolean } | { isLocked: boolean },
): Promise<TopicDetail> {
  if (!isModeratorRole(actor.role)) throw forbidden('Only moderators and admins can pin or lock topics');
  await db.transaction(async (tx) => {
    const topic = await lockTopicRow(tx, topicId);
    await tx
      .update(forumTopics)
      .set({ ...change, updatedAt: sql`now()` })
      .where(eq(forumTopics.id, topicId));
    const action =
      'isPinned' in change
        ? change.isPinned
          ? 'topic.pin'
          : 'topic.unpin'
        : change.isLocked
          ? 'topic.lock'
          : 'topic.unlock';
    // The title too, so that the audit log names it also once it is deleted.
    await tx.insert(auditLog).values({
      actorId: actor.id,
      action,
      targetType: 'forum_topic',
      targetId: topicId,
      details: { title: topic.title },
    });
  });
  return readTopic(db, topicId);
}

const replyColumns = {
  id: forumReplies.id,
  topicId: forumReplies.topicId,
  content: forumReplies.content,
  createdAt: forumReplies.createdAt,
  createdMicros: microsOf(forumReplies.createdAt),
  updatedAt: forumReplies.updatedAt,
  editedAt: forumReplies.editedAt,
  authorId: forumReplies.userId,
  authorName: profiles.displayName,
  authorAvatar: profiles.avatarUrl,
  hidden: sql<boolean>`${forumReplies.hiddenAt} is not null`,
};

type ReplyRow = {
  id: string;
  topicId: string;
  content: string;
  createdAt: Date;
  updatedAt: Date;
  editedAt: Date | null;
  authorId: string;
  authorName: string | null;
  authorAvatar: string | null;
  hidden: boolean;
};

const toReply = (row: ReplyRow): Reply => ({
  // Hidden by reports: the route shows it to its author and staff only (moderation/hidden-content.ts).
  ...(row.hidden ? { hiddenForReview: true } : {}),
  id: row.id,
  topicId: row.topicId,
  content: row.content,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  editedAt: row.editedAt?.toISOString() ?? null,
  author: {
    id: row.authorId,
    displayName: row.authorName ?? 'Anonymous',
    avatarUrl: servedAvatarUrl(row.authorAvatar),
  },
});

export async function listReplies(db: Db, topicId: string, cursor?: string): Promise<ReplyPage> {
  const after = cursor ? decodeCursor(cursor, ['micros', 'uuid']) : undefined;
  const rows = await db
    .select(replyColumns)
    .from(forumReplies)
    .leftJoin(profiles, eq(profiles.id, forumReplies.userId))
    .where(
      and(
        eq(forumReplies.topicId, topicId),
        inOpenCategory(sql`(select category_id from forum_topics where id = ${topicId})`),
        after
          ? sql`(${forumReplies.createdAt}, ${forumReplies.id}) > (${timestampFromMicros(String(after[0]))}, ${after[1]}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(forumReplies.createdAt), asc(forumReplies.id))
    .limit(builderLimit(REPLIES_PAGE_SIZE + 1));
  const page = rows.slice(0, REPLIES_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map(toReply),
    nextCursor: rows.length > REPLIES_PAGE_SIZE && last ? encodeCursor([last.createdMicros, last.id]) : null,
  };
}

/**
 * A reply: refused on a locked topic (409); the topic's count and last-reply fields move in the same
 * transaction (the topic row is locked, so concurrent replies count exactly); +5 points; the author is told.
 */
export async function createReply(db: Db, authorId: string, topicId: string, written: string): Promise<Reply> {
  const id = await db.transaction(async (tx) => {
    const content = await withMemberNames(tx, written);
    const topic = await lockTopicRow(tx, topicId);
    // A topic she cannot see (either of them blocked the other, or its category was deactivated)
    // answers as if it were gone.
    if (await isBlockedEitherWay(tx, authorId, topic.userId)) throw notFound('This topic no longer exists');
    const [open] = await tx
      .select({ id: forumCategories.id })
      .from(forumCategories)
      .where(and(eq(forumCategories.id, topic.categoryId), eq(forumCategories.isActive, true)));
    if (!open) throw notFound('This topic no longer exists');
    // Hidden while a moderator reviews it: nobody but its author sees it, so nobody else replies to it.
    if (topic.hiddenAt && topic.userId !== authorId) throw notFound('This topic no longer exists');
    if (topic.isLocked) throw conflict(TOPIC_LOCKED);
    const [created] = await tx
      .insert(forumReplies)
      .values({ topicId, userId: authorId, content })
      .returning({ id: forumReplies.id });
    if (!created) throw new Error('The reply was not saved');
    // The reply's own instant (now(), as its created_at: a Date would lose the microseconds), and only if
    // it is the newest: a reply whose transaction began earlier may take the topic's lock after a later one.
    await tx
      .update(forumTopics)
      .set({
        repliesCount: sql`${forumTopics.repliesCount} + 1`,
        lastReplyAt: sql`greatest(${forumTopics.lastReplyAt}, now())`,
        lastReplyUserId: sql`case when ${forumTopics.lastReplyAt} > now() then ${forumTopics.lastReplyUserId} else ${authorId} end`,
        lastActivityAt: sql`greatest(${forumTopics.lastActivityAt}, now())`,
      })
      .where(eq(forumTopics.id, topicId));
    await awardAndCount(
      tx,
      {
        userId: authorId,
        amount: POINTS.comment,
        reason: 'comment',
        idempotencyKey: replyAwardKey(created.id),
      },
      'commentsCount',
      1,
    );
    const [author] = await tx.select({ name: profiles.displayName }).from(profiles).where(eq(profiles.id, authorId));
    await createNotification(tx, {
      userId: topic.userId,
      actorId: authorId,
      type: 'forum_reply',
      title: 'New reply',
      message: `${author?.name ?? 'A sister'} replied to "${topic.title}"`,
      data: { topicId, replyId: created.id },
    });
    await notifyMentions(tx, { authorId, text: content, link: { topicId, replyId: created.id }, kind: 'reply' });
    return created.id;
  });
  const [row] = await db
    .select(replyColumns)
    .from(forumReplies)
    .leftJoin(profiles, eq(profiles.id, forumReplies.userId))
    .where(eq(forumReplies.id, id));
  if (!row) throw notFound('This reply no longer exists');
  return toReply(row);
}

/** One reply as its author sees it (after she writes or edits it). */
export async function readReply(db: Db, replyId: string): Promise<Reply> {
  const [row] = await db
    .select(replyColumns)
    .from(forumReplies)
    .leftJoin(profiles, eq(profiles.id, forumReplies.userId))
    .where(eq(forumReplies.id, replyId));
  if (!row) throw notFound('This reply no longer exists');
  return toReply(row);
}

/** The topic row first, then the reply: the order a topic's deletion takes, so the two never deadlock. */
export async function lockReply(tx: Db, replyId: string) {
  const [found] = await tx
    .select({ topicId: forumReplies.topicId })
    .from(forumReplies)
    .where(eq(forumReplies.id, replyId));
  if (!found) throw notFound('This reply no longer exists');
  const [topic] = await tx.select().from(forumTopics).where(eq(forumTopics.id, found.topicId)).for('update');
  if (!topic) throw notFound('This topic no longer exists');
  const [reply] = await tx.select().from(forumReplies).where(eq(forumReplies.id, replyId)).for('update');
  if (!reply) throw notFound('This reply no longer exists');
  return { reply, topic };
}

/** Authors delete their replies while the topic is unlocked; moderators any (audited). Its +5 goes with it. */
export async function deleteReply(db: Db, actor: Actor, replyId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { reply, topic } = await lockReply(tx, replyId);
    const isAuthor = reply.userId === actor.id;
    const canModerate = isModeratorRole(actor.role);
    if (!isAuthor && !canModerate) throw forbidden('You can only delete your own replies');
    if (!canModerate && topic.isLocked) throw conflict('This topic is locked: replies can no longer be deleted');
    await tx.delete(forumReplies).where(eq(forumReplies.id, replyId));
    await reverseAwards(tx, [replyAwardKey(replyId)]);
    // The last-reply fields follow what remains.
    await tx
      .update(forumTopics)
      .set({
        repliesCount: sql`greatest(${forumTopics.repliesCount} - 1, 0)`,
        lastReplyAt: sql`(select max(created_at) from ${forumReplies} where topic_id = ${topic.id})`,
        lastReplyUserId: sql`(select user_id from ${forumReplies} where topic_id = ${topic.id} order by created_at desc limit 1)`,
        lastActivityAt: sql`coalesce((select max(created_at) from ${forumReplies} where topic_id = ${topic.id}), ${forumTopics.createdAt})`,
      })
      .where(eq(forumTopics.id, topic.id));
    await adjustCounter(tx, reply.userId, 'commentsCount', -1);
    if (!isAuthor) {
      await tx.insert(auditLog).values({
        actorId: actor.id,
        action: 'reply.delete',
        targetType: 'forum_reply',
        targetId: replyId,
        details: { topicId: topic.id },
      });
    }
  });
}
