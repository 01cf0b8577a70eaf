import fs from 'node:fs';

/** Percentile of sorted values (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  /** Share of the machine's CPU the hypervisor gave to other guests during the run (0-1). */
  steal?: number;
  /** CPU time the server process (all its threads) spent per request during the measured part, in µs. */
  serverMicros?: number;
}

// sysconf(_SC_CLK_TCK): 100 on every Linux Node supports.
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time a process has used so far, all threads, in µs (Linux: utime + stime in clock ticks). */
export function processCpuMicros(pid: number): number {
  const fields = (fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
  return (Number(fields[11]) + Number(fields[12])) * (1_000_000 / CLOCK_TICKS_PER_SECOND);
}

export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
