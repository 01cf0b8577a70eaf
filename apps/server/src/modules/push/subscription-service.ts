import { createECDH } from 'node:crypto';
import {
  MAX_PUSH_DEVICES,
  PUSH_ENDPOINT_MAX_LENGTH,
  PUSH_ENDPOINT_MESSAGE,
  type PushDevice,
  type PushSubscriptionInput,
} from '@lunara/shared/push';
import { isHttpsUrl } from '@lunara/shared/urls';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { builderLimit } from '../../db/literal-limit.ts';
import { pushSubscriptions } from '../../db/schema/push.ts';
import { badRequest, notFound } from '../../errors.ts';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The browsers' push services (Chrome, Edge, Samsung, Opera: FCM; Firefox: Mozilla; Safari: Apple;
 * legacy Edge: WNS). The server POSTs to whatever endpoint is stored, so an endpoint elsewhere would let
 * a member make it call any address, an internal one included (SSRF): only these hosts are accepted.
 */
const PUSH_SERVICE_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^android\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /^web\.push\.apple\.com$/,
  /^[a-z0-9-]+\.push\.apple\.com$/,
  /^[a-z0-9-]+\.notify\.windows\.com$/,
];

// On their standard port only: any other port of those hosts is not a push service either.
export const isPushServiceUrl = (endpoint: string): boolean =>
  isHttpsUrl(endpoint) &&
  new URL(endpoint).port === '' &&
  PUSH_SERVICE_HOSTS.some((host) => host.test(new URL(endpoint).hostname));

/**
 * One spelling per address (host case, an explicit :443), so the unique endpoint is one row per device;
 * what is not a URL stays as it was, for the check to refuse.
 */
const normalizeEndpoint = (endpoint: string): string => (URL.canParse(endpoint) ? new URL(endpoint).href : endpoint);

/** A browser push service's https address; plain http only on loopback where the deployment allows it (tests). */
function assertPushEndpoint(endpoint: string, allowHttpLoopback: boolean): void {
  if (isPushServiceUrl(endpoint)) return;
  if (allowHttpLoopback && URL.canParse(endpoint)) {
    const url = new URL(endpoint);
    if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return;
  }
  throw badRequest(PUSH_ENDPOINT_MESSAGE);
}

/** The browser's keys must be a P-256 point and a 16-byte secret, or no message could ever be encrypted to them. */
function assertKeys(keys: PushSubscriptionInput['keys']): void {
  const message = 'The subscription keys are not a valid P-256 key and 16-byte auth secret';
  const publicKey = Buffer.from(keys.p256dh, 'base64url');
  if (publicKey.length !== 65 || publicKey[0] !== 4 || Buffer.from(keys.auth, 'base64url').length !== 16) {
    throw badRequest(message);
  }
  try {
    // Throws unless the point is on the curve.
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(publicKey);
  } catch {
    throw badRequest(message);
  }
}

const toDevice = (row: typeof pushSubscriptions.$inferSelect): PushDevice => ({
  id: row.id,
  deviceLabel: row.deviceLabel,
  endpoint: row.endpoint,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/**
 * Stores this browser's subscription for her. The endpoint is the browser's, so subscribing it again
 * updates the row, and when another member signs in on the same browser and subscribes, the device
 * becomes hers. Past MAX_PUSH_DEVICES her oldest devices are dropped.
 */
export async function saveSubscription(
  db: Db,
  userId: string,
  input: PushSubscriptionInput,
  options: { deviceLabel: string; allowHttpLoopback: boolean; sessionId: string },
): Promise<PushDevice> {
  const endpoint = normalizeEndpoint(input.endpoint);
  // The schema's limit holds for the spelling stored too (normalizing percent-encodes, and can grow it).
  if (endpoint.length > PUSH_ENDPOINT_MAX_LENGTH) throw badRequest(PUSH_ENDPOINT_MESSAGE);
  assertPushEndpoint(endpoint, options.allowHttpLoopback);
  assertKeys(input.keys);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({
        userId,
        endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        deviceLabel: options.deviceLabel,
        sessionId: options.sessionId,
      })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          userId,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          deviceLabel: options.deviceLabel,
          sessionId: options.sessionId,
          createdAt: sql`now()`,
        },
      })
      .returning();
    if (!row) throw new Error('The push subscription was not stored');
    const kept = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(builderLimit(MAX_PUSH_DEVICES));
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)));
    return toDevice(row);
  });
}

/** Removes her subscription of this endpoint; another member's (or none) is a 404, the same answer. */
export async function deleteSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, normalizeEndpoint(endpoint))))
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0) throw notFound('This device is not subscribed to your push notifications');
}

/** Removes one of her devices by id (from her list of devices). */
export async function deleteDevice(db: Db, userId: string, deviceId: string): Promise<void> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.id, deviceId)))
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0) throw notFound('Unknown device');
}

/** Her subscribed devices, newest first (at most MAX_PUSH_DEVICES exist). */
export async function listDevices(db: Db, userId: string): Promise<PushDevice[]> {
  const rows = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(builderLimit(MAX_PUSH_DEVICES));
  return rows.map(toDevice);
}
