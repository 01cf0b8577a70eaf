import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvents } from '../../../lib/realtime.tsx';

/**
 * What happens to her pods reaches her open page through her notifications (a request for the mentor,
 * a decision or a removal for her, a new meeting): the pods are read again, so a card or the pod page
 * changes without a reload. With those notifications switched off she sees it on her next visit.
 */
export function useLivePods() {
  const queryClient = useQueryClient();
  useRealtimeEvents((event) => {
    const isPodNews = event.type === 'notification.created' && event.notification.type.startsWith('pod_');
    if (isPodNews || event.type === 'resync') {
      void queryClient.invalidateQueries({ queryKey: ['pods'] }, { cancelRefetch: false });
    }
  });
}
