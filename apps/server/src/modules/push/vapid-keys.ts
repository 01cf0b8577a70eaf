import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { PushConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { appSettings } from '../../db/schema/operations.ts';

const KEY = 'vapid_keys';

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID keys from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when configured; otherwise a pair generated on
 * first start and kept in the database (like the auth secret), so every process signs with the same key
 * and browsers' subscriptions, which are bound to the public key, survive restarts. Two processes
 * starting at once both insert-or-ignore, then both read the one row that won.
 */
export async function resolveVapidDetails(db: Db, config: PushConfig): Promise<VapidDetails> {
  if (config.vapidKeys) return { subject: config.subject, ...config.vapidKeys };
  await db
    .insert(appSettings)
    .values({ key: KEY, value: JSON.stringify(webpush.generateVAPIDKeys()) })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, KEY));
  if (!row) throw new Error('The VAPID keys could not be stored');
  const keys = JSON.parse(row.value) as { publicKey: string; privateKey: string };
  return { subject: config.subject, publicKey: keys.publicKey, privateKey: keys.privateKey };
}
