import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useRealtimeEvents } from '../../../lib/realtime.tsx';
import { circleQueryKey } from './circle-page.ts';

/** What a circle's page shows of its inside, by query key: posts, events, members and requests. */
const insideKeys = (circleId: string) => [
  ['posts', 'circle', circleId],
  ['events', 'circle', circleId],
  ['circles', 'one', circleId, 'members'],
  ['circles', 'one', circleId, 'requests'],
];

/**
 * Keeps a circle's page true to her membership: a change to it (approved, removed, a host named) or a
 * reconnect reads the page and its inside again, so a member removed while it is open sees the
 * outsider's view at once instead of the posts she may no longer read.
 */
export function useLiveCircle(circleId: string) {
  const queryClient = useQueryClient();
  useRealtimeEvents((event) => {
    const isThisCircle = event.type === 'circle.membership-changed' && event.circleId === circleId;
    if (!isThisCircle && event.type !== 'resync') return;
    for (const queryKey of [circleQueryKey(circleId), ...insideKeys(circleId)]) {
      void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
    }
  });
}

/** Once she can no longer see inside, nothing of it stays in this tab's memory. */
export function useForgetInside(circleId: string, canSeeInside: boolean | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (canSeeInside !== false) return;
    for (const queryKey of insideKeys(circleId)) queryClient.removeQueries({ queryKey });
  }, [canSeeInside, circleId, queryClient]);
}

/**
 * A read of the inside refused with 403 (she left in another tab, or was removed) means the page is out
 * of date: read it again, and it turns into the outsider's view.
 */
export function useRecheckOnRefusal(circleId: string, error: unknown) {
  const queryClient = useQueryClient();
  const refused = error instanceof ApiError && error.status === 403;
  useEffect(() => {
    if (refused) void queryClient.invalidateQueries({ queryKey: circleQueryKey(circleId), exact: true });
  }, [refused, circleId, queryClient]);
}
