import { z } from 'zod';
import { authorSchema } from './feed.ts';
import { memberIdSchema } from './params.ts';
import { multiLineText, optionalSingleLineText } from './text.ts';

export const MESSAGE_MAX = 2_000;
export const MEMBER_SEARCH_LIMIT = 10;
export const MEMBER_SEARCH_QUERY_MAX = 80;
export const CONVERSATIONS_PAGE_SIZE = 20;
export const MESSAGES_PAGE_SIZE = 50;
/** A direct conversation is between two members; a group (a mentorship pod's) has a title and members. */
export const CONVERSATION_KINDS = ['direct', 'group'] as const;
export type ConversationKind = (typeof CONVERSATION_KINDS)[number];
export const GROUP_TITLE_MAX = 120;
/** Unread counts stop here (the badge shows "99+"): counting further costs reads and tells her nothing. */
export const UNREAD_COUNT_CAP = 100;
/** Pods are 2 to 8 members and a mentor: this bounds every list of a group's members with room to spare. */
export const GROUP_MEMBERS_MAX = 50;
export const GROUP_MEMBERS_FULL = `A group conversation has at most ${GROUP_MEMBERS_MAX} members`;
export const GROUP_TITLE_REQUIRED = 'A group conversation needs a title';
export const GROUP_TITLE_TOO_LONG = `A group title is at most ${GROUP_TITLE_MAX} characters`;
/** The spec's fallback for a profile without a name. */
export const ANONYMOUS_SISTER = 'Anonymous Sister';
export const NO_SELF_MESSAGES = 'You cannot send a message to yourself';
/** Why the server refuses a conversation or a message with someone Messages are closed to (a 403). */
export const RECIPIENT_CANNOT_USE_MESSAGES =
  'This sister cannot receive messages: Messages are only for members with an active membership';

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
