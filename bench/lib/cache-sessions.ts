import { createHmac, randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { BENCH_SECRET, memberId } from './sessions.ts';

/** A second device of a member: its session's id (to revoke it) and its signed cookie. */
export interface ExtraSession {
  member: number;
  id: string;
  cookie: string;
}

const PREFIX = 'bench-xsession-';

/** better-auth's cookie, signed as `createSessions` signs it (the token, a dot, its HMAC-SHA256). */
function signedCookie(token: string): string {
  const signature = createHmac('sha256', BENCH_SECRET).update(token).digest('base64');
  return `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

/**
 * More sessions for members who already have one (`createSessions` keeps one a member and deletes the
 * others it made): a member signed in on two devices can sign one out from the other. Those of an
 * earlier run are deleted first.
 */
export async function createExtraSessions(url: string, members: number[]): Promise<ExtraSession[]> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql`delete from session where id like ${`${PREFIX}%`}`;
    const rows = members.map((member) => ({
      id: `${PREFIX}${member}-${randomBytes(6).toString('hex')}`,
      token: randomBytes(24).toString('base64url'),
      user_id: memberId(member),
      expires_at: new Date(Date.now() + 7 * 86_400_000),
    }));
    if (rows.length > 0) await sql`insert into session ${sql(rows)}`;
    return rows.map((row, i) => ({ member: members[i] ?? 0, id: row.id, cookie: signedCookie(row.token) }));
  } finally {
    await sql.end();
  }
}
