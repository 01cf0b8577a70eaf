/**
 * postgres.js 3.4 defers writes under 1 KB to `setImmediate`; when the server closes the connection
 * first (PostgreSQL restarting, a backend terminated), that deferred write dereferences the closed
 * socket and throws from the immediate, outside any await: an uncaught TypeError that would end the
 * process (porsager/postgres#1066, #1154, #1208; the fix, a guard in `nextWrite`, is not released).
 * By then the connection's queries have been rejected with CONNECTION_CLOSED and the pool opens a new
 * connection, so the process can safely carry on. The stress suite's PostgreSQL restart found it.
 */
export function isDriverClosedSocketWrite(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /reading 'write'/.test(error.message) &&
    /nextWrite[\s\S]*postgres[\\/]src[\\/]connection\.js/.test(error.stack ?? '')
  );
}
