/// <reference lib="webworker" />
/**
 * The service worker's push and notification-click handlers (issue 32, Web Push). The worker's entry
 * calls this once at start.
 */
export function registerPushHandlers(_worker: ServiceWorkerGlobalScope): void {}
