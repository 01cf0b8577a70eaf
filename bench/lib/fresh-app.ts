// An admin account for the benchmark parts that start from an empty app (uploads, image pages).
import { openPostgres } from '../../apps/server/src/db/client.ts';
import { grantRoleByEmail } from '../../apps/server/src/modules/roles/service.ts';

/** Signs a new account up through the API, makes it an admin, and returns its session cookie. */
export async function signUpAdmin(baseUrl: string, databaseUrl: string): Promise<string> {
  const email = `bench.admin.${Date.now()}@example.com`;
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password: 'moonlight-benchmark', name: 'Benchmark Sister' }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .find((line) => line.startsWith('better-auth.session_token='))
    ?.split(';')[0];
  if (!cookie) throw new Error('sign-up gave no session cookie');
  const database = openPostgres(databaseUrl, { max: 1 });
  try {
    await grantRoleByEmail(database.db, email, 'admin');
  } finally {
    await database.close();
  }
  return cookie;
}
