import { useCallback, useRef } from 'react';

/**
 * One key for the thing the member is about to create. Every submit of it (a double click, a retry after
 * a dropped connection) sends the same key, so the server creates it once and answers the repeats with
 * the first answer; `renew` after a success starts the next one.
 */
export function useIdempotencyKey() {
  const key = useRef<string>(null);
  key.current ??= crypto.randomUUID();
  const current = useCallback(() => key.current ?? '', []);
  const renew = useCallback(() => {
    key.current = crypto.randomUUID();
  }, []);
  return { current, renew };
}

/**
 * A create form's submit, once at a time: `begin` answers null while a send is on its way (a double click
 * lands before the button re-renders as busy), otherwise the item's idempotency key; `succeeded` starts a
 * new item, `settled` allows the next send (a retry of a failed one reuses its key).
 */
export function useSubmitOnce() {
  const idempotencyKey = useIdempotencyKey();
  const sending = useRef(false);
  const begin = useCallback(() => {
    if (sending.current) return null;
    sending.current = true;
    return idempotencyKey.current();
  }, [idempotencyKey]);
  const succeeded = useCallback(() => idempotencyKey.renew(), [idempotencyKey]);
  const settled = useCallback(() => {
    sending.current = false;
  }, []);
  return { begin, succeeded, settled };
}
