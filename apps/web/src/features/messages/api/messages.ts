import type { Conversation, ConversationPage, MemberSearchResult, Message, MessagePage } from '@lunara/shared/messages';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError, apiFetch, withCursor } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { useMe } from '../../auth/api/get-me.ts';
import { addOutgoing, isSending, markSending, type OutgoingMessage, outboxName, removeOutgoing } from './outbox.ts';

export const conversationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['conversations'],
    queryFn: ({ pageParam }) => apiFetch<ConversationPage>(withCursor('/api/conversations', pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
export const useConversations = () => useInfiniteQuery(conversationsQueryOptions());

/** Her unread messages across conversations (the first page carries the total). */
export const useUnreadMessages = () => useConversations().data?.pages[0]?.unreadTotal ?? 0;

export const conversationQueryOptions = (conversationId: string) =>
  queryOptions({
    queryKey: ['conversations', conversationId],
    queryFn: () => apiFetch<Conversation>(`/api/conversations/${conversationId}`),
  });
export const useConversation = (conversationId: string) => useQuery(conversationQueryOptions(conversationId));

export const threadQueryOptions = (conversationId: string) =>
  infiniteQueryOptions({
    queryKey: ['conversations', conversationId, 'messages'],
    queryFn: ({ pageParam }) =>
      apiFetch<MessagePage>(withCursor(`/api/conversations/${conversationId}/messages`, pageParam)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
export const useThread = (conversationId: string) => useInfiniteQuery(threadQueryOptions(conversationId));

export const useMemberSearch = (query: string) =>
  useQuery({
    queryKey: ['member-search', query],
    queryFn: () => apiFetch<MemberSearchResult>(`/api/members/search?q=${encodeURIComponent(query)}`),
    enabled: query.trim().length > 0,
    staleTime: 60_000,
  });

export function useStartConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      apiFetch<{ conversation: Conversation; created: boolean }>('/api/conversations', {
        method: 'POST',
        body: { userId },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['conversations'], exact: true }),
  });
}

/**
 * Sends her messages through the outbox: each waits there, shown as "Sending..." and then, if it fails,
 * "Failed" with Retry, until the server has it; every attempt of one message carries its one key, so a
 * retry after a lost answer is kept once. Deliberately `networkMode: 'always'`: under 'online' TanStack
 * Query pauses a send made offline and sends it by itself when the connection returns, unseen, which is
 * how a text used to arrive later and twice. Here an offline attempt fails at once and waits for Retry.
 */
export function useSendMessage(conversationId: string) {
  const queryClient = useQueryClient();
  const { user } = useMe();
  const outbox = user ? outboxName(user.id, conversationId) : null;
  const thread = threadQueryOptions(conversationId);
  const { mutate } = useMutation({
    networkMode: 'always',
    mutationFn: (message: OutgoingMessage) =>
      apiFetch<Message>(`/api/conversations/${conversationId}/messages`, {
        method: 'POST',
        body: { content: message.content },
        idempotencyKey: message.key,
      }),
    onSuccess: (sent, message) => {
      // In the thread at once, where the outbox bubble was, before the reload brings it anyway.
      queryClient.setQueryData(thread.queryKey, (data) => {
        const [newest, ...older] = data?.pages ?? [];
        if (!data || !newest || data.pages.some((page) => page.items.some((m) => m.id === sent.id))) return data;
        return { ...data, pages: [{ ...newest, items: [...newest.items, sent] }, ...older] };
      });
      if (outbox) removeOutgoing(outbox, message.key);
    },
    onError: (error) =>
      toast.error('Failed to send message. Please try again.', {
        description: error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : undefined,
      }),
    onSettled: (_sent, _error, message) => {
      markSending(message.key, false);
      // The spec reloads the thread and the list after a send.
      return queryClient.invalidateQueries({ queryKey: ['conversations'] });
    },
  });
  return {
    /** False until the session is known: there is no outbox to keep the message in yet. */
    ready: outbox !== null,
    /** A new message, with its own key: into the outbox, then to the server. */
    send: (content: string) => {
      if (!outbox) return;
      const message = { key: crypto.randomUUID(), content };
      markSending(message.key, true);
      addOutgoing(outbox, message);
      mutate(message);
    },
    /** The same message again, with the same key; never while an attempt of it is still out. */
    retry: (message: OutgoingMessage) => {
      if (isSending(message.key)) return;
      markSending(message.key, true);
      mutate(message);
    },
    /** Takes a failed message out of the outbox (into the message box, to change it). */
    remove: (message: OutgoingMessage) => {
      if (outbox) removeOutgoing(outbox, message.key);
    },
  };
}

export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (conversationId: string) =>
      apiFetch<{ updated: number }>(`/api/conversations/${conversationId}/read`, { method: 'POST', body: {} }),
    onSuccess: ({ updated }) => {
      if (updated > 0) return queryClient.invalidateQueries({ queryKey: ['conversations'], exact: true });
    },
    // Spec: a failed mark-read is only logged.
    onError: (error) => console.warn('Could not mark the conversation read', error),
  });
}
