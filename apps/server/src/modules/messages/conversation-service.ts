import {
  CONVERSATIONS_PAGE_SIZE,
  type Conversation,
  type ConversationPage,
  NO_SELF_MESSAGES,
} from '@lunara/shared/messages';
import { servedAvatarUrl } from '@lunara/shared/urls';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { literalLimit } from '../../db/literal-limit.ts';
import { profiles } from '../../db/schema/members.ts';
import { conversations } from '../../db/schema/messages.ts';
import { AppError, notFound } from '../../errors.ts';
import { decodeCursor, encodeCursor, timestampFromMicros } from '../../lib/cursor.ts';
import { assertCanReceiveMessages } from './messaging-access.ts';

export const CONVERSATION_NOT_FOUND = 'This conversation does not exist';

interface ConversationRow {
  id: string;
  participant_a: string;
  participant_b: string;
  last_message_at: Date | string;
  last_micros: string;
  other_id: string;
  other_name: string;
  other_avatar: string | null;
  last_content: string | null;
  unread: number;
}

/** The columns every conversation view needs, for member `me`, over a row source aliased `c`. */
const summaryColumns = (me: string) => sql`
  c.id, c.participant_a, c.participant_b, c.last_message_at,
  (extract(epoch from c.last_message_at) * 1000000)::bigint::text as last_micros,
  p.id as other_id, p.display_name as other_name, p.avatar_url as other_avatar,
  (select m.content from messages m where m.conversation_id = c.id
     order by m.created_at desc, m.id desc limit 1) as last_content,
  (select count(*)::int from messages m
     where m.recipient_id = ${me} and m.conversation_id = c.id and m.is_read = false) as unread`;

const otherJoin = (me: string) =>
  sql`join profiles p on p.id = case when c.participant_a = ${me} then c.participant_b else c.participant_a end`;

function toConversation(row: ConversationRow): Conversation {
  return {
    id: row.id,
    participants: [row.participant_a, row.participant_b],
    otherParticipant: { id: row.other_id, displayName: row.other_name, avatarUrl: servedAvatarUrl(row.other_avatar) },
    lastMessageAt: new Date(row.last_message_at).toISOString(),
    lastMessageContent: row.last_content,
    unreadCount: Number(row.unread),
  };
}

/**
 * The member's conversations, most recent activity first, keyset-paged on (last_message_at, id).
 * Each side of the pair has its own index, so the two halves are read separately and merged. A
 * conversation shows for the one she is with only once it has a message.
 */
export async function listConversations(db: Db, me: string, cursor?: string): Promise<ConversationPage> {
  const after = cursor ? decodeCursor(cursor, ['micros', 'uuid']) : undefined;
  const before = after
    ? sql`and (c.last_message_at, c.id) < (${timestampFromMicros(String(after[0]))}, ${after[1]}::uuid)`
    : sql``;
  const limit = CONVERSATIONS_PAGE_SIZE + 1;
  const side = (column: 'participant_a' | 'participant_b') => sql`
    (select c.* from conversations c where c.${sql.raw(column)} = ${me} ${before}
       and (c.created_by = ${me} or exists (select 1 from messages m where m.conversation_id = c.id))
     order by c.last_message_at desc, c.id desc limit ${literalLimit(limit)})`;
  const rows = await queryRows<ConversationRow>(
    db,
    sql`select ${summaryColumns(me)}
        from (${side('participant_a')} union all ${side('participant_b')}) c ${otherJoin(me)}
        order by c.last_message_at desc, c.id desc
        limit ${literalLimit(limit)}`,
  );
  const page = rows.slice(0, CONVERSATIONS_PAGE_SIZE);
  const last = page.at(-1);
  const [unread] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from messages where recipient_id = ${me} and is_read = false`,
  );
  return {
    items: page.map(toConversation),
    nextCursor: rows.length > CONVERSATIONS_PAGE_SIZE && last ? encodeCursor([last.last_micros, last.id]) : null,
    unreadTotal: Number(unread?.n ?? 0),
  };
}

/** One conversation as its participant `me` sees it; anyone else gets a 404. */
export async function getConversation(db: Db, me: string, conversationId: string): Promise<Conversation> {
  const [row] = await queryRows<ConversationRow>(
    db,
    sql`select ${summaryColumns(me)} from conversations c ${otherJoin(me)}
        where c.id = ${conversationId} and (c.participant_a = ${me} or c.participant_b = ${me})`,
  );
  if (!row) throw notFound(CONVERSATION_NOT_FOUND);
  return toConversation(row);
}

/** The pair is stored ordered, which is what makes "one conversation per pair" a unique key. */
export const orderedPair = (one: string, other: string): [string, string] =>
  one < other ? [one, other] : [other, one];

/**
 * Finds the conversation between the two members or starts it; starting twice finds the first. Only
 * with a member who can use Messages.
 */
export async function startConversation(
  db: Db,
  me: string,
  otherId: string,
): Promise<{ conversation: Conversation; created: boolean }> {
  if (otherId === me) throw new AppError('VALIDATION_ERROR', 400, NO_SELF_MESSAGES);
  const [other] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, otherId));
  if (!other) throw notFound('This sister does not exist');
  await assertCanReceiveMessages(db, otherId);
  const [participantA, participantB] = orderedPair(me, otherId);
  const inserted = await db
    .insert(conversations)
    .values({ participantA, participantB, createdBy: me })
    .onConflictDoNothing()
    .returning({ id: conversations.id });
  const id =
    inserted[0]?.id ??
    (
      await db
        .select({ id: conversations.id })
        .from(conversations)
        .where(and(eq(conversations.participantA, participantA), eq(conversations.participantB, participantB)))
    )[0]?.id;
  if (!id) throw new Error('The conversation was neither created nor found');
  return { conversation: await getConversation(db, me, id), created: inserted.length > 0 };
}

/** The other participant, or a 404 when `me` is not in the conversation. */
export async function otherParticipantOf(tx: Db, me: string, conversationId: string): Promise<string> {
  const [row] = await tx
    .select({ a: conversations.participantA, b: conversations.participantB })
    .from(conversations)
    .where(
      and(
        eq(conversations.id, conversationId),
        sql`(${conversations.participantA} = ${me} or ${conversations.participantB} = ${me})`,
      ),
    );
  if (!row) throw notFound(CONVERSATION_NOT_FOUND);
  return row.a === me ? row.b : row.a;
}
