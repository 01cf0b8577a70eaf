import type { Media } from '@lunara/shared/media';
import type { ProfileDetail } from '@lunara/shared/profiles';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client.ts';
import { type UploadOptions, uploadFile } from '../../../lib/upload-file.ts';
import { getProfileQueryOptions } from './profile.ts';

export const removeAvatar = () => apiFetch<unknown>('/api/me/avatar', { method: 'DELETE' });

// Every list that shows her avatar: her session (the header), profiles, the feed and its comments, the
// leaderboard, forums, messages, circles and events.
const QUERIES_WITH_HER_AVATAR = [
  'me',
  'profiles',
  'posts',
  'leaderboard',
  'forums',
  'conversations',
  'circles',
  'events',
];

/**
 * Shows the new photo (or the initial) in her open profile at once, then refetches everything carrying
 * it in the background: the control is free again without waiting for every list.
 */
function showAvatarEverywhere(queryClient: QueryClient, userId: string, avatarUrl: string | null) {
  queryClient.setQueryData(getProfileQueryOptions(userId).queryKey, (profile: ProfileDetail | undefined) =>
    profile ? { ...profile, avatarUrl } : profile,
  );
  for (const key of QUERIES_WITH_HER_AVATAR) void queryClient.invalidateQueries({ queryKey: [key] });
}

/** Uploading an avatar makes it hers at once (the server sets it); the old one is deleted. */
export function useUploadAvatar(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (options: Omit<UploadOptions, 'kind'>) => uploadFile({ ...options, kind: 'avatar' }),
    onSuccess: (media: Media) => showAvatarEverywhere(queryClient, userId, media.url),
  });
}

export function useRemoveAvatar(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAvatar,
    onSuccess: () => showAvatarEverywhere(queryClient, userId, null),
  });
}
