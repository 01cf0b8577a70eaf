import type { MeResponse } from '@lunara/shared/session';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export const getMe = () => apiFetch<MeResponse>('/api/me');

export const getMeQueryOptions = () => queryOptions({ queryKey: ['me'], queryFn: getMe });

/** The session: loading, then the signed-in member or null. */
export function useMe() {
  const query = useQuery(getMeQueryOptions());
  return { user: query.data?.user ?? null, isLoading: query.isPending, error: query.error };
}
