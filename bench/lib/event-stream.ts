import type http from 'node:http';

/** Hands each `data:` event of a server-sent event stream to `onEvent`, parsed, as its block completes. */
export function onServerEvents<Event>(response: http.IncomingMessage, onEvent: (event: Event) => void): void {
  response.setEncoding('utf8');
  let buffer = '';
  response.on('data', (chunk: string) => {
    buffer += chunk;
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
      const data = block.split('\n').find((line) => line.startsWith('data: '));
      if (data) onEvent(JSON.parse(data.slice(6)) as Event);
    }
  });
}
