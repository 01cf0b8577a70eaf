import type { Circle, CircleRequest, JoinResult } from '@lunara/shared/circles';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export const getCirclesQueryOptions = () =>
  queryOptions({ queryKey: ['circles'], queryFn: () => apiFetch<{ circles: Circle[] }>('/api/circles') });
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
  useCircleMutation((circleId: string) =>
    apiFetch<JoinResult>(`/api/circles/${circleId}/join`, { method: 'POST', body: {} }),
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
