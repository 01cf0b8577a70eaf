import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { posts } from '../../db/schema/community.ts';
import { blockedEitherWay } from '../blocks/block-service.ts';

/**
 * The post a member likes or comments on, with what the write checks and tells: whether either of her
 * and its author blocked the other, and her name for the author's notice. One statement where it took
 * three (a like or comment is answered in one transaction of about fifteen).
 */
export async function readActedPost(tx: Db, memberId: string, postId: string) {
  const [post] = await tx
    .select({
      userId: posts.userId,
      circleId: posts.circleId,
      title: posts.title,
      hiddenAt: posts.hiddenAt,
      // Qualified: Drizzle writes a one-table select's columns bare, and inside a subquery a bare name
      // is the subquery's own table's first.
      blocked: blockedEitherWay(memberId, sql.raw('posts.user_id')),
      memberName: sql<string | null>`(select p.display_name from profiles p where p.id = ${memberId})`,
    })
    .from(posts)
    .where(eq(posts.id, postId));
  return post;
}
