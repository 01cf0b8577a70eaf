import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getMeQueryOptions } from './get-me.ts';

/**
 * Signing in or up: data cached for a previous visitor is dropped, and the caller's onSuccess runs
 * once the new session is loaded, so route guards already see the member when it navigates.
 */
export function useSessionMutation<TInput, TAnswer>(action: (input: TInput) => Promise<TAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: async () => {
      const meKey = getMeQueryOptions().queryKey;
      const kept = new Set<unknown>(['app-config', meKey[0]]);
      queryClient.removeQueries({ predicate: (query) => !kept.has(query.queryKey[0]) });
      await queryClient.refetchQueries({ queryKey: meKey });
    },
  });
}
