import type { ReportTargetType } from '@lunara/shared/moderation';
import { isModeratorRole, type Role } from '@lunara/shared/roles';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import { circleContentVisible } from '../circles/circle-access.ts';
import { accessConversation } from '../messages/conversation-access.ts';

const NOT_FOUND: Record<ReportTargetType, string> = {
  post: 'This post no longer exists',
  comment: 'This comment no longer exists',
  topic: 'This topic no longer exists',
  reply: 'This reply no longer exists',
  message: 'This message does not exist',
  profile: 'Member not found',
};

export interface Viewer {
  id: string;
  role: Role;
}

/**
 * Who wrote the thing she reports, if she can see it: hidden content (its own, or the post or topic it
 * sits under) is seen by its author and staff only, a topic by nobody once its category is closed, a
 * circle's post and its comments by the circle's members and staff only, and a message by the people of
 * its conversation only. Anything else is the same 404 as for what does not
 * exist: a report tells her nothing she could not already see.
 */
export async function findVisibleTarget(db: Db, viewer: Viewer, type: ReportTargetType, id: string): Promise<string> {
  const staff = isModeratorRole(viewer.role);
  const visible = (hidden: unknown, authorId: string) => !hidden || staff || authorId === viewer.id;
  if (type === 'message') {
    const [row] = await queryRows<{ sender_id: string; conversation_id: string }>(
      db,
      sql`select sender_id, conversation_id from messages where id = ${id}`,
    );
    if (!row) throw notFound(NOT_FOUND.message);
    try {
      await accessConversation(db, viewer.id, row.conversation_id);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) throw notFound(NOT_FOUND.message);
      throw error;
    }
    await refuseIfAuthorBlockedViewer(db, viewer.id, row.sender_id, NOT_FOUND.message);
    return row.sender_id;
  }
  const query = {
    post: sql`select user_id as author_id, hidden_at is not null as hidden from posts
              where id = ${id} and ${circleContentVisible(viewer, sql.raw('posts.circle_id'))}`,
    comment: sql`select c.user_id as author_id, (c.hidden_at is not null or p.hidden_at is not null) as hidden
                 from post_comments c join posts p on p.id = c.post_id
                 where c.id = ${id} and ${circleContentVisible(viewer, sql.raw('p.circle_id'))}`,
    topic: sql`select t.user_id as author_id, t.hidden_at is not null as hidden
               from forum_topics t join forum_categories fc on fc.id = t.category_id and fc.is_active
               where t.id = ${id}`,
    reply: sql`select r.user_id as author_id, (r.hidden_at is not null or t.hidden_at is not null) as hidden
               from forum_replies r join forum_topics t on t.id = r.topic_id
               join forum_categories fc on fc.id = t.category_id and fc.is_active
               where r.id = ${id}`,
    profile: sql`select id as author_id, false as hidden from profiles where id = ${id}`,
  }[type];
  const [row] = await queryRows<{ author_id: string; hidden: boolean }>(db, query);
  if (!row || !visible(row.hidden, row.author_id)) throw notFound(NOT_FOUND[type]);
  await refuseIfAuthorBlockedViewer(db, viewer.id, row.author_id, NOT_FOUND[type]);
  return row.author_id;
}

/**
 * What a member who blocked her wrote is not there for her (a 404 where she reads it), so a report of it
 * is the same 404: otherwise the difference would tell her she was blocked. The blocker may still report
 * the member she blocked.
 */
async function refuseIfAuthorBlockedViewer(db: Db, viewerId: string, authorId: string, message: string) {
  const [blocked] = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from member_blocks where blocker_id = ${authorId} and blocked_id = ${viewerId}`,
  );
  if (blocked) throw notFound(message);
}

const CONTENT_TABLES = {
  post: 'posts',
  comment: 'post_comments',
  topic: 'forum_topics',
  reply: 'forum_replies',
} as const;

/**
 * Keeps the content's own `hidden_at` in step with its case (the reads filter on the content's column,
 * where their indexes are). Messages and profiles are never hidden.
 */
export async function setContentHidden(tx: Db, type: ReportTargetType, id: string, hidden: boolean): Promise<void> {
  if (!(type in CONTENT_TABLES)) return;
  const table = sql.identifier(CONTENT_TABLES[type as keyof typeof CONTENT_TABLES]);
  await tx.execute(
    hidden
      ? sql`update ${table} set hidden_at = now() where id = ${id} and hidden_at is null`
      : sql`update ${table} set hidden_at = null where id = ${id} and hidden_at is not null`,
  );
}
