import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A change made in one of the studio's lists (rituals, forum categories). Settled either way, it
 * refreshes that list, the audit log and what members see of it in this browser (`memberKey`): a refused
 * save (a newer version elsewhere) then shows the list as it is now.
 */
export function useStudioMutation<TInput, TResult>(
  action: (input: TInput) => Promise<TResult>,
  listKey: QueryKey,
  memberKey: QueryKey,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSettled: () =>
      Promise.all(
        [listKey, ['admin', 'audit'], memberKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
