import { REALTIME_RETRY_MS, type RealtimeEvent } from '@lunara/shared/realtime';
import { createContext, type ReactNode, useContext, useEffect, useLayoutEffect, useRef } from 'react';

type Listener = (event: RealtimeEvent) => void;

interface RealtimeChannel {
  subscribe(listener: Listener): () => void;
}

const RealtimeContext = createContext<RealtimeChannel | null>(null);

const MAX_RETRY_MS = 30_000;

/**
 * The member's event stream. EventSource reconnects by itself after a network drop; when the server
 * refuses (a deploy, a 5xx) it gives up, so this reconnects with growing pauses. Every "ready", the
 * first too, tells listeners to refetch what they show: what the page loaded before the stream was
 * listening (a like between the bell's first fetch and the first "ready") or while it was away is
 * fetched again, so nothing sent meanwhile is lost.
 */
export function openStream(url: string, emit: Listener): () => void {
  let source: EventSource | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let stopped = false;

  const connect = () => {
    source = new EventSource(url, { withCredentials: true });
    source.onmessage = (message) => {
      let event: RealtimeEvent;
      try {
        event = JSON.parse(message.data as string) as RealtimeEvent;
      } catch {
        return;
      }
      if (event.type === 'ready') {
        failures = 0;
        emit({ type: 'resync' });
        return;
      }
      emit(event);
    };
    source.onerror = () => {
      if (stopped || source?.readyState !== EventSource.CLOSED) return;
      failures++;
      const delay = Math.min(MAX_RETRY_MS, REALTIME_RETRY_MS * 2 ** (failures - 1));
      retryTimer = setTimeout(connect, delay * (0.75 + Math.random() / 2));
    };
  };
  connect();
  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    source?.close();
  };
}

/** Opens the stream while a member is signed in (a new one for a new member) and shares it below. */
export function RealtimeProvider({ memberId, children }: { memberId: string | null; children: ReactNode }) {
  const listeners = useRef(new Set<Listener>());
  const channel = useRef<RealtimeChannel>({
    subscribe(listener) {
      listeners.current.add(listener);
      return () => listeners.current.delete(listener);
    },
  });
  useEffect(() => {
    if (!memberId || typeof EventSource === 'undefined') return;
    return openStream('/api/realtime', (event) => {
      for (const listener of [...listeners.current]) listener(event);
    });
  }, [memberId]);
  return <RealtimeContext.Provider value={channel.current}>{children}</RealtimeContext.Provider>;
}

/** Calls `onEvent` for every event of the member's stream (the latest `onEvent`, without resubscribing). */
export function useRealtimeEvents(onEvent: Listener) {
  const channel = useContext(RealtimeContext);
  const latest = useRef(onEvent);
  useLayoutEffect(() => {
    latest.current = onEvent;
  });
  useEffect(() => channel?.subscribe((event) => latest.current(event)), [channel]);
}
