import { isModeratorRole } from '@lunara/shared/roles';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { circleContentVisible, circleContentVisibleToMember } from '../circles/circle-access.ts';
import type { Actor } from './post-service.ts';

/** What a post she may not see answers, whatever the reason: the same as a deleted one. */
export const POST_GONE = 'This post no longer exists';

/**
 * A post's circle (issue 34) as a check on one post already read: a circle's post she may not see (not
 * a member, or no longer) is the same 404 as a deleted post. Staff see every circle's; the main feed's
 * (`circleId` null) are everyone's. The rule is `circleContentVisible`, read now (never cached), so
 * leaving a circle ends access at her next request.
 */
export async function assertPostVisible(
  db: Db,
  viewer: Actor,
  circleId: string | null,
  message: string = POST_GONE,
): Promise<void> {
  if (circleId === null || isModeratorRole(viewer.role)) return;
  const [row] = await queryRows<{ visible: boolean }>(
    db,
    sql`select ${circleContentVisible(viewer, sql`${circleId}::uuid`)} as visible`,
  );
  if (!row?.visible) throw notFound(message);
}

/** Whether a member (by id: her role is read from the database) may see a post of this circle. */
export async function canMemberSeePost(db: Db, memberId: string, circleId: string | null): Promise<boolean> {
  if (circleId === null) return true;
  const [row] = await queryRows<{ visible: boolean }>(
    db,
    sql`select ${circleContentVisibleToMember(sql`${memberId}`, sql`${circleId}::uuid`)} as visible`,
  );
  return Boolean(row?.visible);
}

/** One post by id, checked as `assertPostVisible` does (comments' list, reactors): its author's id. */
export async function requireVisiblePost(
  db: Db,
  viewer: Actor,
  postId: string,
): Promise<{ userId: string; hidden: boolean }> {
  const [row] = await queryRows<{ user_id: string; hidden: boolean; visible: boolean }>(
    db,
    sql`select user_id, hidden_at is not null as hidden, ${circleContentVisible(viewer, sql.raw('posts.circle_id'))} as visible
        from posts where id = ${postId}`,
  );
  if (!row?.visible) throw notFound(POST_GONE);
  return { userId: row.user_id, hidden: row.hidden };
}
