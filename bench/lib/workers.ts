// The benchmark's load runs in processes of their own, so that their CPU is never counted as the server's.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const BENCH = path.resolve(import.meta.dirname, '..');

/** Writes a worker's spec to a temporary file (its only argument); the caller removes it. */
export function writeSpecFile(spec: unknown): string {
  const file = path.join(
    os.tmpdir(),
    `lunara-bench-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.json`,
  );
  fs.writeFileSync(file, JSON.stringify(spec));
  return file;
}

/** Runs `bench/<script>` with its spec; the worker prints one JSON answer on stdout and exits 0. */
export function runJsonWorker<Result>(script: string, spec: unknown): Promise<Result> {
  const file = writeSpecFile(spec);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(BENCH, script), file], {
      cwd: path.dirname(BENCH),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (code) => {
      fs.rmSync(file, { force: true });
      if (code === 0) resolve(JSON.parse(output) as Result);
      else reject(new Error(`${script} exited with ${code}`));
    });
  });
}

/**
 * CPU time of the whole machine so far (jiffies): in all, what the hypervisor gave to other guests, and
 * what was busy here (neither idle, waiting on the disk, nor stolen).
 */
export function machineCpu(): { total: number; steal: number; busy: number } {
  const fields = (fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1, 9);
  const jiffies = fields.map(Number);
  const total = jiffies.reduce((sum, value) => sum + value, 0);
  const steal = jiffies[7] ?? 0;
  return { total, steal, busy: total - (jiffies[3] ?? 0) - (jiffies[4] ?? 0) - steal };
}
