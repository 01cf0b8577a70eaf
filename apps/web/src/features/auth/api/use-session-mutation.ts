import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getMeQueryOptions } from './get-me.ts';

/** An auth action that changes who is signed in: member data is dropped and the session refetched. */
export function useSessionMutation<TInput>(action: (input: TInput) => Promise<unknown>) {
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
