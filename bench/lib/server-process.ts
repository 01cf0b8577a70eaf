import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { BENCH_SECRET } from './sessions.ts';

export interface RunningServer {
  url: string;
  pid: number;
  rssBytes(): number;
  stop(): Promise<void>;
}

/** The arguments `npm start` gives node (its `serve` script), so that the benchmark runs the same. */
function serveArguments(): string[] {
  const pkg = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const [command, ...args] = (pkg.scripts.serve ?? '').split(/\s+/);
  if (command !== 'node' || !args.includes('apps/server/dist/server.js')) {
    throw new Error(`the serve script is not "node … apps/server/dist/server.js": ${pkg.scripts.serve}`);
  }
  return args;
}

/**
 * The built server (`apps/server/dist`), as `npm start` runs it, on its own port. `nodeArguments` go
 * before the serve script's (`--cpu-prof` to profile it: Node refuses that one in NODE_OPTIONS).
 */
export async function startServer(
  databaseUrl: string,
  port: number,
  env: Record<string, string> = {},
  nodeArguments: string[] = [],
) {
  const url = `http://127.0.0.1:${port}`;
  // BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles every server a part starts.
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...extra, ...nodeArguments, ...serveArguments()], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // No payments in a benchmark: production's test billing, on purpose (it warns at start).
      ALLOW_TEST_BILLING: '1',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      AUTH_SECRET: BENCH_SECRET,
      DEMO_DATA: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/ready`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error('server did not become ready');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const pid = child.pid ?? 0;
  return {
    url,
    pid,
    rssBytes() {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        // One that died on its own (or was stopped already) has nothing left to wait for.
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  } satisfies RunningServer;
}

/**
 * Several processes of the built server on one database, as a scale-out deployment runs them: started
 * one after another (each migrates under the advisory lock first), each on its own port.
 */
export async function startServers(
  databaseUrl: string,
  ports: number[],
  env: Record<string, string> = {},
  nodeArguments: string[] = [],
): Promise<RunningServer[]> {
  const servers: RunningServer[] = [];
  try {
    for (const port of ports) servers.push(await startServer(databaseUrl, port, env, nodeArguments));
    return servers;
  } catch (error) {
    await stopServers(servers);
    throw error;
  }
}

export async function stopServers(servers: RunningServer[]): Promise<void> {
  await Promise.all(servers.map((server) => server.stop()));
}
