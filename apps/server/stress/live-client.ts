import { openEventStream } from '../test/event-stream.ts';
import type { LoadMember } from './load.ts';

/**
 * What the browser does with one conversation open: keep a stream (reconnecting after it drops),
 * note each message event, and refetch the thread after every reconnect and on "resync".
 */
export function followConversation(baseUrl: () => string, member: LoadMember, conversationId: string) {
  const seen = new Set<string>();
  let connections = 0;
  let resyncs = 0;
  let stopped = false;
  let current: { close(): void } | undefined;

  const refetch = async () => {
    let cursor: string | null = null;
    do {
      const response: Response = await fetch(
        `${baseUrl()}/api/conversations/${conversationId}/messages${cursor ? `?cursor=${cursor}` : ''}`,
        { headers: { cookie: member.cookie } },
      );
      if (!response.ok) throw new Error(`refetch: ${response.status}`);
      const page = (await response.json()) as { items: Array<{ id: string }>; nextCursor: string | null };
      for (const message of page.items) seen.add(message.id);
      cursor = page.nextCursor;
    } while (cursor);
  };

  // As the browser's queries do, a refetch that fails (a request cut off as a process dies) is retried.
  const refetchWithRetries = async () => {
    for (let attempt = 0; attempt < 20 && !stopped; attempt++) {
      try {
        await refetch();
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  };

  const loop = (async () => {
    while (!stopped) {
      try {
        let refetching: Promise<void> = Promise.resolve();
        const stream = await openEventStream(baseUrl(), member.cookie, (event) => {
          if (event.type === 'message.created' && event.conversationId === conversationId) seen.add(event.messageId);
          if (event.type === 'resync') resyncs++;
          if (event.type === 'ready') connections++;
          if ((event.type === 'ready' && connections > 1) || event.type === 'resync') {
            refetching = refetching.then(refetchWithRetries);
          }
        });
        current = stream;
        await stream.ended;
        await refetching;
      } catch {
        // Connection refused: try again shortly.
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();

  return {
    seen,
    get connections() {
      return connections;
    },
    get resyncs() {
      return resyncs;
    },
    async stop() {
      stopped = true;
      current?.close();
      await loop;
    },
  };
}
