import { MAX_MENTIONS_NOTIFIED, MENTION_TOKEN, mentionToken, newlyMentioned } from '@lunara/shared/mentions';
import { eq, inArray, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { postComments, posts } from '../../db/schema/community.ts';
import { forumReplies, forumTopics } from '../../db/schema/forums.ts';
import { profiles } from '../../db/schema/members.ts';
import { canUseCommunity } from '../billing/community-access.ts';
import { circleContentVisibleToMember } from '../circles/circle-access.ts';
import { createNotification } from '../notifications/notification-service.ts';

export type MentionPlace = 'post' | 'comment' | 'topic' | 'reply';

/** What the notification opens: the post (and comment) or the topic (and reply) the mention is in. */
export type MentionLink = { postId: string; commentId?: string } | { topicId: string; replyId?: string };

export interface MentionInput {
  authorId: string;
  /** The text as stored (Markdown with `@[Name](member:<id>)` tokens). */
  text: string;
  /** The text before an edit: who was mentioned there has been told already. */
  previousText?: string;
  link: MentionLink;
  kind: MentionPlace;
}

/**
 * Whose post or topic the mention is in (and the circle of a circle's post), or null when nobody else
 * can see it: gone, or hidden for review (the post or topic, or the comment or reply the mention is in).
 */
async function placeOwner(db: Db, link: MentionLink): Promise<{ ownerId: string; circleId: string | null } | null> {
  const [place] =
    'postId' in link
      ? await db
          .select({ ownerId: posts.userId, hiddenAt: posts.hiddenAt, circleId: posts.circleId })
          .from(posts)
          .where(eq(posts.id, link.postId))
      : await db
          .select({ ownerId: forumTopics.userId, hiddenAt: forumTopics.hiddenAt, circleId: sql<null>`null` })
          .from(forumTopics)
          .where(eq(forumTopics.id, link.topicId));
  if (!place || place.hiddenAt) return null;
  const [item] =
    'commentId' in link && link.commentId
      ? await db
          .select({ hiddenAt: postComments.hiddenAt })
          .from(postComments)
          .where(eq(postComments.id, link.commentId))
      : 'replyId' in link && link.replyId
        ? await db
            .select({ hiddenAt: forumReplies.hiddenAt })
            .from(forumReplies)
            .where(eq(forumReplies.id, link.replyId))
        : [{ hiddenAt: null }];
  return item && !item.hiddenAt ? { ownerId: place.ownerId, circleId: place.circleId } : null;
}

/** The item a mention is in: one notice per member and item, however often an edit names her again. */
function itemKey(link: MentionLink): string {
  if ('postId' in link) return link.commentId ? `comment:${link.commentId}` : `post:${link.postId}`;
  return link.replyId ? `reply:${link.replyId}` : `topic:${link.topicId}`;
}

/**
 * Tells each member newly mentioned in a text, in the caller's transaction (so a failed post tells
 * nobody). Only the first ten mentions count. A token names a member by id and the id alone decides:
 * someone who does not exist, the author herself, a member who cannot use the community (a former
 * member could not open the link) or cannot see the place (the post or topic is hidden for review, she
 * and its author blocked one another, or it is a circle's post and she is not in the circle) is skipped here, and createNotification skips blocks either way and
 * honours her "Mentions" preference. Returns the ids notified.
 */
export async function notifyMentions(db: Db, input: MentionInput): Promise<string[]> {
  const candidates = newlyMentioned(input.text, input.previousText)
    .filter((userId) => userId !== input.authorId)
    .slice(0, MAX_MENTIONS_NOTIFIED);
  if (candidates.length === 0) return [];
  const place = await placeOwner(db, input.link);
  if (!place) return [];
  const { ownerId, circleId } = place;
  const ids = sql.join(
    candidates.map((userId) => sql`${userId}`),
    sql`, `,
  );
  const reachable = await queryRows<{ id: string }>(
    db,
    sql`select id from profiles where id in (${ids}) and ${canUseCommunity(sql`profiles.id`)}
          ${circleId ? sql`and ${circleContentVisibleToMember(sql`profiles.id`, sql`${circleId}::uuid`)}` : sql``}
          and not exists (select 1 from member_blocks b
            where (b.blocker_id = ${ownerId} and b.blocked_id = profiles.id)
               or (b.blocker_id = profiles.id and b.blocked_id = ${ownerId}))`,
  );
  if (reachable.length === 0) return [];
  const [author] = await db
    .select({ name: profiles.displayName })
    .from(profiles)
    .where(eq(profiles.id, input.authorId));
  const message = `${author?.name || 'A sister'} mentioned you in a ${input.kind}`;
  const notified: string[] = [];
  // In the order she wrote them, so the first names she typed are the first told.
  for (const userId of candidates) {
    if (!reachable.some((row) => row.id === userId)) continue;
    const created = await createNotification(db, {
      userId,
      actorId: input.authorId,
      type: 'mention',
      title: 'You were mentioned',
      message,
      data: { ...input.link },
      collapseKey: `mention:${itemKey(input.link)}`,
    });
    if (created) notified.push(userId);
  }
  return notified;
}

/**
 * The text as it is stored: each mention shows the member's own name, whatever name the writer put in
 * the token (`@[Lunara Admin Team](member:<her id>)` would otherwise look like a word from the team), and
 * a token naming nobody becomes the plain "@Name" it would read as.
 */
export async function withMemberNames(db: Db, text: string): Promise<string> {
  const ids = [...new Set([...text.matchAll(MENTION_TOKEN)].map((match) => match[2] as string))];
  if (ids.length === 0) return text;
  const rows = await db
    .select({ id: profiles.id, name: profiles.displayName })
    .from(profiles)
    .where(inArray(profiles.id, ids));
  const names = new Map(rows.map((row) => [row.id, row.name]));
  return text.replace(MENTION_TOKEN, (_token, typed: string, userId: string) => {
    const name = names.get(userId);
    return name ? mentionToken(name, userId) : `@${typed}`;
  });
}
