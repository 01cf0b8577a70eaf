import { notificationTarget } from '@lunara/shared/notification-target';
import type { PushPayload } from '@lunara/shared/push';
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { Db } from '../../db/client.ts';
import { builderLimit } from '../../db/literal-limit.ts';
import { session } from '../../db/schema/auth.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { pushDeliveries, pushSubscriptions } from '../../db/schema/push.ts';
import { toAppNotification } from '../notifications/notification-service.ts';
import type { VapidDetails } from './vapid-keys.ts';

const BATCH = 20;
/** How long a claimed delivery is held by its sender: if that process dies mid-send, another retries after. */
const LEASE_MS = 2 * 60_000;
/** A failed send waits 30 s, then 1 min, 2, 4... */
const FIRST_RETRY_MS = 30_000;
export const MAX_PUSH_ATTEMPTS = 8;
/** How long the push service keeps a message for a phone that is off, and how long one is worth retrying. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;
/** The encrypted record must stay under 4 KB (RFC 8291); the body is cut well before. */
const MAX_TITLE = 120;
const MAX_BODY = 1000;
/** What calls for her at once; the rest may wait for the phone to wake (saves battery). */
const HIGH_URGENCY = new Set(['message', 'mention', 'event_reminder']);

/** Sends the prepared request; resolves to the push service's HTTP status. */
export type PushTransport = (request: {
  endpoint: string;
  headers: Record<string, string>;
  body: Buffer;
}) => Promise<number>;

/** Plain fetch (http on loopback works too, unlike web-push's own sender, which is https only). */
export const fetchTransport: PushTransport = async ({ endpoint, headers, body }) => {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers,
    body: new Uint8Array(body),
    // A redirect would lead the request somewhere no one checked: it counts as a failure.
    redirect: 'manual',
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
  await response.arrayBuffer().catch(() => undefined);
  return response.status;
};

export function toPushPayload(row: typeof notifications.$inferSelect): PushPayload {
  // The data as her bell gets it (toAppNotification leaves out what is for the server alone).
  const { data } = toAppNotification(row);
  return {
    title: row.title.slice(0, MAX_TITLE),
    body: row.message.length > MAX_BODY ? `${row.message.slice(0, MAX_BODY - 1)}…` : row.message,
    url: notificationTarget({ data }),
    tag: row.collapseKey ? `lunara-${row.collapseKey}`.slice(0, 200) : `lunara-${row.id}`,
    type: row.type,
    notificationId: row.id,
  };
}

export interface SendOptions {
  vapid: VapidDetails;
  log?: FastifyBaseLogger;
  transport?: PushTransport;
  /** The clock (tests move it to make a retry due). */
  now?: Date;
}

const after = (now: Date, ms: number) => new Date(now.getTime() + ms);

/**
 * Sends a batch of due pushes. A batch is claimed with SKIP LOCKED and its due time moved past a lease in
 * the same statement, so two processes never send the same push; the HTTP calls happen after that
 * statement, outside any transaction. Accepted: the row goes. 404/410: the browser dropped the
 * subscription, so it goes (with its other pushes). Anything else: retried with back-off, up to
 * MAX_PUSH_ATTEMPTS, and never past the TTL. Logs name the subscription by id, never the endpoint or keys.
 * Returns how many were claimed (0: the queue has nothing due).
 */
export async function sendDuePushes(db: Db, options: SendOptions): Promise<number> {
  const now = options.now ?? new Date();
  const transport = options.transport ?? fetchTransport;
  const claimed = await db
    .update(pushDeliveries)
    .set({ attempts: sql`${pushDeliveries.attempts} + 1`, dueAt: after(now, LEASE_MS) })
    .where(
      inArray(
        pushDeliveries.id,
        db
          .select({ id: pushDeliveries.id })
          .from(pushDeliveries)
          .where(lte(pushDeliveries.dueAt, now))
          .orderBy(pushDeliveries.dueAt)
          .limit(builderLimit(BATCH))
          .for('update', { skipLocked: true }),
      ),
    )
    .returning();
  if (claimed.length === 0) return 0;
  const rows = await db
    .select({ delivery: pushDeliveries, subscription: pushSubscriptions, notification: notifications })
    .from(pushDeliveries)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushDeliveries.subscriptionId))
    .innerJoin(notifications, eq(notifications.id, pushDeliveries.notificationId))
    // Queued before her sign-in there expired: not sent (and dropped below).
    .innerJoin(session, and(eq(session.id, pushSubscriptions.sessionId), gt(session.expiresAt, now)))
    .where(
      inArray(
        pushDeliveries.id,
        claimed.map((delivery) => delivery.id),
      ),
    );
  const sending = new Set(rows.map((row) => row.delivery.id));
  const expired = claimed.filter((delivery) => !sending.has(delivery.id)).map((delivery) => delivery.id);
  if (expired.length > 0) await db.delete(pushDeliveries).where(inArray(pushDeliveries.id, expired));
  await Promise.all(rows.map((row) => sendOne(db, row, now, transport, options)));
  return claimed.length;
}

async function sendOne(
  db: Db,
  {
    delivery,
    subscription,
    notification,
  }: {
    delivery: typeof pushDeliveries.$inferSelect;
    subscription: typeof pushSubscriptions.$inferSelect;
    notification: typeof notifications.$inferSelect;
  },
  now: Date,
  transport: PushTransport,
  options: SendOptions,
): Promise<void> {
  const context = { deliveryId: delivery.id, subscriptionId: subscription.id, attempts: delivery.attempts };
  let status: number | undefined;
  let failure: unknown;
  try {
    const request = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(toPushPayload(notification)),
      {
        vapidDetails: options.vapid,
        TTL: PUSH_TTL_SECONDS,
        urgency: HIGH_URGENCY.has(notification.type) ? 'high' : 'normal',
        contentEncoding: 'aes128gcm',
      },
    );
    status = await transport({
      endpoint: request.endpoint,
      headers: request.headers as Record<string, string>,
      body: request.body,
    });
  } catch (error) {
    failure = error;
  }
  if (status !== undefined && status >= 200 && status < 300) {
    await db.delete(pushDeliveries).where(eq(pushDeliveries.id, delivery.id));
    await db.update(pushSubscriptions).set({ lastUsedAt: now }).where(eq(pushSubscriptions.id, subscription.id));
    return;
  }
  if (status === 404 || status === 410) {
    // Expired or unsubscribed in the browser: nothing will ever reach it again.
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
    options.log?.info(context, 'push subscription gone; removed');
    return;
  }
  const retryAt = after(now, FIRST_RETRY_MS * 2 ** (delivery.attempts - 1));
  const expiresAt = after(delivery.createdAt, PUSH_TTL_SECONDS * 1000);
  if (delivery.attempts >= MAX_PUSH_ATTEMPTS || retryAt > expiresAt) {
    await db.delete(pushDeliveries).where(eq(pushDeliveries.id, delivery.id));
    options.log?.warn({ ...context, status, err: safeError(failure) }, 'push delivery failed; giving up');
    return;
  }
  await db.update(pushDeliveries).set({ dueAt: retryAt }).where(eq(pushDeliveries.id, delivery.id));
  options.log?.warn({ ...context, status, err: safeError(failure) }, 'push delivery failed; will retry');
}

/** An error's message only: a fetch error can carry the request (its endpoint) in its cause. */
const safeError = (error: unknown) =>
  error instanceof Error ? { name: error.name, message: error.message } : undefined;
