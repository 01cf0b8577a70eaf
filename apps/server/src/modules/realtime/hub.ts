import { REALTIME_HEARTBEAT_MS, REALTIME_RETRY_MS, type RealtimeEvent } from '@lunara/shared/realtime';
import type { FastifyBaseLogger } from 'fastify';
import { fromPayload } from './publish.ts';

/** Where a stream's bytes go: the HTTP response in production, anything writable in tests. */
export interface EventSink {
  write(chunk: string): void;
  /** Bytes written but not yet taken by the client. */
  backlog(): number;
  end(): void;
}

/** A member with more tabs than this keeps the newest streams; the oldest are closed. */
const MAX_STREAMS_PER_MEMBER = 10;
/** A client that stops reading gets dropped (it reconnects and refetches) instead of filling memory. */
const MAX_BACKLOG_BYTES = 512 * 1024;
/** Streams end after this long so that the session behind them is checked again on reconnect. */
const MAX_STREAM_AGE_MS = 60 * 60 * 1000;

export const formatEvent = (event: RealtimeEvent) => `data: ${JSON.stringify(event)}\n\n`;

export interface RealtimeHub {
  /** Starts a member's stream, opened with session `sessionId`; returns the function that ends it. */
  connect(userId: string, sink: EventSink, sessionId: string): () => void;
  /** A NOTIFY payload from the database: goes to that member's streams in this process. */
  deliver(payload: string): void;
  /** To every stream in this process (e.g. "resync" after the database listener reconnected). */
  broadcast(event: RealtimeEvent): void;
  /** Ends every stream (shutdown): clients reconnect, to another process if there is one. */
  closeAll(): void;
  connectionCount(): number;
  /** Members with a stream in this process. */
  connectedMembers(): string[];
  /** Whether the member has a stream in this process. */
  hasStreams(userId: string): boolean;
  /** Ends a member's streams whose session is not in `liveSessionIds` (signed out, revoked, expired). */
  endStreamsOutside(userId: string, liveSessionIds: ReadonlySet<string>): void;
}

interface Stream {
  sink: EventSink;
  sessionId: string;
  timers: NodeJS.Timeout[];
}

export function createRealtimeHub(log: FastifyBaseLogger): RealtimeHub {
  const byMember = new Map<string, Set<Stream>>();
  let count = 0;

  function remove(userId: string, stream: Stream) {
    const streams = byMember.get(userId);
    if (!streams?.delete(stream)) return;
    count--;
    if (streams.size === 0) byMember.delete(userId);
    for (const timer of stream.timers) clearInterval(timer);
    stream.sink.end();
  }

  function send(userId: string, stream: Stream, chunk: string) {
    if (stream.sink.backlog() > MAX_BACKLOG_BYTES) {
      log.warn({ userId }, 'event stream dropped: the client is not reading');
      remove(userId, stream);
      return;
    }
    stream.sink.write(chunk);
  }

  return {
    connect(userId, sink, sessionId) {
      const stream: Stream = { sink, sessionId, timers: [] };
      const streams = byMember.get(userId) ?? new Set<Stream>();
      byMember.set(userId, streams);
      streams.add(stream);
      count++;
      if (streams.size > MAX_STREAMS_PER_MEMBER) {
        const [oldest] = streams;
        if (oldest) remove(userId, oldest);
      }
      sink.write(`retry: ${REALTIME_RETRY_MS}\n\n`);
      // Subscribed before "ready": whatever the client refetches on "ready" plus what arrives after it
      // is everything; an event can come twice, never not at all (clients de-duplicate by id).
      sink.write(formatEvent({ type: 'ready' }));
      stream.timers.push(setInterval(() => send(userId, stream, ': ping\n\n'), REALTIME_HEARTBEAT_MS));
      stream.timers.push(setTimeout(() => remove(userId, stream), MAX_STREAM_AGE_MS));
      for (const timer of stream.timers) timer.unref();
      return () => remove(userId, stream);
    },
    deliver(payload) {
      const parsed = fromPayload(payload);
      if (!parsed) {
        log.error('unreadable realtime payload');
        return;
      }
      const streams = byMember.get(parsed.userId);
      if (!streams) return;
      // Not parsed: the JSON goes to the browser as the writer made it.
      const chunk = `data: ${parsed.eventJson}\n\n`;
      for (const stream of [...streams]) send(parsed.userId, stream, chunk);
    },
    broadcast(event) {
      const chunk = formatEvent(event);
      for (const [userId, streams] of byMember) for (const stream of [...streams]) send(userId, stream, chunk);
    },
    closeAll() {
      for (const [userId, streams] of byMember) for (const stream of [...streams]) remove(userId, stream);
    },
    connectionCount: () => count,
    connectedMembers: () => [...byMember.keys()],
    hasStreams: (userId) => byMember.has(userId),
    endStreamsOutside(userId, liveSessionIds) {
      for (const stream of [...(byMember.get(userId) ?? [])]) {
        if (!liveSessionIds.has(stream.sessionId)) remove(userId, stream);
      }
    },
  };
}
