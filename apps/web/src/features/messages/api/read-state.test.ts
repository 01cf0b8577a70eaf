import type { Message } from '@lunara/shared/messages';
import { describe, expect, it } from 'vitest';
import { lastMessageLine, newestToRead, unreadLabel } from './read-state.ts';

const message = (id: string, senderId: string, recipientId: string | null, isRead = false): Message => ({
  id,
  conversationId: 'c',
  senderId,
  recipientId,
  content: id,
  messageType: 'text',
  isRead,
  createdAt: '2026-11-26T00:00:00.000Z',
  sender: { id: senderId, displayName: senderId, avatarUrl: null },
});

describe('what reading a thread waits for', () => {
  it('in a direct conversation: her newest unread incoming message, nothing once all are read', () => {
    const thread = [message('1', 'bea', 'me'), message('2', 'me', 'bea'), message('3', 'bea', 'me')];
    expect(newestToRead(thread, 'me', false)).toBe('3');
    expect(newestToRead([message('1', 'bea', 'me', true), message('2', 'me', 'bea')], 'me', false)).toBeUndefined();
  });

  it('in a group: the newest message from anyone else (there is no per-message flag), never her own', () => {
    const thread = [message('1', 'bea', null), message('2', 'cleo', null), message('3', 'me', null)];
    expect(newestToRead(thread, 'me', true)).toBe('2');
    expect(newestToRead([message('1', 'me', null)], 'me', true)).toBeUndefined();
  });
});

describe('a conversation row', () => {
  const row = { kind: 'group' as const, lastMessageContent: 'See you Sunday', lastMessageSenderName: 'Bella' };
  it('names the sender in a group, "You" for hers, and quotes a direct message alone', () => {
    expect(lastMessageLine({ ...row, lastMessageSenderId: 'bella' }, 'me')).toBe('Bella: See you Sunday');
    expect(lastMessageLine({ ...row, lastMessageSenderId: 'me' }, 'me')).toBe('You: See you Sunday');
    expect(lastMessageLine({ ...row, lastMessageSenderName: ' ', lastMessageSenderId: 'x' }, 'me')).toBe(
      'Anonymous Sister: See you Sunday',
    );
    expect(lastMessageLine({ ...row, kind: 'direct', lastMessageSenderId: 'bella' }, 'me')).toBe('See you Sunday');
    expect(lastMessageLine({ ...row, lastMessageContent: null, lastMessageSenderId: null }, 'me')).toBe(
      'No messages yet',
    );
  });

  it('caps the unread badge at 99+', () => {
    expect([1, 99, 100].map(unreadLabel)).toEqual(['1', '99', '99+']);
  });
});
