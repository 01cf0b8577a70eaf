// Runs in its own process: opens the event streams, then sends messages through the API and times
// each until its recipient's stream has it. Prints { connected, p50, p99, delivered, sent } as JSON.
import fs from 'node:fs';
import http from 'node:http';
import { onServerEvents } from './lib/event-stream.ts';
import { percentile } from './lib/stats.ts';

interface Spec {
  url: string;
  /** Where the messages are sent, when not to the streams' process (real time across processes). */
  sendUrl?: string;
  streams: Array<{ cookie: string }>;
  sends: Array<{ cookie: string; conversationId: string }>;
  concurrency: number;
}

const spec = JSON.parse(fs.readFileSync(process.argv[2] ?? '', 'utf8')) as Spec;
const sendUrl = spec.sendUrl ?? spec.url;
const agent = new http.Agent({ keepAlive: true, maxSockets: spec.streams.length + 100 });
const sentAt = new Map<string, number>();
const latencies: number[] = [];
let ready = 0;
const requests: http.ClientRequest[] = [];

function open(cookie: string) {
  const request = http.get(
    `${spec.url}/api/realtime`,
    { agent, headers: { cookie, accept: 'text/event-stream' } },
    (response) => {
      onServerEvents<{ type: string; conversationId?: string }>(response, (event) => {
        if (event.type === 'ready') ready++;
        if (event.type === 'message.created' && event.conversationId) {
          const started = sentAt.get(event.conversationId);
          if (started !== undefined) {
            latencies.push(performance.now() - started);
            sentAt.delete(event.conversationId);
          }
        }
      });
    },
  );
  request.on('error', () => {});
  requests.push(request);
}

for (const stream of spec.streams) open(stream.cookie);
const deadline = Date.now() + 60_000;
while (ready < spec.streams.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
process.stderr.write(`${ready} streams ready\n`);
process.send?.({ ready });
await new Promise<void>((resolve) => process.once('message', () => resolve()));

let next = 0;
let sent = 0;
async function sender() {
  while (next < spec.sends.length) {
    const send = spec.sends[next++];
    if (!send) break;
    sentAt.set(send.conversationId, performance.now());
    const response = await fetch(`${sendUrl}/api/conversations/${send.conversationId}/messages`, {
      method: 'POST',
      headers: { cookie: send.cookie, 'content-type': 'application/json', origin: sendUrl },
      body: JSON.stringify({ content: 'Benchmark: the moon is full tonight' }),
    });
    if (response.ok) sent++;
    else process.stderr.write(`send failed: ${response.status} ${await response.text()}\n`);
  }
}
await Promise.all(Array.from({ length: spec.concurrency }, sender));
const settle = Date.now() + 5_000;
while (sentAt.size > 0 && Date.now() < settle) await new Promise((resolve) => setTimeout(resolve, 50));
latencies.sort((a, b) => a - b);
process.send?.({
  result: {
    connected: ready,
    sent,
    delivered: latencies.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  },
});
for (const request of requests) request.destroy();
agent.destroy();
process.exit(0);
