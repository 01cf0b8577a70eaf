import { and, eq, like, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { verification } from '../db/schema/auth.ts';

// better-auth stores a reset link's token as a verification row `reset-password:<token>` whose value is
// the member's id.
const RESET_TOKEN_PREFIX = 'reset-password:';

interface VerificationRow {
  identifier: string;
  value: string;
  expiresAt: Date | string;
}

/**
 * A reset link that is being used ends every other reset link of the same member: an older email
 * (forwarded, left in a shared inbox) must not set her password again after she chose a new one. Runs
 * when better-auth consumes the token (databaseHooks.verification.delete.before), before the password
 * changes. Two links used at once cannot both succeed: each deletes the other's row before consuming
 * its own, so at most one finds its row still there.
 */
export async function revokeOtherResetLinks(db: Db, consumed: VerificationRow): Promise<void> {
  if (!consumed.identifier.startsWith(RESET_TOKEN_PREFIX)) return;
  // Expired rows are deleted by better-auth's clean-up too: that is not a reset, and changes nothing else.
  if (new Date(consumed.expiresAt).getTime() <= Date.now()) return;
  await db
    .delete(verification)
    .where(
      and(
        like(verification.identifier, `${RESET_TOKEN_PREFIX}%`),
        eq(verification.value, consumed.value),
        ne(verification.identifier, consumed.identifier),
      ),
    );
}
