import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { session, user } from '../db/schema/auth.ts';
import { cookieValueAsRead } from './session-cookie.ts';
import { SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS } from './session-lifetime.ts';

/** What the app reads of a session and its member (a subset of better-auth's getSession answer). */
export interface ReadSession {
  session: { id: string; token: string; expiresAt: Date };
  user: { id: string; email: string; emailVerified: boolean; twoFactorEnabled?: boolean | null };
}

const SIGNATURE = /^[A-Za-z0-9+/]{43}=$/;

/**
 * The session token of a signed session cookie value (`<token>.<signature>` as sent), checked as
 * better-call checks it: the value read as its parser reads it, and the signature the base64
 * HMAC-SHA256 of the token under the auth secret, 44 characters ending in '=', compared as the bytes
 * atob decodes. null when the signature is not the app's (better-auth answers no session either).
 */
export function verifiedSessionToken(cookieValue: string, secret: string): string | null {
  const value = cookieValueAsRead(cookieValue);
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  // A 32-byte HMAC in base64: 43 characters and one '='. The last character's two low bits are unused,
  // and atob (better-call's decoder) ignores them: four spellings of each signature pass there, so they
  // pass here too. Were one refused here, better-auth's own endpoints would still take the cookie while
  // the app's routes saw a visitor (and keyed a member's limits on the client's address instead).
  if (!SIGNATURE.test(signature)) return null;
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * A session by its token, read in one statement with its member, when better-auth would answer it as it
 * is: live and not yet due to have its expiry moved forward. null when there is no such session (nor
 * would better-auth find one); undefined when it has expired or is due a refresh, which better-auth does
 * (it deletes the expired row, writes the new expiry).
 */
export async function findFreshSession(
  db: Db,
  token: string,
  now = Date.now(),
): Promise<ReadSession | null | undefined> {
  const [row] = await db
    .select({
      id: session.id,
      token: session.token,
      expiresAt: session.expiresAt,
      userId: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      twoFactorEnabled: user.twoFactorEnabled,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, token))
    .limit(1);
  if (!row) return null;
  const expiresAt = row.expiresAt.getTime();
  const refreshDue = expiresAt - SESSION_EXPIRES_IN_SECONDS * 1000 + SESSION_UPDATE_AGE_SECONDS * 1000 <= now;
  if (expiresAt <= now || refreshDue) return undefined;
  return {
    session: { id: row.id, token: row.token, expiresAt: row.expiresAt },
    user: {
      id: row.userId,
      email: row.email,
      emailVerified: row.emailVerified,
      twoFactorEnabled: row.twoFactorEnabled,
    },
  };
}
