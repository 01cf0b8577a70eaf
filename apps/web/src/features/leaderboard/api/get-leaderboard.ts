import type { Leaderboard, LeaderboardPeriod } from '@lunara/shared/profiles';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export const getLeaderboard = (period: LeaderboardPeriod) => apiFetch<Leaderboard>(`/api/leaderboard?period=${period}`);

export const getLeaderboardQueryOptions = (period: LeaderboardPeriod) =>
  queryOptions({ queryKey: ['leaderboard', period], queryFn: () => getLeaderboard(period) });

export const useLeaderboard = (period: LeaderboardPeriod) => useQuery(getLeaderboardQueryOptions(period));
