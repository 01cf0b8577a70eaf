import type { DataExport, DataExportState, DeleteAccountBody } from '@lunara/shared/account-data';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export const dataExportQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'export'],
    queryFn: () => apiFetch<DataExportState>('/api/account/export'),
    // While the job prepares her zip, look again every few seconds (the notification says it too).
    refetchInterval: (query) => (query.state.data?.latest?.status === 'pending' ? 5_000 : false),
  });

export const useDataExport = () => useQuery(dataExportQueryOptions());

export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idempotencyKey: string) =>
      apiFetch<DataExport>('/api/account/export', { method: 'POST', body: {}, idempotencyKey }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: dataExportQueryOptions().queryKey }),
  });
}

export const deleteAccount = (body: DeleteAccountBody) =>
  apiFetch<{ ok: true }>('/api/account/delete', { method: 'POST', body });

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
