/**
 * Connections each process keeps to the PostgreSQL server when DATABASE_POOL_SIZE does not say. Ten
 * suits one or two processes on a server with PostgreSQL's default 100 connections; with more
 * processes, the sum of their pools (plus one listening connection each) must stay under it.
 */
export const DEFAULT_POOL_SIZE = 10;
