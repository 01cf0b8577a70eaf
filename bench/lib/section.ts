import type { Size } from './databases.ts';

/** One line of the report's budget table, printed PASS/FAIL. */
export interface Budget {
  name: string;
  value: string;
  pass: boolean;
}

/** What every part of the benchmark is told: how big and how long to run, and where to print. */
export interface BenchOptions {
  /** `--quick`: the 1/100 size and short runs, so a developer checks a change in minutes. */
  quick: boolean;
  /** The sizes asked for (`--sizes`); a part that is defined at one size may ignore the others. */
  sizes: Size[];
  /** Seconds per measured run (`--duration`). */
  durationSeconds: number;
  log: (line: string) => void;
}

/**
 * A part of the benchmark that reports on its own (the day in the life, the write paths, the caches
 * across processes, the scale-out): its budgets join the report's table, its markdown follows the
 * tables of the older parts, and its data is kept in latest.json under its key.
 */
export interface BenchSection {
  key: string;
  title: string;
  budgets: Budget[];
  /** Markdown without the `## title` heading: tables and a sentence on how it was measured. */
  markdown: string;
  data: unknown;
}
