import { createHmac, randomBytes } from 'node:crypto';
import postgres from 'postgres';

export const BENCH_SECRET = 'benchmark-secret-benchmark-secret-0123456789';

export function memberId(n: number): string {
  return `bench-${String(n).padStart(6, '0')}`;
}

/** better-auth's cookie: the token, a dot, and its HMAC-SHA256 (base64), URL-encoded. */
function signedCookie(token: string): string {
  const signature = createHmac('sha256', BENCH_SECRET).update(token).digest('base64');
  return `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

/** Real sessions in the session table for members 1..count (member 1 is the admin); returns their cookies. */
export async function createSessions(url: string, count: number): Promise<string[]> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const rows = Array.from({ length: count }, (_, i) => ({
      id: `bench-session-${i + 1}-${randomBytes(6).toString('hex')}`,
      token: randomBytes(24).toString('base64url'),
      user_id: memberId(i + 1),
      expires_at: new Date(Date.now() + 7 * 86_400_000),
    }));
    await sql`delete from session where id like 'bench-session-%'`;
    for (let i = 0; i < rows.length; i += 1000) await sql`insert into session ${sql(rows.slice(i, i + 1000))}`;
    return rows.map((row) => signedCookie(row.token));
  } finally {
    await sql.end();
  }
}
