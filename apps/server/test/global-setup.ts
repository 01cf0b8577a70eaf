import postgres from 'postgres';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Drops test databases left behind by runs that were killed before they could clean up (their
 * names carry the pid of the run that made them), so the server does not fill up across reruns.
 */
export default async function dropLeftoverTestDatabases() {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql<{ datname: string }[]>`select datname from pg_database where datname like 'lunara_test_%'`;
    for (const { datname } of rows) {
      const pid = Number(datname.split('_')[2]);
      if (Number.isInteger(pid) && !isAlive(pid)) await sql.unsafe(`drop database if exists "${datname}" with (force)`);
    }
  } finally {
    await sql.end();
  }
}
