import { CANNOT_MESSAGE_MEMBER } from '@lunara/shared/blocks';
import {
  CONVERSATIONS_PAGE_SIZE,
  type Conversation,
  type ConversationKind,
  type ConversationPage,
  NO_SELF_MESSAGES,
  UNREAD_COUNT_CAP,
} from '@lunara/shared/messages';
import { servedAvatarUrl } from '@lunara/shared/urls';
import { and, eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { literalLimit } from '../../db/literal-limit.ts';
import { profiles } from '../../db/schema/members.ts';
import { conversations } from '../../db/schema/messages.ts';
import { AppError, forbidden, notFound } from '../../errors.ts';
import { decodeCursor, encodeCursor, timestampFromMicros } from '../../lib/cursor.ts';
import { isBlockedEitherWay } from '../blocks/block-service.ts';
import { accessConversation, CONVERSATION_NOT_FOUND } from './conversation-access.ts';
import { assertCanReceiveMessages } from './messaging-access.ts';

interface ConversationRow {
  id: string;
  kind: ConversationKind;
  title: string | null;
  participants: string[];
  member_count: number;
  last_message_at: Date | string;
  last_micros: string;
  other_id: string | null;
  other_name: string | null;
  other_avatar: string | null;
  last_content: string | null;
  last_sender_id: string | null;
  last_sender_name: string | null;
  unread: number;
}

const UNREAD_CAP = literalLimit(UNREAD_COUNT_CAP);

/**
 * Her unread messages in one conversation `c`, counted up to the cap: in a direct one, those sent to her
 * and not read; in a group, the others' messages after the time she last read it.
 */
const unreadIn = (me: string) => sql`(select count(*)::int from (
  select 1 from messages m
  where c.kind = 'direct' and m.recipient_id = ${me} and m.conversation_id = c.id and m.is_read = false
  union all
  select 1 from messages m join conversation_members cm on cm.conversation_id = m.conversation_id and cm.user_id = ${me}
  where c.kind = 'group' and m.conversation_id = c.id and m.sender_id <> ${me} and m.created_at > cm.last_read_at
  limit ${UNREAD_CAP}) unread)`;

/** The columns every conversation view needs, for member `me`, over a row source aliased `c`. */
const summaryColumns = (me: string) => sql`
  c.id, c.kind, c.title, c.last_message_at,
  (extract(epoch from c.last_message_at) * 1000000)::bigint::text as last_micros,
  case when c.kind = 'direct' then array[c.participant_a, c.participant_b]
    else coalesce((select array_agg(cm.user_id order by cm.joined_at, cm.user_id) from conversation_members cm
                   where cm.conversation_id = c.id and cm.left_at is null), array[]::text[]) end as participants,
  case when c.kind = 'direct' then 2
    else (select count(*)::int from conversation_members cm where cm.conversation_id = c.id and cm.left_at is null)
    end as member_count,
  p.id as other_id, p.display_name as other_name, p.avatar_url as other_avatar,
  last.content as last_content, last.sender_id as last_sender_id, last.sender_name as last_sender_name,
  ${unreadIn(me)} as unread`;

/** The other member's profile (direct only) and the newest message with its sender's name. */
const joins = (me: string) => sql`
  left join profiles p on c.kind = 'direct'
    and p.id = case when c.participant_a = ${me} then c.participant_b else c.participant_a end
  left join lateral (select m.content, m.sender_id, sp.display_name as sender_name from messages m
      join profiles sp on sp.id = m.sender_id
      where m.conversation_id = c.id order by m.created_at desc, m.id desc limit 1) last on true`;

function toConversation(row: ConversationRow): Conversation {
  const other =
    row.kind === 'direct' && row.other_id
      ? { id: row.other_id, displayName: row.other_name ?? '', avatarUrl: servedAvatarUrl(row.other_avatar) }
      : null;
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    participants: row.participants,
    otherParticipant: other,
    memberCount: Number(row.member_count),
    lastMessageAt: new Date(row.last_message_at).toISOString(),
    lastMessageContent: row.last_content,
    lastMessageSenderId: row.last_sender_id,
    lastMessageSenderName: row.last_sender_name,
    unreadCount: Number(row.unread),
  };
}

/** Her unread messages everywhere: direct ones by their flag, each group's counted up to the cap. */
async function countUnread(db: Db, me: string): Promise<number> {
  const [row] = await queryRows<{ direct: number; grouped: number }>(
    db,
    sql`select
      (select count(*)::int from messages where recipient_id = ${me} and is_read = false) as direct,
      (select coalesce(sum((select count(*) from (select 1 from messages m
          where m.conversation_id = cm.conversation_id and m.sender_id <> ${me} and m.created_at > cm.last_read_at
          limit ${UNREAD_CAP}) unread)), 0)::int
        from conversation_members cm where cm.user_id = ${me} and cm.left_at is null) as grouped`,
  );
  return Number(row?.direct ?? 0) + Number(row?.grouped ?? 0);
}

/**
 * The member's conversations, most recent activity first, keyset-paged on (last_message_at, id).
 * Each side of a direct pair has its own index, and her group memberships theirs, so the three are
 * read separately and merged. A direct conversation shows for the one she is with only once it has a
 * message; a group shows to its members at once.
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
  const groups = sql`
    (select c.* from conversation_members cm join conversations c on c.id = cm.conversation_id
     where cm.user_id = ${me} and cm.left_at is null ${before}
     order by c.last_message_at desc, c.id desc limit ${literalLimit(limit)})`;
  const rows = await queryRows<ConversationRow>(
    db,
    sql`select ${summaryColumns(me)}
        from (${side('participant_a')} union all ${side('participant_b')} union all ${groups}) c ${joins(me)}
        order by c.last_message_at desc, c.id desc
        limit ${literalLimit(limit)}`,
  );
  const page = rows.slice(0, CONVERSATIONS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map(toConversation),
    nextCursor: rows.length > CONVERSATIONS_PAGE_SIZE && last ? encodeCursor([last.last_micros, last.id]) : null,
    unreadTotal: await countUnread(db, me),
  };
}

/** One conversation as its participant (or current group member) `me` sees it; anyone else gets a 404. */
export async function getConversation(db: Db, me: string, conversationId: string): Promise<Conversation> {
  await accessConversation(db, me, conversationId);
  const [row] = await queryRows<ConversationRow>(
    db,
    sql`select ${summaryColumns(me)} from conversations c ${joins(me)} where c.id = ${conversationId}`,
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
  if (await isBlockedEitherWay(db, me, otherId)) throw forbidden(CANNOT_MESSAGE_MEMBER);
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
