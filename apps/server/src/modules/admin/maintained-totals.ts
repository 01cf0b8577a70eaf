import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * The SQL for one maintained total (migration 0005): its folded value plus its pending deltas, two
 * primary-key/index reads whatever the size of the table it counts.
 */
export function counterValue(key: string | SQL) {
  return sql`lunara_counter(${key})::int`;
}

export async function foldCounterDeltas(db: Db): Promise<void> {
  await db.execute(sql`select lunara_fold_counter_deltas()`);
}
