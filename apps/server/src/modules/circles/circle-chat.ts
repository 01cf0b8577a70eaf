import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { circleMemberships, circles } from '../../db/schema/circles.ts';
import {
  addGroupMember,
  createGroupConversation,
  type GroupOptions,
  removeGroupMember,
} from '../messages/group-conversations.ts';
import { publishEvents } from '../realtime/publish.ts';

/*
 * A circle's chat (issue 34, decision 034): a group conversation of its approved members, made the first
 * time a member opens the circle. From then on every membership change (instant join, approval, leave,
 * removal) adds or removes her in the same transaction, under the circle's row lock.
 */

/** The circle's own capacity (max_members, up to 10,000) governs its chat, not the pods' cap. */
export const CIRCLE_CHAT: GroupOptions = { maxMembers: null };

/**
 * The circle's conversation, made now if it has none: titled with the circle's name, with all its approved
 * members. Locks the circle's row, so two members opening it at once make one conversation.
 */
export async function ensureCircleConversation(tx: Db, circleId: string): Promise<string | null> {
  const [circle] = await tx
    .select({ name: circles.name, createdBy: circles.createdBy, conversationId: circles.conversationId })
    .from(circles)
    .where(eq(circles.id, circleId))
    .for('update');
  if (!circle) return null;
  if (circle.conversationId) return circle.conversationId;
  const members = await tx
    .select({ userId: circleMemberships.userId })
    .from(circleMemberships)
    .where(and(eq(circleMemberships.circleId, circleId), eq(circleMemberships.status, 'approved')));
  const conversationId = await createGroupConversation(
    tx,
    { title: circle.name, createdBy: circle.createdBy, memberIds: members.map((row) => row.userId) },
    CIRCLE_CHAT,
  );
  await tx.update(circles).set({ conversationId }).where(eq(circles.id, circleId));
  return conversationId;
}

/** She became an approved member: into the chat, if the circle has one yet (else it is made with her). */
export async function joinCircleChat(tx: Db, conversationId: string | null, userId: string): Promise<void> {
  if (conversationId) await addGroupMember(tx, conversationId, userId, CIRCLE_CHAT);
}

/** She left or was removed: out of the chat (she can no longer open, read or hear it). */
export async function leaveCircleChat(tx: Db, conversationId: string | null, userId: string): Promise<void> {
  if (conversationId) await removeGroupMember(tx, conversationId, userId, CIRCLE_CHAT);
}

/**
 * An archived circle exists for staff alone, its chat included: every current member leaves it at once
 * (as removeGroupMember does for one: her unread notifications of it go read, her screens are told).
 */
export async function closeCircleChat(tx: Db, conversationId: string): Promise<void> {
  const left = await queryRows<{ user_id: string }>(
    tx,
    sql`update conversation_members set left_at = now()
        where conversation_id = ${conversationId} and left_at is null returning user_id`,
  );
  if (left.length === 0) return;
  await tx.execute(
    sql`update notifications set read = true
        where read = false and type = 'message' and data->>'conversationId' = ${conversationId}
          and user_id in (select user_id from conversation_members
                          where conversation_id = ${conversationId} and left_at is not null)`,
  );
  await publishEvents(
    tx,
    left.map((row) => ({ userId: row.user_id, event: { type: 'conversation.changed' as const, conversationId } })),
  );
}

/** The circle is active again: its approved members are back in its chat, reading from now on. */
export async function reopenCircleChat(tx: Db, circleId: string, conversationId: string): Promise<void> {
  const back = await queryRows<{ user_id: string }>(
    tx,
    sql`insert into conversation_members (conversation_id, user_id)
        select ${conversationId}, cm.user_id from circle_memberships cm
        where cm.circle_id = ${circleId} and cm.status = 'approved'
        on conflict (conversation_id, user_id) do update
          set left_at = null, joined_at = now(), last_read_at = now()
          where conversation_members.left_at is not null
        returning user_id`,
  );
  await publishEvents(
    tx,
    back.map((row) => ({ userId: row.user_id, event: { type: 'conversation.changed' as const, conversationId } })),
  );
}
