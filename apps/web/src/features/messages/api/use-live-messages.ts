import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvents } from '../../../lib/realtime.tsx';

/**
 * Keeps conversations and the open thread current from the event stream (the spec reloads both on a
 * new message). Several components may use it at once: refetches already running are not cancelled.
 */
export function useLiveMessages() {
  const queryClient = useQueryClient();
  useRealtimeEvents((event) => {
    const refetch = (queryKey: unknown[], exact = false) =>
      queryClient.invalidateQueries({ queryKey, exact }, { cancelRefetch: false });
    if (event.type === 'message.created') {
      void refetch(['conversations'], true);
      void refetch(['conversations', event.conversationId, 'messages']);
    } else if (event.type === 'conversation.read') {
      void refetch(['conversations'], true);
    } else if (event.type === 'conversation.changed') {
      // Joined, left, renamed: the list, the conversation and its thread (a 404 now if she left).
      void refetch(['conversations']);
    } else if (event.type === 'resync') {
      void refetch(['conversations']);
    }
  });
}
