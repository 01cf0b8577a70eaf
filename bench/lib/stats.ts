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
}

export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
