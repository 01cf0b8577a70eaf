import { fork, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface MixRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  cookie?: string;
  /** JSON, sent with its content type. */
  body?: string;
}

export interface MixLoadSpec {
  targets: Array<{ url: string; pid: number }>;
  /** In all, shared equally among the targets. */
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  requests: MixRequest[];
}

export interface MixLoadResult {
  requests: number;
  rps: number;
  /** The worst of the processes' p99, in ms. */
  p99: number;
  /** Answers outside 2xx and connection errors. */
  errors: number;
  statusCodes: Record<string, number>;
  /** CPU time of all the processes together per request answered, in µs. */
  serverMicros: number;
  perProcess: Array<{ requests: number; cpuMicros: number }>;
}

export interface RealtimeResult {
  connected: number;
  sent: number;
  delivered: number;
  p50: number;
  p99: number;
}

const BENCH = import.meta.dirname;

function writeSpec(spec: unknown): string {
  const file = path.join(os.tmpdir(), `lunara-cross-process-${process.pid}-${Date.now()}.json`);
  fs.writeFileSync(file, JSON.stringify(spec));
  return file;
}

/** The mix through `cross-process-load-worker.ts`, in its own process so its CPU is not the servers'. */
export function runMixLoad(spec: MixLoadSpec): Promise<MixLoadResult> {
  const file = writeSpec(spec);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(BENCH, 'cross-process-load-worker.ts'), file], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (code) => {
      fs.rmSync(file, { force: true });
      if (code === 0) resolve(JSON.parse(output) as MixLoadResult);
      else reject(new Error(`cross-process-load-worker exited with ${code}`));
    });
  });
}

/**
 * `realtime-worker.ts`: the streams open on `streamsUrl`, the messages go through `sendUrl` (another
 * process: the event reaches the streams by NOTIFY alone). It waits two seconds once the streams are
 * open, then sends.
 */
export function runRealtime(spec: {
  url: string;
  sendUrl: string;
  streams: Array<{ cookie: string }>;
  sends: Array<{ cookie: string; conversationId: string }>;
  concurrency: number;
}): Promise<RealtimeResult> {
  const file = writeSpec(spec);
  const child = fork(path.join(BENCH, 'realtime-worker.ts'), [file], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise<RealtimeResult>((resolve, reject) => {
    child.on('message', (message: { ready?: number; result?: RealtimeResult }) => {
      if (message.ready !== undefined) setTimeout(() => child.send('go'), 2000);
      if (message.result) resolve(message.result);
    });
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`realtime worker exited with ${code}`));
    });
  }).finally(() => fs.rmSync(file, { force: true }));
}
