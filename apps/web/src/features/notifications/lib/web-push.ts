import type { PushDevice, PushDeviceList } from '@lunara/shared/push';
import { apiFetch } from '../../../lib/api-client.ts';

/**
 * This browser's Web Push subscription: the browser asks her permission, its push service gives an
 * endpoint and keys (bound to the server's VAPID key), and the server keeps them per device
 * (modules/push on the server). Needs the app's service worker (/sw.js), which shows what arrives.
 */

/** The browser says no for this site: only she can change that, in the site settings. */
export class PushBlockedError extends Error {
  override name = 'PushBlockedError';
  constructor() {
    super(
      'Notifications are blocked for this site. To allow them, open the site settings (the icon beside the address bar, or your browser\'s Settings › Site settings › Notifications), set Notifications to "Allow", then turn this on again.',
    );
  }
}

/** She closed the permission prompt without choosing. */
export class PushDismissedError extends Error {
  override name = 'PushDismissedError';
  constructor() {
    super('Push notifications stay off: the browser did not get your permission. Turn this on again to be asked.');
  }
}

export type PushSupport = 'supported' | 'unsupported' | 'needs-install';

/** iPhone and iPad offer push only to the app added to the Home Screen. */
export function pushSupport(): PushSupport {
  if (typeof window === 'undefined') return 'unsupported';
  const apis = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  if (apis) return 'supported';
  const appleMobile = /iPhone|iPad|iPod/.test(navigator.userAgent);
  const standalone = window.matchMedia?.('(display-mode: standalone)').matches ?? false;
  return appleMobile && !standalone ? 'needs-install' : 'unsupported';
}

const WORKER_WAIT_MS = 10_000;

/** The app's service worker, once registered (it registers after the page loads; none in development). */
async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (existing?.active) return existing;
  const ready = navigator.serviceWorker.ready;
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error('The app is still starting up. Reload the page and try again.')), WORKER_WAIT_MS),
  );
  return Promise.race([ready, timeout]);
}

/** This browser's subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'supported') return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** base64url (the server's key) to the bytes `applicationServerKey` takes. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const sameKey = (subscription: PushSubscription, key: Uint8Array) => {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i]);
};

/**
 * Asks permission (the browser's prompt), subscribes this browser and stores it for her. A subscription
 * made for an older VAPID key (the keys were rotated) is replaced.
 */
export async function subscribeThisDevice(): Promise<PushDevice> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') throw new PushBlockedError();
  if (permission !== 'granted') throw new PushDismissedError();
  const registration = await workerRegistration();
  const { publicKey } = await apiFetch<{ publicKey: string }>('/api/push/public-key');
  const applicationServerKey = base64UrlToBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription, applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  const { endpoint, keys } = subscription.toJSON();
  return apiFetch<PushDevice>('/api/push/subscriptions', { method: 'POST', body: { endpoint, keys } });
}

/** Stops pushes to this browser: the server forgets it, the browser drops the subscription. */
export async function unsubscribeThisDevice(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await apiFetch('/api/push/subscriptions', { method: 'DELETE', body: { endpoint: subscription.endpoint } }).catch(
    (error: unknown) => {
      // Already gone on the server (removed from another device's list, or expired): fine.
      if ((error as { status?: number }).status !== 404) throw error;
    },
  );
  await subscription.unsubscribe();
}

export const listPushDevices = () => apiFetch<PushDeviceList>('/api/push/subscriptions');
