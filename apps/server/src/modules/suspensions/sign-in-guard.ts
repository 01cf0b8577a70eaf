import { ACCOUNT_SUSPENDED_CODE } from '@lunara/shared/suspensions';
import { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { session } from '../../db/schema/auth.ts';
import { announceSessionChange } from '../session/session-cache.ts';
import { findActiveSuspension, suspendedMessage } from './suspension-service.ts';

/**
 * better-auth's session hooks (create-auth.ts): no session is made for a suspended member, whichever
 * endpoint would make it (sign-in, a second factor...). better-auth calls `before` only once the password
 * was right, so the reason is shown to the account's holder alone, never to someone guessing addresses.
 * Once the end date passes she signs in again without anyone acting: "active" is a comparison with now.
 */
export function suspendedSessionHooks(db: Db) {
  return {
    before: async (row: { userId: string }) => {
      const suspension = await findActiveSuspension(db, row.userId);
      if (suspension) {
        throw new APIError('FORBIDDEN', { code: ACCOUNT_SUSPENDED_CODE, message: suspendedMessage(suspension) });
      }
    },
    // A suspension committed between the check above and the session's insert: the suspension's own
    // deletion may have run before the insert, so look again and end the session it missed.
    after: async (row: { id: string; userId: string } | null) => {
      if (!row || !(await findActiveSuspension(db, row.userId))) return;
      await db.delete(session).where(eq(session.id, row.id));
      announceSessionChange(row.userId);
    },
  };
}
