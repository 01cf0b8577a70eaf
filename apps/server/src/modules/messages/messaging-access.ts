import { RECIPIENT_CANNOT_USE_MESSAGES } from '@lunara/shared/messages';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { forbidden } from '../../errors.ts';
import { canUseCommunity } from '../billing/community-access.ts';

/**
 * A 403 the sender understands when the member she writes to cannot use Messages: a message to her would
 * be stored where she can never read it.
 */
export async function assertCanReceiveMessages(db: Db, memberId: string): Promise<void> {
  const [row] = await queryRows<{ allowed: boolean }>(db, sql`select ${canUseCommunity(memberId)} as allowed`);
  if (!row?.allowed) throw forbidden(RECIPIENT_CANNOT_USE_MESSAGES);
}
