import { NEW_REPLIES_CAP, type TopicReadState, UNREAD_WINDOW_DAYS } from '@lunara/shared/reads';
import { isModeratorRole } from '@lunara/shared/roles';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { isoTime } from '../../db/direct-read.ts';
import { literalLimit } from '../../db/literal-limit.ts';
import { forumCategories, forumTopics } from '../../db/schema/forums.ts';
import { forumCategoryReads } from '../../db/schema/reads.ts';
import { notFound } from '../../errors.ts';
import { type BlockView, hidesAuthor } from '../blocks/block-service.ts';
import type { Actor } from '../feed/post-service.ts';
import { inOpenCategory } from '../forums/open-category.ts';

/** One write per member per this long: a visit lasts until she comes back after it. */
export const FEED_VISIT_THROTTLE_SECONDS = 60;

// Nothing from before she joined, or older than the window, is new to her: a new member does not meet
// every old topic marked unread.
const newSince = (viewerId: string) =>
  sql`(select greatest(created_at, now() - make_interval(days => ${UNREAD_WINDOW_DAYS})) from "user" where id = ${viewerId})`;

/**
 * She opened a topic she may see: records now, and answers when she had opened it before (null the first
 * time). An explicit call from the page, so that a prefetch of the topic never marks it read.
 */
export async function markTopicRead(
  db: Db,
  viewer: Actor,
  topicId: string,
  blocks: BlockView,
): Promise<{ previousReadAt: string | null }> {
  const [topic] = await db
    .select({
      userId: forumTopics.userId,
      categoryId: forumTopics.categoryId,
      hidden: sql<boolean>`${forumTopics.hiddenAt} is not null`,
    })
    .from(forumTopics)
    .where(and(eq(forumTopics.id, topicId), inOpenCategory(sql`${forumTopics.categoryId}`)));
  // The answers the topic itself gives: hidden by reports to all but its author and staff, and a block
  // either way looks like a deleted topic.
  const isHiddenFromViewer = topic?.hidden && topic.userId !== viewer.id && !isModeratorRole(viewer.role);
  if (!topic || isHiddenFromViewer || hidesAuthor(blocks, topic.userId)) {
    throw notFound('This topic no longer exists');
  }
  // The CTE reads the row as it was before the upsert in the same statement: one round trip, and a
  // double submit cannot lose the earlier time (both answer the same previous value or a later one).
  const [row] = await queryRows<{ previousReadAt: string | null }>(
    db,
    sql`with previous as (
          select last_read_at from forum_topic_reads where user_id = ${viewer.id} and topic_id = ${topicId}
        ), upsert as (
          insert into forum_topic_reads (user_id, topic_id, last_read_at) values (${viewer.id}, ${topicId}, now())
          on conflict (user_id, topic_id) do update set last_read_at = now()
          returning 1
        )
        select ${isoTime(sql`greatest((select last_read_at from previous), (select read_at from forum_category_reads
          where user_id = ${viewer.id} and category_id = ${topic.categoryId}))`)} as "previousReadAt"
        from (select count(*) from upsert) written`,
  );
  return { previousReadAt: row?.previousReadAt ?? null };
}

/**
 * Her read state for one page of topics (at most a page of ids, each on the primary key): never opened
 * and active since she joined is unread; otherwise the replies by others since she last opened it, on
 * `forum_replies_topic_idx`, without hers, hidden ones or those of a member either side of a block,
 * each count bounded.
 */
export async function readStatesOf(
  db: Db,
  viewerId: string,
  topics: Array<{ id: string }>,
): Promise<Map<string, TopicReadState>> {
  if (topics.length === 0) return new Map();
  const ids = sql.join(
    topics.map((topic) => sql`${topic.id}::uuid`),
    sql`, `,
  );
  const rows = await queryRows<{ id: string; isUnread: boolean; newRepliesCount: number }>(
    db,
    sql`select t.id,
          (seen.read_at is null and t.last_activity_at > ${newSince(viewerId)}) as "isUnread",
          case when seen.read_at is null then 0 else (
            select count(*)::int from (
              select 1 from forum_replies r
              where r.topic_id = t.id and r.created_at > seen.read_at and r.user_id <> ${viewerId}
                and r.hidden_at is null
                and not exists (select 1 from member_blocks b
                  where (b.blocker_id = ${viewerId} and b.blocked_id = r.user_id)
                     or (b.blocker_id = r.user_id and b.blocked_id = ${viewerId}))
              limit ${literalLimit(NEW_REPLIES_CAP + 1)}
            ) counted
          ) end as "newRepliesCount"
        from forum_topics t
        left join forum_topic_reads mine on mine.topic_id = t.id and mine.user_id = ${viewerId}
        left join forum_category_reads whole on whole.category_id = t.category_id and whole.user_id = ${viewerId}
        -- Her own topic is read from its start, whether or not she opened it since; "Mark all as read"
        -- on its category reads it up to then.
        cross join lateral (
          select greatest(mine.last_read_at, whole.read_at, case when t.user_id = ${viewerId} then t.created_at end)
            as read_at
        ) seen
        where t.id in (${ids})`,
  );
  return new Map(
    rows.map((row) => [row.id, { isUnread: Boolean(row.isUnread), newRepliesCount: Number(row.newRepliesCount) }]),
  );
}

/** "Mark all as read": every topic of an active category is read up to now, in one row. */
export async function markCategoryRead(db: Db, viewerId: string, categoryId: string): Promise<void> {
  const [category] = await db
    .select({ id: forumCategories.id })
    .from(forumCategories)
    .where(and(eq(forumCategories.id, categoryId), eq(forumCategories.isActive, true)));
  if (!category) throw notFound('This forum category does not exist');
  await db
    .insert(forumCategoryReads)
    .values({ userId: viewerId, categoryId })
    .onConflictDoUpdate({
      target: [forumCategoryReads.userId, forumCategoryReads.categoryId],
      set: { readAt: sql`now()` },
    });
}

/**
 * She opened the feed: answers the start of her previous visit, and starts a new visit at most once a
 * minute. Coming back within the minute keeps the same answer, so the "New" marks stay while she looks.
 */
export async function recordFeedVisit(db: Db, viewerId: string): Promise<{ previousVisitAt: string }> {
  const [row] = await queryRows<{ previousVisitAt: string }>(
    db,
    sql`with previous as (
          select previous_seen_at from feed_visits where user_id = ${viewerId}
        ), since as (
          select ${newSince(viewerId)} as at
        ), upsert as (
          insert into feed_visits (user_id, last_seen_at, previous_seen_at)
          select ${viewerId}, now(), at from since
          on conflict (user_id) do update
            set previous_seen_at = feed_visits.last_seen_at, last_seen_at = now()
            where feed_visits.last_seen_at < now() - make_interval(secs => ${FEED_VISIT_THROTTLE_SECONDS})
          returning previous_seen_at
        )
        select ${isoTime(
          sql`greatest(coalesce((select previous_seen_at from upsert), (select previous_seen_at from previous)), (select at from since))`,
        )} as "previousVisitAt"`,
  );
  if (!row) throw new Error('The feed visit was not recorded');
  return row;
}
