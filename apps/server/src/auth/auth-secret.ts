import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { appSettings } from '../db/schema/operations.ts';

const KEY = 'auth_secret';

/**
 * AUTH_SECRET when configured; otherwise one generated on first start and kept in the database, so
 * that sessions survive restarts and every process behind a load balancer signs with the same key.
 */
export async function resolveAuthSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSettings)
    .values({ key: KEY, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, KEY));
  if (!row) throw new Error('The auth secret could not be stored');
  return row.value;
}
