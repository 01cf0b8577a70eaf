import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

/** The navigation state with which sign-up opens the dashboard. */
export const JUST_SIGNED_UP = { justSignedUp: true } as const;

const subscribeToNothing = () => () => {};

/**
 * Whether the dashboard was opened by sign-up (spec: "Welcome" then, "Welcome back" afterwards). The
 * history entry keeps it through a reload, which the server's prerendered page cannot know: the
 * server's answer (false) is used while hydrating, and the browser's right after, so that the two
 * renders match instead of React drawing the whole page again.
 */
export function useJustSignedUp(): boolean {
  const { state } = useLocation();
  const justSignedUp = (state as Partial<typeof JUST_SIGNED_UP> | null)?.justSignedUp === true;
  return useSyncExternalStore(
    subscribeToNothing,
    () => justSignedUp,
    () => false,
  );
}
