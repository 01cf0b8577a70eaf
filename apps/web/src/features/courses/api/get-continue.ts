import type { ContinueLearning } from '@lunara/shared/courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export const getContinueLearning = () => apiFetch<ContinueLearning>('/api/me/continue');

export const getContinueLearningQueryOptions = () =>
  queryOptions({ queryKey: ['continue-learning'], queryFn: getContinueLearning });

export const useContinueLearning = () => useQuery(getContinueLearningQueryOptions());
