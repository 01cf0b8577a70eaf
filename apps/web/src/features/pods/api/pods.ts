import type {
  AdminPod,
  MeetingBody,
  PodBody,
  PodDetail,
  PodGoal,
  PodMeeting,
  PodRequest,
  PodSummary,
  PodUpdate,
} from '@lunara/shared/pods';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export const usePods = () =>
  useQuery(
    queryOptions({
      queryKey: ['pods'],
      queryFn: () => apiFetch<{ pods: PodSummary[] }>('/api/pods'),
      refetchOnMount: 'always',
    }),
  );

export const usePod = (podId: string) =>
  useQuery(
    queryOptions({
      queryKey: ['pods', podId],
      queryFn: () => apiFetch<PodDetail>(`/api/pods/${podId}`),
      refetchOnMount: 'always',
    }),
  );

export const usePodRequests = (podId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['pods', podId, 'requests'],
    queryFn: () => apiFetch<{ requests: PodRequest[] }>(`/api/pods/${podId}/requests`),
    enabled,
  });

export const useAdminPods = () =>
  useQuery(
    queryOptions({ queryKey: ['admin', 'pods'], queryFn: () => apiFetch<{ pods: AdminPod[] }>('/api/admin/pods') }),
  );

/** Every change to a pod refreshes what shows pods (the list, the pod, its requests, the admin list). */
function usePodMutation<TInput, TResult>(action: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['pods'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'pods'] }),
      ]),
  });
}

export const useRequestToJoin = () =>
  usePodMutation(({ podId, note, idempotencyKey }: { podId: string; note: string; idempotencyKey: string }) =>
    apiFetch<{ status: 'pending'; message: string }>(`/api/pods/${podId}/requests`, {
      method: 'POST',
      body: { note },
      idempotencyKey,
    }),
  );
export const useLeavePod = () =>
  usePodMutation((podId: string) => apiFetch<{ ok: true }>(`/api/pods/${podId}/membership`, { method: 'DELETE' }));
export const useDecideRequest = () =>
  usePodMutation(({ podId, membershipId, accept }: { podId: string; membershipId: string; accept: boolean }) =>
    apiFetch<{ ok: true }>(`/api/pods/${podId}/requests/${membershipId}/${accept ? 'accept' : 'decline'}`, {
      method: 'POST',
      body: {},
    }),
  );
export const useRemoveMember = () =>
  usePodMutation(({ podId, userId }: { podId: string; userId: string }) =>
    apiFetch<{ ok: true }>(`/api/pods/${podId}/members/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
  );

type Goals = { goals: PodGoal[] };
export const useAddGoal = () =>
  usePodMutation(({ podId, title, idempotencyKey }: { podId: string; title: string; idempotencyKey: string }) =>
    apiFetch<Goals>(`/api/pods/${podId}/goals`, { method: 'POST', body: { title }, idempotencyKey }),
  );
export const useUpdateGoal = () =>
  usePodMutation(
    ({ podId, goalId, change }: { podId: string; goalId: string; change: { title?: string; isDone?: boolean } }) =>
      apiFetch<Goals>(`/api/pods/${podId}/goals/${goalId}`, { method: 'PATCH', body: change }),
  );
export const useDeleteGoal = () =>
  usePodMutation(({ podId, goalId }: { podId: string; goalId: string }) =>
    apiFetch<Goals>(`/api/pods/${podId}/goals/${goalId}`, { method: 'DELETE' }),
  );

export const useScheduleMeeting = () =>
  usePodMutation(({ podId, body, idempotencyKey }: { podId: string; body: MeetingBody; idempotencyKey: string }) =>
    apiFetch<PodMeeting>(`/api/pods/${podId}/meetings`, { method: 'POST', body, idempotencyKey }),
  );
export const useCancelMeeting = () =>
  usePodMutation(({ podId, meetingId }: { podId: string; meetingId: string }) =>
    apiFetch<{ ok: true }>(`/api/pods/${podId}/meetings/${meetingId}/cancel`, { method: 'POST', body: {} }),
  );

export const useCreatePod = () =>
  usePodMutation(({ body, idempotencyKey }: { body: PodBody; idempotencyKey: string }) =>
    apiFetch<{ id: string }>('/api/admin/pods', { method: 'POST', body, idempotencyKey }),
  );
export const useUpdatePod = () =>
  usePodMutation(({ podId, body }: { podId: string; body: PodUpdate }) =>
    apiFetch<{ version: number }>(`/api/admin/pods/${podId}`, { method: 'PUT', body }),
  );
