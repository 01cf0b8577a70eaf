import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { builderLimit } from '../../db/literal-limit.ts';
import { outbox } from '../../db/schema/operations.ts';

export const OUTBOX_PAGE_SIZE = 50;

export async function listRecentMail(db: Db) {
  return db
    .select({
      id: outbox.id,
      to: outbox.toAddress,
      subject: outbox.subject,
      text: outbox.textBody,
      status: outbox.status,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(builderLimit(OUTBOX_PAGE_SIZE));
}
