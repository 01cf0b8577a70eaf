import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { canUseCommunity } from '../billing/community-access.ts';
import { collapsedText, writeCollapsedNotices } from '../notifications/collapsed-notices.ts';

interface CirclePost {
  circle: { id: string; name: string };
  postId: string;
  authorId: string;
  title: string;
}

/** The circle's notifications collapse into one per member and circle (issue 34). */
export const circleDiscussionKey = (circleId: string) => `circle_posts:${circleId}`;

const COUNTED_POSTS = ' new posts. Latest: ';

/** "Bella posted "Full moon"", then "3 new posts. Latest: Bella posted "Full moon"". */
export const circlePostText = (count: number, latest: string) => collapsedText(count, latest, COUNTED_POSTS);

/**
 * A new post in a circle tells its other approved members, in the post's transaction: one
 * 'circle_discussion' notification per member and circle while she has not read it, as a group's
 * messages do (`notifications/collapsed-notices.ts`, one statement for the whole circle: a circle holds
 * up to 10,000 members). Never the author; nobody either side of a block with her, nobody whose "Sacred
 * Circles" switch is off, nobody who cannot use the community.
 */
export async function notifyCircleDiscussion(tx: Db, post: CirclePost): Promise<number> {
  const [author] = await queryRows<{ name: string | null }>(
    tx,
    sql`select display_name as name from profiles where id = ${post.authorId}`,
  );
  return writeCollapsedNotices(tx, {
    recipients: sql`select cm.user_id from circle_memberships cm
      where cm.circle_id = ${post.circle.id}::uuid and cm.status = 'approved' and cm.user_id <> ${post.authorId}
        and coalesce((select np.circle_notifications from notification_preferences np
                      where np.user_id = cm.user_id), true)
        and not exists (select 1 from member_blocks b
                        where (b.blocker_id = cm.user_id and b.blocked_id = ${post.authorId})
                           or (b.blocker_id = ${post.authorId} and b.blocked_id = cm.user_id))
        and ${canUseCommunity(sql`cm.user_id`)}`,
    type: 'circle_discussion',
    collapseKey: circleDiscussionKey(post.circle.id),
    title: `New posts in ${post.circle.name}`,
    latest: `${author?.name || 'A sister'} posted "${post.title}"`,
    countedBefore: COUNTED_POSTS,
    data: { circleId: post.circle.id, postId: post.postId },
  });
}
