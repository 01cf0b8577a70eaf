/**
 * A DATABASE_URL may name a Unix socket directory as libpq does, `?host=/var/run/postgresql` (psql and
 * pg_dump read it so): postgres.js would send it to the server as a setting instead. The directory is
 * taken out of the URL and becomes the driver's socket path. On one machine the socket spares every
 * query and result the TCP stack (under full CPU load over loopback, spurious retransmissions there
 * held some results back by 200 ms or more).
 */
export function splitSocketUrl(url: string): { url: string; path?: string } {
  const parsed = new URL(url);
  const directory = parsed.searchParams.get('host');
  if (!directory?.startsWith('/')) return { url };
  parsed.searchParams.delete('host');
  const port = parsed.port || '5432';
  return { url: parsed.toString(), path: `${directory.replace(/\/$/, '')}/.s.PGSQL.${port}` };
}
