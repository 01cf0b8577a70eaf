import {
  ADMIN_PAGE_SIZE,
  type AdminContent,
  type AdminUserPage,
  type AuditPage,
  type CircleBody,
  type ContentKind,
} from '@lunara/shared/admin';
import type { Role } from '@lunara/shared/roles';
import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { builderLimit } from '../../db/literal-limit.ts';
import { user } from '../../db/schema/auth.ts';
import { circles } from '../../db/schema/circles.ts';
import { postComments, posts } from '../../db/schema/community.ts';
import { forumTopics } from '../../db/schema/forums.ts';
import { profiles, userRoles } from '../../db/schema/members.ts';
import { auditLog } from '../../db/schema/operations.ts';
import { notFound } from '../../errors.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { closeCircleChat, reopenCircleChat } from '../circles/circle-chat.ts';
import { emailPrefixCondition } from '../member-admin/email-prefix.ts';
import { renameGroupConversation } from '../messages/group-conversations.ts';
import { activeSuspensionsOf } from '../suspensions/suspension-service.ts';

const pageAfter = (cursor: string | undefined, idType: 'uuid' | 'text' = 'uuid') =>
  cursor ? decodeCursor(cursor, ['timestamp', idType === 'uuid' ? 'uuid' : 'memberId']) : undefined;
/** Keyset condition on (created_at, id) descending; uuid ids compare as uuids, text ids as text. */
const olderThan = (
  createdAt: ReturnType<typeof sql>,
  id: ReturnType<typeof sql>,
  after: Array<string | boolean> | undefined,
  idType: 'uuid' | 'text' = 'uuid',
) => (after ? sql`(${createdAt}, ${id}) < (${after[0]}::timestamptz, ${after[1]}::${sql.raw(idType)})` : undefined);

function nextCursorOf<T extends { createdAt: Date; id: string }>(rows: T[]) {
  const last = rows[ADMIN_PAGE_SIZE - 1];
  return rows.length > ADMIN_PAGE_SIZE && last ? encodeCursor([last.createdAt.toISOString(), last.id]) : null;
}

/** Users, newest first, by name and role, 50 a page. */
export async function listUsers(
  db: Db,
  query: { search?: string; role?: Role; cursor?: string },
): Promise<AdminUserPage> {
  const after = pageAfter(query.cursor, 'text');
  const escaped = query.search?.replace(/[\\%_]/g, (c) => `\\${c}`);
  // Issue 33: an address (with "@") is a prefix of lower(email), read from user_email_lower_prefix_idx;
  // other text matches a name or the start of an address.
  const emailPrefix = query.search ? emailPrefixCondition(user.email, query.search) : undefined;
  const searchCondition = !escaped
    ? undefined
    : escaped.includes('@')
      ? emailPrefix
      : or(ilike(profiles.displayName, `%${escaped}%`), emailPrefix);
  const rows = await db
    .select({ profile: profiles, role: userRoles.role, email: user.email })
    .from(profiles)
    .innerJoin(user, eq(user.id, profiles.id))
    .leftJoin(userRoles, eq(userRoles.userId, profiles.id))
    .where(
      and(
        searchCondition,
        query.role
          ? query.role === 'user'
            ? sql`coalesce(${userRoles.role}, 'user') = 'user'`
            : eq(userRoles.role, query.role)
          : undefined,
        olderThan(sql`${profiles.createdAt}`, sql`${profiles.id}`, after, 'text'),
      ),
    )
    .orderBy(desc(profiles.createdAt), desc(profiles.id))
    .limit(builderLimit(ADMIN_PAGE_SIZE + 1));
  const page = rows.slice(0, ADMIN_PAGE_SIZE);
  const suspended = await activeSuspensionsOf(
    db,
    page.map(({ profile }) => profile.id),
  );
  return {
    items: page.map(({ profile, role, email }) => ({
      id: profile.id,
      displayName: profile.displayName,
      email,
      role: (role ?? 'user') as Role,
      membershipStatus: profile.membershipStatus === 'active' ? 'active' : 'inactive',
      bio: profile.bio,
      createdAt: profile.createdAt.toISOString(),
      suspension: suspended.get(profile.id) ?? null,
    })),
    nextCursor: nextCursorOf(rows.map(({ profile }) => profile)),
  };
}

/** The moderation lists: newest first, 50 a page, with the total for the sub-tab label. */
export async function listContent(db: Db, kind: ContentKind, cursor?: string): Promise<AdminContent> {
  const after = pageAfter(cursor);
  if (kind === 'posts') {
    const [total] = await db.select({ n: count() }).from(posts);
    const rows = await db
      .select({ post: posts, authorName: profiles.displayName })
      .from(posts)
      .leftJoin(profiles, eq(profiles.id, posts.userId))
      .where(olderThan(sql`${posts.createdAt}`, sql`${posts.id}`, after))
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(builderLimit(ADMIN_PAGE_SIZE + 1));
    return {
      kind,
      total: total?.n ?? 0,
      items: rows.slice(0, ADMIN_PAGE_SIZE).map(({ post, authorName }) => ({
        id: post.id,
        title: post.title,
        content: post.content,
        category: post.category as 'general',
        isPinned: post.isPinned,
        likesCount: post.likesCount,
        commentsCount: post.commentsCount,
        authorName: authorName ?? 'Unknown User',
        createdAt: post.createdAt.toISOString(),
      })),
      nextCursor: nextCursorOf(rows.map(({ post }) => post)),
    };
  }
  if (kind === 'comments') {
    const [total] = await db.select({ n: count() }).from(postComments);
    const rows = await db
      .select({ comment: postComments, authorName: profiles.displayName, postTitle: posts.title })
      .from(postComments)
      .leftJoin(profiles, eq(profiles.id, postComments.userId))
      .leftJoin(posts, eq(posts.id, postComments.postId))
      .where(olderThan(sql`${postComments.createdAt}`, sql`${postComments.id}`, after))
      .orderBy(desc(postComments.createdAt), desc(postComments.id))
      .limit(builderLimit(ADMIN_PAGE_SIZE + 1));
    return {
      kind,
      total: total?.n ?? 0,
      items: rows.slice(0, ADMIN_PAGE_SIZE).map(({ comment, authorName, postTitle }) => ({
        id: comment.id,
        postId: comment.postId,
        postTitle: postTitle ?? '',
        content: comment.content,
        authorName: authorName ?? 'Unknown User',
        createdAt: comment.createdAt.toISOString(),
      })),
      nextCursor: nextCursorOf(rows.map(({ comment }) => comment)),
    };
  }
  const [total] = await db.select({ n: count() }).from(forumTopics);
  const rows = await db
    .select({ topic: forumTopics, authorName: profiles.displayName })
    .from(forumTopics)
    .leftJoin(profiles, eq(profiles.id, forumTopics.userId))
    .where(olderThan(sql`${forumTopics.createdAt}`, sql`${forumTopics.id}`, after))
    .orderBy(desc(forumTopics.createdAt), desc(forumTopics.id))
    .limit(builderLimit(ADMIN_PAGE_SIZE + 1));
  return {
    kind,
    total: total?.n ?? 0,
    items: rows.slice(0, ADMIN_PAGE_SIZE).map(({ topic, authorName }) => ({
      id: topic.id,
      title: topic.title,
      content: topic.content,
      isPinned: topic.isPinned,
      isLocked: topic.isLocked,
      repliesCount: topic.repliesCount,
      viewsCount: topic.viewsCount,
      authorName: authorName ?? 'Unknown User',
      createdAt: topic.createdAt.toISOString(),
    })),
    nextCursor: nextCursorOf(rows.map(({ topic }) => topic)),
  };
}

/**
 * What an entry acted on, by name: as it reads now (a title edited since reads as today), else as the
 * entry recorded it; a comment is named by its post, a reply by its topic, a join request by its circle,
 * a module's change by its course (`details.title` is then the module's own title, for the phrase).
 * Courses and categories compare as text: a reorder's entry names no single one (its id is not a number
 * or uuid), and those tables are a few dozen rows.
 * Only the branch of the entry's own type runs, so each id is cast only where it is one.
 */
const targetNameOf = sql<string | null>`case ${auditLog.targetType}
  when 'post' then coalesce((select p.title from posts p where p.id = ${auditLog.targetId}::uuid), ${auditLog.details}->>'title')
  when 'comment' then (select p.title from posts p where p.id = (${auditLog.details}->>'postId')::uuid)
  when 'forum_topic' then coalesce((select ft.title from forum_topics ft where ft.id = ${auditLog.targetId}::uuid), ${auditLog.details}->>'title')
  when 'forum_reply' then (select ft.title from forum_topics ft where ft.id = (${auditLog.details}->>'topicId')::uuid)
  when 'user' then (select pr.display_name from profiles pr where pr.id = ${auditLog.targetId})
  when 'circle' then coalesce((select c.name from circles c where c.id = ${auditLog.targetId}::uuid), ${auditLog.details}->>'name')
  when 'circle_membership' then (select c.name from circles c where c.id = (${auditLog.details}->>'circleId')::uuid)
  when 'pod' then coalesce((select p.name from pods p where p.id = ${auditLog.targetId}::uuid), ${auditLog.details}->>'name')
  when 'pod_membership' then coalesce((select p.name from pods p where p.id = (${auditLog.details}->>'podId')::uuid), ${auditLog.details}->>'name')
  when 'event' then coalesce((select e.title from circle_events e where e.id = ${auditLog.targetId}::uuid), ${auditLog.details}->>'title')
  when 'course' then coalesce((select c.title from courses c where c.id::text = ${auditLog.targetId}), ${auditLog.details}->>'courseTitle', ${auditLog.details}->>'title')
  when 'lesson' then coalesce((select l.title from lessons l where l.id = ${auditLog.targetId}), ${auditLog.details}->>'title')
  when 'ritual' then coalesce((select r.title from rituals r where r.id = ${auditLog.targetId}::uuid), ${auditLog.details}->>'title')
  when 'forum_category' then coalesce((select fc.name from forum_categories fc where fc.id::text = ${auditLog.targetId}), ${auditLog.details}->>'name')
  when 'bath_ingredient' then coalesce((select bi.name from bath_ingredients bi where bi.id::text = ${auditLog.targetId}), ${auditLog.details}->>'name')
end`;
/** The member concerned beside the target: whose request was decided, whose content was deleted. */
const memberNameOf = sql<
  string | null
>`(select pr.display_name from profiles pr where pr.id = coalesce(${auditLog.details}->>'userId', ${auditLog.details}->>'authorId'))`;

export async function listAudit(db: Db, cursor?: string): Promise<AuditPage> {
  const after = pageAfter(cursor);
  const rows = await db
    .select({ entry: auditLog, actorName: profiles.displayName, targetName: targetNameOf, memberName: memberNameOf })
    .from(auditLog)
    .leftJoin(profiles, eq(profiles.id, auditLog.actorId))
    .where(olderThan(sql`${auditLog.createdAt}`, sql`${auditLog.id}`, after))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(builderLimit(ADMIN_PAGE_SIZE + 1));
  return {
    items: rows.slice(0, ADMIN_PAGE_SIZE).map(({ entry, actorName, targetName, memberName }) => ({
      id: entry.id,
      actorName: actorName ?? (entry.actorId ? 'Unknown User' : 'System'),
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      targetName,
      memberName,
      details: (entry.details ?? {}) as Record<string, unknown>,
      createdAt: entry.createdAt.toISOString(),
    })),
    nextCursor: nextCursorOf(rows.map(({ entry }) => entry)),
  };
}

const audit = (
  tx: Db,
  actorId: string,
  action: string,
  targetType: string,
  targetId: string,
  details: Record<string, unknown> = {},
) => tx.insert(auditLog).values({ actorId, action, targetType, targetId, details });

export async function createCircle(db: Db, actorId: string, body: CircleBody): Promise<string> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(circles)
      .values({
        name: body.name,
        description: body.description,
        type: body.type,
        focusArea: body.focusArea,
        maxMembers: body.maxMembers,
        isActive: body.isActive ?? true,
        createdBy: actorId,
      })
      .returning({ id: circles.id });
    if (!created) throw new Error('The circle was not saved');
    await audit(tx, actorId, 'circle.create', 'circle', created.id, { name: body.name });
    return created.id;
  });
}

/**
 * An edit. A new name renames the circle's chat too (members see it titled with the circle's name);
 * archiving closes the chat to its members, as the rest of the circle, and reactivating reopens it.
 */
export async function updateCircle(db: Db, actorId: string, circleId: string, body: CircleBody): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ name: circles.name, isActive: circles.isActive, conversationId: circles.conversationId })
      .from(circles)
      .where(eq(circles.id, circleId))
      .for('update');
    if (!before) throw notFound('This circle does not exist');
    const isActive = body.isActive ?? true;
    const updated = await tx
      .update(circles)
      .set({
        name: body.name,
        description: body.description,
        type: body.type,
        focusArea: body.focusArea,
        maxMembers: body.maxMembers,
        isActive,
        updatedAt: sql`now()`,
      })
      .where(eq(circles.id, circleId))
      .returning({ id: circles.id });
    if (updated.length === 0) throw notFound('This circle does not exist');
    if (before.conversationId && before.name !== body.name) {
      await renameGroupConversation(tx, before.conversationId, body.name);
    }
    if (before.conversationId && before.isActive && !isActive) await closeCircleChat(tx, before.conversationId);
    if (before.conversationId && !before.isActive && isActive) {
      await reopenCircleChat(tx, circleId, before.conversationId);
    }
    await audit(tx, actorId, 'circle.update', 'circle', circleId, { name: body.name });
  });
}

/** Every circle, active or not, for the admins to edit (a few hundred at most). */
export async function listAllCircles(db: Db) {
  const rows = await db.select().from(circles).orderBy(desc(circles.isActive), circles.name).limit(builderLimit(500));
  return rows.map((circle) => ({
    id: circle.id,
    name: circle.name,
    description: circle.description,
    type: circle.type as CircleBody['type'],
    focusArea: circle.focusArea,
    maxMembers: circle.maxMembers,
    isActive: circle.isActive,
  }));
}
