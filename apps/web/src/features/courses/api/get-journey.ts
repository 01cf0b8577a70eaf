import type { Journey } from '@lunara/shared/courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export const getJourney = () => apiFetch<Journey>('/api/me/journey');

export const getJourneyQueryOptions = () => queryOptions({ queryKey: ['journey'], queryFn: getJourney });

export function useJourney() {
  return useQuery(getJourneyQueryOptions());
}
