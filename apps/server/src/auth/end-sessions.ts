import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { session } from '../db/schema/auth.ts';

/** Ends every session of a member but `keep` (if given); each process hears it from the session trigger. */
export async function endSessionsExcept(db: Db, userId: string, keep: string | undefined): Promise<void> {
  await db
    .delete(session)
    .where(keep ? and(eq(session.userId, userId), ne(session.id, keep)) : eq(session.userId, userId));
}
