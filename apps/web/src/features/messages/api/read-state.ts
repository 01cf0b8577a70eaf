import type { Conversation, Message } from '@lunara/shared/messages';
import { ANONYMOUS_SISTER } from '@lunara/shared/messages-constants';

/**
 * The message whose arrival means "read the conversation now": in a direct one, her newest unread
 * incoming message (the server marks each); in a group, where read state is a per-member marker, the
 * newest message from anyone else (reading when nothing is new costs one request that changes nothing).
 */
export function newestToRead(messages: Message[], viewerId: string, isGroup: boolean): string | undefined {
  if (isGroup) return messages.findLast((m) => m.senderId !== viewerId)?.id;
  return messages.findLast((m) => m.recipientId === viewerId && !m.isRead)?.id;
}

export const memberCountLabel = (count: number) => `${count} ${count === 1 ? 'member' : 'members'}`;

/** Unread counts stop at the server's cap: past 99 the badge says "99+". */
export const unreadLabel = (count: number) => (count > 99 ? '99+' : String(count));

/** "Bella: see you Sunday" in a group's row ("You: ..." for hers); a direct row quotes the words alone. */
export function lastMessageLine(
  conversation: Pick<Conversation, 'kind' | 'lastMessageContent' | 'lastMessageSenderId' | 'lastMessageSenderName'>,
  viewerId: string | undefined,
): string {
  const content = conversation.lastMessageContent;
  if (content === null) return 'No messages yet';
  if (conversation.kind !== 'group') return content;
  if (conversation.lastMessageSenderId === viewerId) return `You: ${content}`;
  const sender = conversation.lastMessageSenderName?.trim() || ANONYMOUS_SISTER;
  return `${sender}: ${content}`;
}
