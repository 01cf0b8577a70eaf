import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { runJsonWorker, writeSpecFile } from './lib/workers.ts';

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

/** The mix through `cross-process-load-worker.ts`, in its own process so its CPU is not the servers'. */
export function runMixLoad(spec: MixLoadSpec): Promise<MixLoadResult> {
  return runJsonWorker<MixLoadResult>('cross-process-load-worker.ts', spec);
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
  const file = writeSpecFile(spec);
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
