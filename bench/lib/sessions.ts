import { createHmac, randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { SESSION_EXPIRES_IN_SECONDS } from '../../apps/server/src/auth/session-lifetime.ts';

export const BENCH_SECRET = 'benchmark-secret-benchmark-secret-0123456789';

export function memberId(n: number): string {
  return `bench-${String(n).padStart(6, '0')}`;
}

/** better-auth's cookie: the token, a dot, and its HMAC-SHA256 (base64), URL-encoded. */
export function signedCookie(token: string): string {
  const signature = createHmac('sha256', BENCH_SECRET).update(token).digest('base64');
  return `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

/**
 * The expiry of a session signed in just now (the app's own lifetime). An earlier 7 days made every
 * session look 23 days old to the app: its first use wrote it again (better-auth's daily refresh), whose
 * trigger then dropped it from the session cache, so each member's first two requests loaded it.
 */
export function freshSessionExpiry(): Date {
  return new Date(Date.now() + SESSION_EXPIRES_IN_SECONDS * 1000);
}

/** Real sessions in the session table for members 1..count (member 1 is the admin); returns their cookies. */
export async function createSessions(url: string, count: number): Promise<string[]> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const rows = Array.from({ length: count }, (_, i) => ({
      id: `bench-session-${i + 1}-${randomBytes(6).toString('hex')}`,
      token: randomBytes(24).toString('base64url'),
      user_id: memberId(i + 1),
      expires_at: freshSessionExpiry(),
    }));
    await sql`delete from session where id like 'bench-session-%'`;
    for (let i = 0; i < rows.length; i += 1000) await sql`insert into session ${sql(rows.slice(i, i + 1000))}`;
    return rows.map((row) => signedCookie(row.token));
  } finally {
    await sql.end();
  }
}
