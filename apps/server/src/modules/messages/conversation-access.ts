import type { ConversationKind } from '@lunara/shared/messages';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { canUseCommunity } from '../billing/community-access.ts';

export const CONVERSATION_NOT_FOUND = 'This conversation does not exist';

export interface ConversationAccess {
  kind: ConversationKind;
  /** The other member of a direct conversation; null in a group. */
  recipientId: string | null;
  title: string | null;
}

/**
 * What `me` may do in the conversation: one of its pair, or a current member of a group. Anyone else
 * (including a member who left or was removed) gets the same 404 as for a conversation that does not
 * exist: she learns nothing about it.
 */
export async function accessConversation(db: Db, me: string, conversationId: string): Promise<ConversationAccess> {
  const [row] = await queryRows<{ kind: ConversationKind; recipient_id: string | null; title: string | null }>(
    db,
    sql`select c.kind, c.title,
          case when c.kind = 'direct'
            then case when c.participant_a = ${me} then c.participant_b else c.participant_a end end as recipient_id
        from conversations c
        where c.id = ${conversationId}
          and (c.participant_a = ${me} or c.participant_b = ${me}
               or exists (select 1 from conversation_members cm
                          where cm.conversation_id = c.id and cm.user_id = ${me} and cm.left_at is null))`,
  );
  if (!row) throw notFound(CONVERSATION_NOT_FOUND);
  return { kind: row.kind, recipientId: row.recipient_id, title: row.title };
}

/** The current members of a group (bounded by GROUP_MEMBERS_MAX, which adding enforces). */
export async function currentGroupMembers(db: Db, conversationId: string): Promise<string[]> {
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`select user_id from conversation_members where conversation_id = ${conversationId} and left_at is null`,
  );
  return rows.map((row) => row.user_id);
}

/**
 * Whom a new group message reaches (events and notifications): current members who may use Messages now.
 * A member whose membership lapsed hears nothing of the group until it is back, as she cannot open it.
 */
export async function reachableGroupMembers(db: Db, conversationId: string): Promise<string[]> {
  const rows = await queryRows<{ user_id: string }>(
    db,
    sql`select cm.user_id from conversation_members cm
        where cm.conversation_id = ${conversationId} and cm.left_at is null and ${canUseCommunity(sql`cm.user_id`)}`,
  );
  return rows.map((row) => row.user_id);
}
