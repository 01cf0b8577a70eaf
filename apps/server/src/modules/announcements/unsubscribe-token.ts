import { createHmac, timingSafeEqual } from 'node:crypto';
import { MEMBER_ID_PATTERN } from '@lunara/shared/params';

/** What a token lets its holder turn off; part of the signed text, so a token for one is no other's. */
export const UNSUBSCRIBE_PURPOSE = 'announcements';

/**
 * The key of unsubscribe links: derived from the app's secret (AUTH_SECRET or the generated one every
 * process shares), so it is the same in every process and changes only with that secret.
 */
export const unsubscribeKey = (appSecret: string) =>
  createHmac('sha256', appSecret).update('lunara:email-unsubscribe:v1').digest();

const signatureOf = (key: Buffer, userId: string, purpose: string) =>
  createHmac('sha256', key).update(`${purpose}\n${userId}`).digest('base64url');

/** `<user id>.<HMAC of purpose and user id>`: works without signing in, never expires. */
export function signUnsubscribeToken(key: Buffer, userId: string, purpose = UNSUBSCRIBE_PURPOSE): string {
  return `${userId}.${signatureOf(key, userId, purpose)}`;
}

/** The member a token names, or null for anything forged, altered or for another purpose. */
export function verifyUnsubscribeToken(key: Buffer, token: string, purpose = UNSUBSCRIBE_PURPOSE): string | null {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return null;
  const userId = token.slice(0, dot);
  if (!MEMBER_ID_PATTERN.test(userId)) return null;
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(signatureOf(key, userId, purpose));
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}
