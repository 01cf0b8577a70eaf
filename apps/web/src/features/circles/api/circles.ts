import type { Circle, CircleRequest, JoinResult } from '@lunara/shared/circles';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export const getCirclesQueryOptions = () =>
  queryOptions({
    queryKey: ['circles'],
    queryFn: () => apiFetch<{ circles: Circle[] }>('/api/circles'),
    // Decisions on her requests may have come while another tab of the page was open (useLiveCircles
    // listens only while the circles show): opening them reads them again.
    refetchOnMount: 'always',
  });
export const useCircles = () => useQuery(getCirclesQueryOptions());

export const getRequestsQueryOptions = () =>
  queryOptions({
    queryKey: ['circles', 'requests'],
    queryFn: () => apiFetch<{ requests: CircleRequest[] }>('/api/circles/requests'),
  });
export const useCircleRequests = (enabled: boolean) => useQuery({ ...getRequestsQueryOptions(), enabled });

function useCircleMutation<TInput, TResult>(action: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: action, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['circles'] }) });
}

export const useJoinCircle = () =>
  useCircleMutation(({ circleId, idempotencyKey }: { circleId: string; idempotencyKey: string }) =>
    apiFetch<JoinResult>(`/api/circles/${circleId}/join`, { method: 'POST', body: {}, idempotencyKey }),
  );
export const useLeaveCircle = () =>
  useCircleMutation((circleId: string) =>
    apiFetch<{ ok: true }>(`/api/circles/${circleId}/membership`, { method: 'DELETE' }),
  );
export const useDecideRequest = () =>
  useCircleMutation(({ requestId, approve }: { requestId: string; approve: boolean }) =>
    apiFetch<{ ok: true }>(`/api/circles/requests/${requestId}/${approve ? 'approve' : 'decline'}`, {
      method: 'POST',
      body: {},
    }),
  );
