import type { RealtimeEvent } from '@lunara/shared/realtime';

export interface EventStream {
  status: number;
  headers: Headers;
  events: RealtimeEvent[];
  /** The first event (already received or still to come) that matches, or a rejection after the timeout. */
  next(match: (event: RealtimeEvent) => boolean, timeoutMs?: number): Promise<RealtimeEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** A member's `GET /api/realtime` read as a browser's EventSource would, parsed into events. */
export async function openEventStream(
  baseUrl: string,
  cookie?: string,
  onEvent?: (event: RealtimeEvent) => void,
): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/realtime`, {
    headers: cookie ? { cookie } : {},
    signal: controller.signal,
  });
  const events: RealtimeEvent[] = [];
  const waiters = new Set<() => void>();
  let resolveEnded = () => {};
  const ended = new Promise<void>((resolve) => {
    resolveEnded = resolve;
  });

  void (async () => {
    if (!response.body) return resolveEnded();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let boundary = buffer.indexOf('\n\n');
        while (boundary >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (data) {
            const event = JSON.parse(data) as RealtimeEvent;
            events.push(event);
            onEvent?.(event);
          }
          for (const wake of waiters) wake();
          boundary = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // Aborted by close().
    }
    resolveEnded();
  })();

  return {
    status: response.status,
    headers: response.headers,
    events,
    ended,
    next(match, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No matching event in ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => e.type))}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => controller.abort(),
  };
}
