import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

type TestAction = 'complete' | 'cancel' | 'resume';

export const runTestBillingAction = (action: TestAction) =>
  apiFetch<{ ok: true }>(`/api/billing/test/${action}`, { method: 'POST', body: {} });

/** The test provider's checkout and portal buttons; the subscription and profile are refetched after. */
export function useTestBillingAction(action: TestAction) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => runTestBillingAction(action),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['subscription'] }),
        queryClient.invalidateQueries({ queryKey: ['me'] }),
        queryClient.invalidateQueries({ queryKey: ['billing'] }),
      ]);
    },
  });
}
