import type { SuspendMemberBody, Suspension, SuspensionHistory } from '@lunara/shared/suspensions';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, withCursor } from '../../../lib/api-client.ts';

const base = (userId: string) => `/api/moderation/members/${encodeURIComponent(userId)}/suspensions`;

export const suspendMemberRequest = ({
  userId,
  body,
  idempotencyKey,
}: {
  userId: string;
  body: SuspendMemberBody;
  idempotencyKey: string;
}) => apiFetch<Suspension>(base(userId), { method: 'POST', body, idempotencyKey });

export const liftSuspensionRequest = (userId: string) =>
  apiFetch<Suspension>(`${base(userId)}/current`, { method: 'DELETE' });

/** After a suspension or a lift: the users list (its "Suspended" marks), the queue and the history. */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [['admin', 'users'], ['moderation'], ['suspensions']].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

export function useSuspendMember() {
  const refresh = useRefreshAfterChange();
  return useMutation({ mutationFn: suspendMemberRequest, onSuccess: refresh });
}

export function useLiftSuspension() {
  const refresh = useRefreshAfterChange();
  return useMutation({ mutationFn: liftSuspensionRequest, onSuccess: refresh });
}

export const useSuspensionHistory = (userId: string, enabled = true) =>
  useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: ['suspensions', userId],
      queryFn: ({ pageParam }) => apiFetch<SuspensionHistory>(withCursor(base(userId), pageParam)),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
    }),
    enabled,
  });
