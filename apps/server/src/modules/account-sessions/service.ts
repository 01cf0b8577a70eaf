import { type AccountSessionList, SESSION_LIST_LIMIT } from '@lunara/shared/account-settings';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { builderLimit } from '../../db/literal-limit.ts';
import { session } from '../../db/schema/auth.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { announceSessionChange } from '../session/session-cache.ts';
import { approximateAddress, describeDevice } from './user-agent.ts';

/**
 * Where she is signed in: her unexpired sessions, most recently active first (`updated_at` moves when
 * better-auth refreshes a session, at most once a day, so "last active" is to the day). Read through
 * `session_user_id_idx`; no token leaves the server.
 */
export async function listAccountSessions(db: Db, member: SessionUser): Promise<AccountSessionList> {
  const rows = await db
    .select({
      id: session.id,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
    })
    .from(session)
    .where(and(eq(session.userId, member.id), gt(session.expiresAt, new Date())))
    .orderBy(desc(session.updatedAt), desc(session.id))
    .limit(builderLimit(SESSION_LIST_LIMIT));
  return {
    items: rows.map((row) => ({
      id: row.id,
      device: describeDevice(row.userAgent),
      approximateAddress: approximateAddress(row.ipAddress),
      createdAt: row.createdAt.toISOString(),
      lastActiveAt: row.updatedAt.toISOString(),
      current: row.id === member.sessionId,
    })),
  };
}

export const CURRENT_SESSION_MESSAGE = 'This is the device you are using: sign out from the menu instead';

/**
 * Signs one of her other sessions out. Deleting the row is what better-auth's revoke-session does; the
 * session trigger's NOTIFY makes every process forget it and ends its event streams
 * (realtime/session-watch.ts), and this process forgets it at once. Someone else's session id is
 * "unknown", exactly like an id that never existed.
 */
export async function revokeAccountSession(db: Db, member: SessionUser, sessionId: string): Promise<void> {
  if (sessionId === member.sessionId) throw badRequest(CURRENT_SESSION_MESSAGE);
  const deleted = await db
    .delete(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, member.id)))
    .returning({ id: session.id });
  if (deleted.length === 0) throw notFound('That session has already ended');
  announceSessionChange(member.id);
}
