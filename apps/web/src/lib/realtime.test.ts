import type { RealtimeEvent } from '@lunara/shared/realtime';
import { afterEach, describe, expect, it } from 'vitest';
import { openStream } from './realtime.tsx';

/** Just enough of EventSource to deliver messages by hand. */
class FakeEventSource {
  static CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  onmessage: ((message: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  deliver(event: RealtimeEvent | { type: 'ready' }) {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
}

const original = globalThis.EventSource;
afterEach(() => {
  globalThis.EventSource = original;
  FakeEventSource.opened = [];
});

describe('the event stream', () => {
  it('asks for a refetch on every ready, the first too, and passes other events on', () => {
    globalThis.EventSource = FakeEventSource as unknown as typeof EventSource;
    const seen: string[] = [];
    const stop = openStream('/api/realtime', (event) => seen.push(event.type));
    const source = FakeEventSource.opened[0] as FakeEventSource;
    // What the page fetched before the stream listened may have missed an event sent in between.
    source.deliver({ type: 'ready' });
    expect(seen).toEqual(['resync']);
    source.deliver({ type: 'resync' });
    source.deliver({ type: 'ready' });
    expect(seen).toEqual(['resync', 'resync', 'resync']);
    stop();
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
  });
});
