import type { MeResponse } from '@lunara/shared/session';
import type { ThemeBody, ThemeChoice } from '@lunara/shared/theme';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useMe } from '../features/auth/api/get-me.ts';
import { apiFetch } from './api-client.ts';
import { applyThemeChoice, currentThemeChoice } from './theme.ts';
import { toast } from './toast.ts';

/** The choice shared by the header's toggle and the settings section: both redraw when either changes it. */
const listeners = new Set<() => void>();
let choice: ThemeChoice | null = null;

function getChoice(): ThemeChoice {
  choice ??= currentThemeChoice();
  return choice;
}

function setChoice(next: ThemeChoice) {
  choice = next;
  applyThemeChoice(next);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const saveTheme = (body: ThemeBody) => apiFetch<ThemeBody>('/api/account/theme', { method: 'PUT', body });

/**
 * Her theme and the way to change it: drawn at once, kept in this browser's cookie, and saved on her
 * profile when she is signed in (a failed save is said, and the page stays as she chose it here).
 */
export function useTheme() {
  const queryClient = useQueryClient();
  const signedIn = useMe().user !== null;
  const current = useSyncExternalStore(subscribe, getChoice, () => 'system' as const);
  const save = useMutation({
    mutationFn: saveTheme,
    onSuccess: ({ theme }) =>
      queryClient.setQueryData<MeResponse>(['me'], (me) => (me?.user ? { user: { ...me.user, theme } } : me)),
    onError: () => toast.error('Your theme could not be saved to your account. Try again.'),
  });
  return {
    theme: current,
    setTheme(next: ThemeChoice) {
      setChoice(next);
      if (signedIn) save.mutate({ theme: next });
    },
  };
}

/**
 * A member's saved choice follows her: signing in on another device (no page load) redraws the page in
 * it. Mounted once, in the root layout.
 */
export function useMemberTheme(saved: ThemeChoice | undefined) {
  useEffect(() => {
    if (saved && saved !== getChoice()) setChoice(saved);
  }, [saved]);
}

/** The choice for components that follow it without changing it (the toaster). */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, getChoice, () => 'system' as const);
}
