import { and, gt, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { session } from '../../db/schema/auth.ts';
import type { RealtimeHub } from './hub.ts';

/** Members checked per statement when many are (after the listener reconnected). */
const CHUNK = 500;

/**
 * Ends the event streams whose session is gone: a stream is authorised once, when it opens, so a
 * sign-out, a password change or reset (which revoke sessions) or a deleted account must end it too, in
 * every process. The session triggers' NOTIFY (migration 0006) names the member; notices arriving
 * together are checked in one statement, only for members with a stream in this process.
 */
export function watchStreamSessions(db: Db, hub: RealtimeHub, log: FastifyBaseLogger) {
  const pending = new Set<string>();
  let checking = false;

  async function checkPending() {
    while (pending.size > 0) {
      const members = [...pending].filter(hub.hasStreams);
      pending.clear();
      for (let start = 0; start < members.length; start += CHUNK) {
        const chunk = members.slice(start, start + CHUNK);
        const rows = await db
          .select({ id: session.id, userId: session.userId })
          .from(session)
          .where(and(inArray(session.userId, chunk), gt(session.expiresAt, new Date())));
        const live = new Set(rows.map((row) => row.id));
        for (const userId of chunk) hub.endStreamsOutside(userId, live);
      }
    }
  }

  function schedule() {
    if (checking) return;
    checking = true;
    void checkPending()
      .catch((error: unknown) => {
        // Not knowing is not a reason to keep a revoked stream: the member's streams end and reconnect,
        // and a reconnect is authorised afresh.
        log.error({ err: error }, 'could not check the sessions of event streams; ending them');
        for (const userId of hub.connectedMembers()) hub.endStreamsOutside(userId, new Set());
      })
      .finally(() => {
        checking = false;
        if (pending.size > 0) schedule();
      });
  }

  return {
    /** A notice that something about this member's sessions changed. */
    sessionChanged(userId: string) {
      if (!hub.hasStreams(userId)) return;
      pending.add(userId);
      schedule();
    },
    /** Notices may have been missed (the listener reconnected): check every member with a stream. */
    checkAll() {
      for (const userId of hub.connectedMembers()) pending.add(userId);
      schedule();
    },
  };
}
