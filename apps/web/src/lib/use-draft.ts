import { useCallback, useEffect, useState } from 'react';
import { useMe } from '../features/auth/api/get-me.ts';

const PREFIX = 'lunara:draft';

/**
 * A composer's text kept in this browser until it is sent or cleared, so a reload or a crash loses
 * nothing. Filed under the signed-in member, so another account on the same browser never sees it.
 * Without a name (editing something that exists) it is plain state starting from `initial`.
 */
export function useDraft(name: string | null, initial = '') {
  const { user } = useMe();
  const storageKey = user && name ? `${PREFIX}:${user.id}:${name}` : null;
  const [value, setValue] = useState(initial);

  useEffect(() => {
    if (storageKey) setValue(readStorage(storageKey) ?? '');
  }, [storageKey]);

  const update = useCallback(
    (next: string) => {
      setValue(next);
      if (storageKey) writeStorage(storageKey, next);
    },
    [storageKey],
  );
  const clear = useCallback(() => update(''), [update]);
  return [value, update, clear] as const;
}

/** Forgets every draft of this browser (on sign-out). */
export function clearDrafts() {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(`${PREFIX}:`)) localStorage.removeItem(key);
  } catch {
    // Storage may be unavailable (private mode, disabled): nothing was kept then.
  }
}

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string) {
  try {
    if (value) localStorage.setItem(key, value);
    else localStorage.removeItem(key);
  } catch {
    // Full or unavailable storage: the draft lives only in the page, as before.
  }
}
