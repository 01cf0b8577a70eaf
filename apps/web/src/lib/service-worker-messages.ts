/**
 * What a page tells the service worker (apps/web/src/service-worker/sw.ts). Plain data, shared by both
 * ends, so that neither spells the message on its own.
 */
export const SKIP_WAITING_MESSAGE = { type: 'skip-waiting' } as const;

export const isSkipWaitingMessage = (data: unknown): boolean =>
  typeof data === 'object' && data !== null && 'type' in data && data.type === SKIP_WAITING_MESSAGE.type;
