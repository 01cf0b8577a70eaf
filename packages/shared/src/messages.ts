import { z } from 'zod';
import { authorSchema } from './feed.ts';
import { memberIdSchema } from './params.ts';
import { multiLineText, optionalSingleLineText } from './text.ts';

export const MESSAGE_MAX = 2_000;
export const MEMBER_SEARCH_LIMIT = 10;
export const MEMBER_SEARCH_QUERY_MAX = 80;
export const CONVERSATIONS_PAGE_SIZE = 20;
export const MESSAGES_PAGE_SIZE = 50;
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
  participants: z.tuple([z.string(), z.string()]),
  otherParticipant: authorSchema,
  lastMessageAt: z.string(),
  lastMessageContent: z.string().nullable(),
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
  recipientId: z.string(),
  content: z.string(),
  messageType: z.literal('text'),
  isRead: z.boolean(),
  createdAt: z.string(),
  sender: authorSchema,
});
export type Message = z.infer<typeof messageSchema>;

/** Messages oldest first within the page; `nextCursor` pages back to earlier ones. */
export const messagePageSchema = z.object({ items: z.array(messageSchema), nextCursor: z.string().nullable() });
export type MessagePage = z.infer<typeof messagePageSchema>;
