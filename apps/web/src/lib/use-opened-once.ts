import { useState } from 'react';

/**
 * Whether `open` has been true at any time in this component's life: a part whose code downloads when it
 * is first shown (lazyPart) stays mounted from then on, so it closes animated and opens again at once.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
