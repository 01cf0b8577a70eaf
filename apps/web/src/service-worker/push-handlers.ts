/// <reference lib="webworker" />
/**
 * The service worker's push and notification-click handlers (issue 32, Web Push). The worker's entry
 * calls this once at start.
 *
 * A push carries one notification (modules/push/delivery-service.ts on the server): its title, body, the
 * page a click opens (the same page the bell opens: @lunara/shared/notification-target) and a tag, so a
 * newer one about the same thing replaces the older on her phone instead of piling up.
 */

const ICON = '/icons/icon-192.png';
/** Android draws the badge as a white silhouette in the status bar. */
const BADGE = '/icons/favicon-32.png';

interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** The payload, or a plain "something new" when it cannot be read (a push must always show something). */
export function readPushMessage(text: string | undefined): PushMessage {
  const fallback: PushMessage = { title: 'Lunara', body: 'You have a new notification', url: '/community', tag: '' };
  if (!text) return fallback;
  try {
    const data = JSON.parse(text) as Partial<Record<keyof PushMessage, unknown>>;
    return {
      title: typeof data.title === 'string' && data.title ? data.title : fallback.title,
      body: typeof data.body === 'string' ? data.body : fallback.body,
      url: typeof data.url === 'string' ? data.url : fallback.url,
      tag: typeof data.tag === 'string' ? data.tag : '',
    };
  } catch {
    return fallback;
  }
}

/** A page of this site to open: anything else (another origin, javascript:) opens the community instead. */
export function sameOriginUrl(url: unknown, origin: string): string {
  if (typeof url !== 'string') return new URL('/community', origin).href;
  try {
    const target = new URL(url, origin);
    return target.origin === origin ? target.href : new URL('/community', origin).href;
  } catch {
    return new URL('/community', origin).href;
  }
}

export function registerPushHandlers(worker: ServiceWorkerGlobalScope): void {
  worker.addEventListener('push', (event) => {
    let text: string | undefined;
    try {
      text = event.data?.text();
    } catch {
      text = undefined;
    }
    const message = readPushMessage(text);
    event.waitUntil(
      worker.registration.showNotification(message.title, {
        body: message.body,
        icon: ICON,
        badge: BADGE,
        ...(message.tag ? { tag: message.tag } : {}),
        data: { url: sameOriginUrl(message.url, worker.location.origin) },
      }),
    );
  });

  worker.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const url = sameOriginUrl((event.notification.data as { url?: unknown } | null)?.url, worker.location.origin);
    event.waitUntil(openOrFocus(worker, url));
  });
}

/** Her open Lunara tab, brought forward and sent to the page; a new window when none is open. */
async function openOrFocus(worker: ServiceWorkerGlobalScope, url: string): Promise<void> {
  const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === worker.location.origin);
  if (open) {
    const focused = await open.focus().catch(() => open);
    // navigate() works only on a tab this worker controls; for another, a window of its own.
    if (await focused.navigate(url).catch(() => null)) return;
  }
  await worker.clients.openWindow(url);
}
