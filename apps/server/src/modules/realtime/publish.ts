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
 * A NOTIFY payload is "<userId> <event JSON>": a process finds the member before parsing anything,
 * and forwards the JSON as it is. Too big to carry, it tells her client to refetch instead.
 */
function toPayload({ userId, event }: RealtimeEnvelope): string {
  const payload = `${userId} ${JSON.stringify(event)}`;
  return Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES ? `${userId} ${JSON.stringify({ type: 'resync' })}` : payload;
}

/** The member and the event JSON of a payload, or undefined for one this version cannot read. */
export function fromPayload(payload: string): { userId: string; eventJson: string } | undefined {
  const space = payload.indexOf(' ');
  if (space < 1) return undefined;
  return { userId: payload.slice(0, space), eventJson: payload.slice(space + 1) };
}

/**
 * Queues events in one statement. Call it inside the write's transaction: PostgreSQL delivers NOTIFY
 * only when the transaction commits (and never if it rolls back), to every app process listening.
 */
export async function publishEvents(tx: Db, envelopes: RealtimeEnvelope[]): Promise<void> {
  if (envelopes.length === 0) return;
  const payloads = JSON.stringify(envelopes.map(toPayload));
  await tx.execute(
    sql`select pg_notify(${REALTIME_CHANNEL}, payload) from jsonb_array_elements_text(${payloads}::jsonb) as payload`,
  );
}

export const publishEvent = (tx: Db, userId: string, event: RealtimeEvent) => publishEvents(tx, [{ userId, event }]);
