import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { blockedEitherWay } from '../blocks/block-service.ts';
import { enqueuePushDeliveries } from '../push/push-queue.ts';
import { publishEvent } from '../realtime/publish.ts';
import { createNotification, SERVER_ONLY_DATA_KEY, toAppNotification } from './notification-service.ts';

interface PostLike {
  authorId: string;
  likerId: string;
  likerName: string;
  postId: string;
  postTitle: string;
}

/** "Bella liked your post", "Bella and 1 other liked your post", "Bella and 3 others liked your post". */
export function likeMessage(likerName: string, others: number, postTitle: string): string {
  const who = others === 0 ? likerName : `${likerName} and ${others} ${others === 1 ? 'other' : 'others'}`;
  return `${who} liked your post "${postTitle}"`;
}

/**
 * The likes of one post are one notification to its author, naming the newest liker and counting the
 * rest. Each liker counts once, ever: the ids already counted stay in the row (never sent), so
 * unliking and liking again pings nobody. A new liker brings it back to the top, unread, and her open
 * pages are told whether the one it replaces was still unread. Likes of one post run here at once
 * (the caller does not hold the post's row): the row's lock orders them, and the unique key the first
 * two, when neither finds a row yet.
 */
export async function notifyPostLike(tx: Db, like: PostLike): Promise<void> {
  if (like.authorId === like.likerId) return;
  const collapseKey = `post_likes:${like.postId}`;
  const lockCollapsed = async () => {
    const [row] = await tx
      .select({
        ...getTableColumns(notifications),
        // A liker the author blocked (or who blocked her) renews nothing: createNotification's rule
        // (mute-service.ts isNotificationSuppressed; a like's notice has no conversation or topic to mute).
        suppressed: blockedEitherWay(like.authorId, like.likerId),
      })
      .from(notifications)
      .where(and(eq(notifications.userId, like.authorId), eq(notifications.collapseKey, collapseKey)))
      .for('update');
    return row;
  };
  let existing = await lockCollapsed();
  if (!existing) {
    const created = await createNotification(tx, {
      collapseKey,
      userId: like.authorId,
      actorId: like.likerId,
      type: 'post_like',
      title: 'New like',
      message: likeMessage(like.likerName, 0, like.postTitle),
      data: { postId: like.postId, [SERVER_ONLY_DATA_KEY]: [like.likerId] },
    });
    if (created) return;
    // Another like of this post made it at the same moment (its insert won the key and committed): this
    // one is folded into it. Nothing there means she does not want it (a mute, a block, her settings).
    existing = await lockCollapsed();
    if (!existing) return;
  }
  if (existing.suppressed) return;
  const counted = ((existing.data as Record<string, unknown>)[SERVER_ONLY_DATA_KEY] ?? []) as string[];
  if (counted.includes(like.likerId)) return;
  const likerIds = [...counted, like.likerId];
  const [renewed] = await tx
    .update(notifications)
    .set({
      message: likeMessage(like.likerName, likerIds.length - 1, like.postTitle),
      data: { postId: like.postId, [SERVER_ONLY_DATA_KEY]: likerIds },
      read: false,
      createdAt: sql`now()`,
      // The email digest tells her of it again, as of now.
      emailedAt: null,
    })
    .where(eq(notifications.id, existing.id))
    .returning();
  if (!renewed) return;
  await publishEvent(tx, like.authorId, {
    type: 'notification.created',
    notification: toAppNotification(renewed),
    replacesUnread: !existing.read,
  });
  // Her devices too: the push's tag (the collapse key) replaces the older like on the phone.
  await enqueuePushDeliveries(tx, renewed.id, like.authorId);
}
