import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { freshSessionExpiry, memberId, signedCookie } from './sessions.ts';

/** A second device of a member: its session's id (to revoke it) and its signed cookie. */
export interface ExtraSession {
  member: number;
  id: string;
  cookie: string;
}

const PREFIX = 'bench-xsession-';

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
      expires_at: freshSessionExpiry(),
    }));
    if (rows.length > 0) await sql`insert into session ${sql(rows)}`;
    return rows.map((row, i) => ({ member: members[i] ?? 0, id: row.id, cookie: signedCookie(row.token) }));
  } finally {
    await sql.end();
  }
}
