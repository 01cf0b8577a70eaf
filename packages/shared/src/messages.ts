import { z } from 'zod';
import { authorSchema } from './feed.ts';
import { CONVERSATION_KINDS, MEMBER_SEARCH_QUERY_MAX, MESSAGE_MAX } from './messages-constants.ts';
import { memberIdSchema } from './params.ts';
import { multiLineText, optionalSingleLineText } from './text.ts';

export type { ConversationKind } from './messages-constants.ts';
export {
  ANONYMOUS_SISTER,
  CONVERSATION_KINDS,
  CONVERSATIONS_PAGE_SIZE,
  GROUP_MEMBERS_FULL,
  GROUP_MEMBERS_MAX,
  GROUP_TITLE_MAX,
  GROUP_TITLE_REQUIRED,
  GROUP_TITLE_TOO_LONG,
  MEMBER_SEARCH_LIMIT,
  MEMBER_SEARCH_QUERY_MAX,
  MESSAGE_MAX,
  MESSAGES_PAGE_SIZE,
  NO_SELF_MESSAGES,
  RECIPIENT_CANNOT_USE_MESSAGES,
  UNREAD_COUNT_CAP,
} from './messages-constants.ts';

export const memberSearchQuerySchema = z.object({
  q: optionalSingleLineText(MEMBER_SEARCH_QUERY_MAX, 'The search').default(''),
});

export const memberSearchResultSchema = z.object({ members: z.array(authorSchema) });
export type MemberSearchResult = z.infer<typeof memberSearchResultSchema>;

export const startConversationBodySchema = z.object({
  userId: memberIdSchema('Choose a sister to write to'),
});

export const sendMessageBodySchema = z.object({
  content: multiLineText(MESSAGE_MAX, 'Write a message first', 'A message'),
});

export const conversationSchema = z.object({
  id: z.string(),
  kind: z.enum(CONVERSATION_KINDS),
  /** A group's name; null for a direct conversation (it is named after the other member). */
  title: z.string().nullable(),
  /** Direct: the pair. Group: its current members, longest there first. */
  participants: z.array(z.string()),
  /** The member she is writing with; null in a group. */
  otherParticipant: authorSchema.nullable(),
  memberCount: z.number().int(),
  lastMessageAt: z.string(),
  lastMessageContent: z.string().nullable(),
  /** Who wrote the last message (groups show "Bella: ..."); null before the first. */
  lastMessageSenderId: z.string().nullable(),
  lastMessageSenderName: z.string().nullable(),
  /** Capped at UNREAD_COUNT_CAP. */
  unreadCount: z.number().int(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationPageSchema = z.object({
  items: z.array(conversationSchema),
  nextCursor: z.string().nullable(),
  /** Unread incoming messages across all of the member's conversations. */
  unreadTotal: z.number().int(),
});
export type ConversationPage = z.infer<typeof conversationPageSchema>;

export const startedConversationSchema = z.object({ conversation: conversationSchema, created: z.boolean() });

export const messageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  senderId: z.string(),
  /** The other member in a direct conversation; null in a group. */
  recipientId: z.string().nullable(),
  content: z.string(),
  messageType: z.literal('text'),
  isRead: z.boolean(),
  createdAt: z.string(),
  sender: authorSchema,
  /** Only to a member who blocked its author: the text is not sent, a "hidden" line shows instead. */
  hiddenByBlock: z.boolean().optional(),
});
export type Message = z.infer<typeof messageSchema>;

/** Messages oldest first within the page; `nextCursor` pages back to earlier ones. */
export const messagePageSchema = z.object({ items: z.array(messageSchema), nextCursor: z.string().nullable() });
export type MessagePage = z.infer<typeof messagePageSchema>;
