import type { RealtimeEvent } from '@lunara/shared/realtime';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export const REALTIME_CHANNEL = 'lunara_realtime';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7_900;

export interface RealtimeEnvelope {
  userId: string;
  event: RealtimeEvent;
}

/**
 * Queues an event for one member. Call it inside the write's transaction: PostgreSQL delivers NOTIFY
 * only when the transaction commits (and never if it rolls back), to every app process listening.
 */
export async function publishEvent(tx: Db, userId: string, event: RealtimeEvent): Promise<void> {
  let payload = JSON.stringify({ userId, event } satisfies RealtimeEnvelope);
  // Too big to carry: tell her client to refetch instead of losing the event.
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
    payload = JSON.stringify({ userId, event: { type: 'resync' } } satisfies RealtimeEnvelope);
  }
  await tx.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${payload})`);
}
