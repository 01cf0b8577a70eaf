import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';

export const ORIGIN = 'http://localhost:3000';

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>;
  kill(signal?: NodeJS.Signals): Promise<number | string>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/** A real server process (from the sources) on a free port; resolves once /api/ready says ready. */
export async function startServer(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  const chosen = port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    env: {
      ...process.env,
      PORT: String(chosen),
      HOST: '127.0.0.1',
      APP_URL: ORIGIN,
      DEMO_DATA: '0',
      AUTH_RATE_LIMIT: '100000',
      LOG_LEVEL: process.env.STRESS_LOG_LEVEL ?? 'warn',
      NODE_ENV: 'test',
      ...env,
    },
    stdio: ['ignore', process.env.STRESS_LOG_LEVEL ? 'inherit' : 'ignore', 'inherit'],
  });
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  const url = `http://127.0.0.1:${chosen}`;
  const server: ServerProcess = {
    url,
    port: chosen,
    child,
    exited,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
        return (await fetch(`${url}/api/ready`)).ok;
      },
      60_000,
      'the server to be ready',
    );
  } catch (error) {
    await server.kill();
    throw error;
  }
  return server;
}

export const tempDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'lunara-stress-'));

/** A fresh database on the PostgreSQL server of TEST_DATABASE_URL, and how to drop it. */
export async function createServerDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `lunara_stress_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.unsafe(`drop database if exists "${name}" with (force)`).catch(() => {});
      await admin.end();
    },
  };
}

export const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
