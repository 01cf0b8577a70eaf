import type { Conversation, ConversationPage, MemberSearchResult, Message, MessagePage } from '@lunara/shared/messages';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiFetch, withCursor } from '../../../lib/api-client.ts';

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

export function useSendMessage(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      apiFetch<Message>(`/api/conversations/${conversationId}/messages`, { method: 'POST', body: { content } }),
    // The spec reloads the thread and the list after a send.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['conversations'] }),
  });
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
