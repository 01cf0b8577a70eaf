import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvents } from '../../../lib/realtime.tsx';

/**
 * A moderator's decision on her join request reaches her open page: her circles are read again, so
 * the card turns into Member (or back into Join) without a reload.
 */
export function useLiveCircles() {
  const queryClient = useQueryClient();
  useRealtimeEvents((event) => {
    if (event.type === 'circle.membership-changed' || event.type === 'resync') {
      void queryClient.invalidateQueries({ queryKey: ['circles'] }, { cancelRefetch: false });
    }
  });
}
