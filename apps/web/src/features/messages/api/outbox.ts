import { useSyncExternalStore } from 'react';
import { useMe } from '../../auth/api/get-me.ts';

/**
 * A message she sent that the server has not confirmed yet: its text, and the idempotency key that its
 * first attempt and every retry carry (so the server keeps it once however often it is sent).
 */
export interface OutgoingMessage {
  key: string;
  content: string;
}

/** Sending while this page has a request out for it; failed otherwise (also after a reload). */
export type OutgoingStatus = 'sending' | 'failed';

export interface OutboxEntry extends OutgoingMessage {
  status: OutgoingStatus;
}

// Filed with the composer drafts (`useDraft`), so signing out forgets them together (`clearDrafts`).
const PREFIX = 'lunara:draft';

/** Where a member's unsent messages of one conversation are kept in this browser. */
export const outboxName = (memberId: string, conversationId: string) =>
  `${PREFIX}:${memberId}:outbox:${conversationId}`;

const listeners = new Set<() => void>();
const sending = new Set<string>();
/** Where the outbox lives when the browser refuses storage (private mode, full): this page only. */
const fallback = new Map<string, string>();
const snapshots = new Map<string, { raw: string | null; version: number; entries: OutboxEntry[] }>();
let version = 0;

function notify() {
  version++;
  for (const listener of listeners) listener();
}

function readRaw(name: string): string | null {
  try {
    return localStorage.getItem(name) ?? fallback.get(name) ?? null;
  } catch {
    return fallback.get(name) ?? null;
  }
}

function writeRaw(name: string, raw: string | null) {
  fallback.delete(name);
  try {
    if (raw === null) localStorage.removeItem(name);
    else localStorage.setItem(name, raw);
  } catch {
    if (raw !== null) fallback.set(name, raw);
  }
}

const isOutgoing = (value: unknown): value is OutgoingMessage =>
  typeof (value as OutgoingMessage | null)?.key === 'string' &&
  typeof (value as OutgoingMessage | null)?.content === 'string';

function parse(raw: string | null): OutgoingMessage[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter(isOutgoing) : [];
  } catch {
    return [];
  }
}

const readOutbox = (name: string) => parse(readRaw(name)).map(({ key, content }) => ({ key, content }));

function writeOutbox(name: string, messages: OutgoingMessage[]) {
  writeRaw(name, messages.length > 0 ? JSON.stringify(messages) : null);
  notify();
}

/** The same array for as long as nothing changed, as `useSyncExternalStore` needs. */
function snapshotOf(name: string): OutboxEntry[] {
  const raw = readRaw(name);
  const known = snapshots.get(name);
  if (known && known.raw === raw && known.version === version) return known.entries;
  const entries = parse(raw).map(({ key, content }) => ({
    key,
    content,
    status: sending.has(key) ? ('sending' as const) : ('failed' as const),
  }));
  snapshots.set(name, { raw, version, entries });
  return entries;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab's outbox changes show here too.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

const NONE: OutboxEntry[] = [];

/** Her unsent messages in the conversation, oldest first. */
export function useOutbox(conversationId: string): OutboxEntry[] {
  const { user } = useMe();
  const name = user ? outboxName(user.id, conversationId) : null;
  return useSyncExternalStore(
    subscribe,
    () => (name ? snapshotOf(name) : NONE),
    () => NONE,
  );
}

export function addOutgoing(name: string, message: OutgoingMessage) {
  writeOutbox(name, [...readOutbox(name).filter((m) => m.key !== message.key), message]);
}

export function removeOutgoing(name: string, key: string) {
  writeOutbox(
    name,
    readOutbox(name).filter((m) => m.key !== key),
  );
}

/** Whether this page has a request out for the message with this key. */
export function isSending(key: string) {
  return sending.has(key);
}

export function markSending(key: string, isOut: boolean) {
  if (isOut) sending.add(key);
  else sending.delete(key);
  notify();
}
