import type { ProfileDetail, UpdateProfileBody } from '@lunara/shared/profiles';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';

export const getProfile = (userId: string) => apiFetch<ProfileDetail>(`/api/profiles/${encodeURIComponent(userId)}`);

export const getProfileQueryOptions = (userId: string) =>
  queryOptions({ queryKey: ['profiles', userId], queryFn: () => getProfile(userId) });

export const useProfile = (userId: string | null) =>
  useQuery({ ...getProfileQueryOptions(userId ?? ''), enabled: Boolean(userId) });

export const updateProfile = (body: UpdateProfileBody) =>
  apiFetch<ProfileDetail>('/api/profiles/me', { method: 'PUT', body });

/** Saving the profile refreshes it, the session (display name in the header) and the feed's names. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () =>
      Promise.all(
        ['profiles', 'me', 'posts', 'leaderboard'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
      ),
  });
}
