import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../test/event-stream.ts';
import {
  createServerDatabase,
  hasPostgres,
  ORIGIN,
  startServer,
  tempDataDir,
  waitFor,
} from '../test/server-process.ts';
import { followConversation } from './live-client.ts';
import { type LoadMember, pairUp, post, runWriters, signUpSubscriber } from './load.ts';
import { startProxy } from './proxy.ts';
import { report } from './report.ts';
import { missingWrites } from './verify.ts';

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

/** A member who keeps writing to one conversation; the ids the server acknowledged. */
function keepWriting(baseUrl: () => string, member: LoadMember, conversationId: string) {
  const acknowledged: string[] = [];
  let running = true;
  const loop = (async () => {
    let n = 0;
    while (running) {
      try {
        const message = await post<{ id: string }>(baseUrl(), member, `/api/conversations/${conversationId}/messages`, {
          content: `Live ${n++}`,
        });
        acknowledged.push(message.id);
      } catch {
        // The process died under it, or the database is restarting.
      }
      // Under the 60 sends a minute a member may make: a refused send would stall the run for the window.
      await new Promise((resolve) => setTimeout(resolve, 1_050));
    }
  })();
  return {
    acknowledged,
    async stop() {
      running = false;
      await loop;
    },
  };
}

/**
 * Members signed up through `url` and paired in conversations; one follows a conversation live while
 * its partner keeps writing to it, and the rest post and message as fast as the server answers.
 */
async function startTraffic(url: string, memberCount: number, minimumPosts: number) {
  const baseUrl = () => url;
  const members = await Promise.all(Array.from({ length: memberCount }, (_, i) => signUpSubscriber(url, i)));
  const conversations = await pairUp(url, members);
  const [reader, writer] = members;
  const conversationId = reader ? conversations.get(reader.id) : undefined;
  if (!reader || !writer || !conversationId) throw new Error('no conversation');
  const live = followConversation(baseUrl, reader, conversationId);
  await waitFor(async () => live.connections === 1, 10_000, 'the live client');
  const talk = keepWriting(baseUrl, writer, conversationId);
  const load = runWriters(baseUrl, members.slice(2), conversations);
  await waitFor(async () => load.acknowledged.posts.length >= minimumPosts, 60_000, 'load');
  return {
    live,
    talk,
    load,
    /** Every acknowledged write is in the database, and the live client saw every message sent to it. */
    async settle(databaseUrl: string) {
      await talk.stop();
      await load.stop();
      await waitFor(
        async () => talk.acknowledged.every((id) => live.seen.has(id)),
        20_000,
        'the live client to have every acknowledged message',
      );
      return missingWrites(
        { databaseUrl },
        { posts: load.acknowledged.posts, messages: [...load.acknowledged.messages, ...talk.acknowledged] },
      );
    },
  };
}

describe('graceful shutdown', () => {
  it('finishes requests in flight, ends the event streams and exits 0', async () => {
    const dataDir = tempDataDir();
    // A drain of 4 s rather than the default 1 s: with the 30 writes below on the event loop, a busy
    // machine read the first readiness request only after a 1 s drain had ended (CI, once).
    const server = await startServer({ DATA_DIR: dataDir, SHUTDOWN_DRAIN_MS: '4000' });
    cleanups.push(() => server.kill());
    const member = await signUpSubscriber(server.url, 0);
    const stream = await openEventStream(server.url, member.cookie);
    await stream.next((event) => event.type === 'ready');
    const requests = Array.from({ length: 30 }, (_, i) =>
      fetch(`${server.url}/api/posts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: member.cookie },
        body: JSON.stringify({ title: `In flight ${i}`, content: 'Finish me' }),
      }).then(
        async (response) => ({
          status: response.status,
          id: response.ok ? ((await response.json()) as { id: string }).id : undefined,
        }),
        (error: { cause?: { code?: string } }) => ({ status: 0, code: error.cause?.code }),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 30));
    const exited = server.kill('SIGTERM');
    // While it drains, readiness fails so that a load balancer sends new traffic elsewhere. The signal
    // reaches the process's event loop on its own schedule: a request sent at the same instant may be
    // read first, so readiness is asked until it answers, within the drain period.
    await waitFor(
      async () => (await fetch(`${server.url}/api/ready`)).status === 503,
      4_000,
      'readiness to fail while the server drains',
    );
    expect(await exited).toBe(0);
    await stream.ended;
    const results = await Promise.all(requests);
    // Every request sent before the signal is answered; none is cut off.
    expect(results.filter((r) => r.status !== 200)).toEqual([]);
    const answered = results.flatMap((r) => ('id' in r && r.id ? [r.id] : []));
    expect(await missingWrites({ dataDir }, { posts: answered, messages: [] })).toEqual([]);
  }, 120_000);
});

describe.runIf(hasPostgres)('two processes behind a proxy, one killed under load', () => {
  it('the other keeps serving; real-time clients reconnect to it and miss nothing', async () => {
    const database = await createServerDatabase();
    cleanups.push(database.drop);
    const env = { DATABASE_URL: database.url };
    const [a, b] = await Promise.all([startServer(env), startServer(env)]);
    if (!a || !b) throw new Error('servers did not start');
    cleanups.push(
      () => a.kill(),
      () => b.kill(),
    );
    const proxy = await startProxy([a.url, b.url]);
    cleanups.push(proxy.close);
    const traffic = await startTraffic(proxy.url, 20, 60);
    const { live, talk, load } = traffic;

    // Kill the process the live client is connected to.
    const victim = proxy.lastStreamUpstream === a.url ? a : b;
    const survivor = victim === a ? b : a;
    await victim.kill('SIGKILL');
    const postsAtKill = load.acknowledged.posts.length;
    await waitFor(async () => load.acknowledged.posts.length >= postsAtKill + 60, 60_000, 'the survivor to serve');
    await waitFor(async () => live.connections >= 2, 20_000, 'the live client to reconnect');
    // Messages sent after the failover count too, however quickly the survivor took the load.
    const talkedAfter = talk.acknowledged.length;
    await waitFor(async () => talk.acknowledged.length >= talkedAfter + 6, 30_000, 'messages after the failover');
    const missing = await traffic.settle(database.url);
    expect(proxy.lastStreamUpstream).toBe(survivor.url);
    expect(talk.acknowledged.length).toBeGreaterThan(5);
    expect(missing).toEqual([]);
    report(
      `failover: ${load.acknowledged.posts.length} posts, ${load.acknowledged.messages.length + talk.acknowledged.length} messages acknowledged and kept; ${load.acknowledged.failures} cut off; live client reconnected ${live.connections - 1} time(s)`,
    );
  }, 240_000);
});

/** The local PostgreSQL cluster's version, for pg_ctlcluster. */
function clusterVersion(): string | undefined {
  try {
    return fs.readdirSync('/etc/postgresql').sort().at(-1);
  } catch {
    return undefined;
  }
}
const canRestartPostgres = hasPostgres && Boolean(clusterVersion()) && process.getuid?.() === 0;

describe.runIf(canRestartPostgres)('the PostgreSQL server restarted under load', () => {
  it('the app reports unhealthy, recovers by itself, and loses nothing acknowledged', async () => {
    const database = await createServerDatabase();
    cleanups.push(database.drop);
    const server = await startServer({ DATABASE_URL: database.url });
    cleanups.push(() => server.kill());
    const traffic = await startTraffic(server.url, 10, 40);
    const { live, talk, load } = traffic;

    const readiness: number[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        readiness.push(
          await fetch(`${server.url}/api/ready`).then(
            (r) => r.status,
            () => 0,
          ),
        );
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const version = clusterVersion() ?? '15';
    const ctl = (action: string) =>
      execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', action, '-m', 'fast'], {
        stdio: 'ignore',
      });
    ctl('stop');
    try {
      await waitFor(async () => readiness.includes(503), 10_000, 'the app to report the database down');
    } finally {
      ctl('start');
    }
    await waitFor(async () => (await fetch(`${server.url}/api/ready`)).status === 200, 60_000, 'readiness again');
    const postsAfter = load.acknowledged.posts.length;
    await waitFor(async () => load.acknowledged.posts.length >= postsAfter + 40, 60_000, 'writes to succeed again');
    await waitFor(async () => live.resyncs >= 1, 30_000, 'the resync after the listener reconnected');
    const talkedBefore = talk.acknowledged.length;
    await waitFor(async () => talk.acknowledged.length >= talkedBefore + 3, 30_000, 'messages after the restart');
    polling = false;
    await poller;
    const missing = await traffic.settle(database.url);
    await live.stop();
    expect(await server.kill('SIGTERM')).toBe(0);
    expect(missing).toEqual([]);
    report(
      `PostgreSQL restart: readiness went ${[...new Set(readiness)].join(' → ')}; ${load.acknowledged.posts.length} posts and ${load.acknowledged.messages.length + talk.acknowledged.length} messages acknowledged and kept`,
    );
  }, 240_000);
});
