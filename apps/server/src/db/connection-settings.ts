/**
 * Connections each process keeps to the PostgreSQL server when DATABASE_POOL_SIZE does not say. Ten
 * suits one or two processes on a server with PostgreSQL's default 100 connections; with more
 * processes, the sum of their pools (plus one listening connection each) must stay under it.
 */
export const DEFAULT_POOL_SIZE = 10;

/**
 * The settings of every connection the app opens to the PostgreSQL server (the benchmark's direct-SQL
 * floor uses the same). JIT compiling pays off for long analytical queries; for these millisecond
 * reads it only ever added tens of milliseconds when a misestimated plan crossed jit_above_cost
 * (decision 009). Every statement is prepared and planned once with its parameters unknown (decision
 * 014): left to choose, PostgreSQL planned a keyset page after a cursor again on every run, which cost
 * more than running it.
 */
export const CONNECTION_SETTINGS = {
  application_name: 'lunara',
  jit: 'off',
  plan_cache_mode: 'force_generic_plan',
} as const;
