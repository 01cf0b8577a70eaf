/**
 * The session cookie of a request, chosen once and shown to better-auth alone.
 *
 * A request can carry several session cookies: the plain and the `__Secure-` name, or one name twice.
 * Parsers disagree on which of them counts (better-call's takes one, better-auth's own helper another,
 * a regex the first), and the session cache must be keyed on exactly the value better-auth verified, or
 * a request carrying the victim's cookie and a value the attacker chose files her identity under the
 * attacker's value. So the app picks one (the last of the name this configuration uses) and
 * better-auth is asked about that one only.
 */
/** The header better-auth reads the client's address from (set by the app on every request it forwards). */
export const CLIENT_ADDRESS_HEADER = 'x-lunara-client-address';

export interface SessionCookie {
  /** The cookie's value as sent (`<token>.<signature>`, URL-encoded): the session cache key. */
  value: string;
  /** The request's Cookie header with that cookie as the only session cookie. */
  header: string;
}

/** Both spellings of the session cookie's name, whichever one the configuration uses. */
function isSessionCookieName(name: string, baseName: string): boolean {
  return name === baseName || name === `__Secure-${baseName}` || name === `__Host-${baseName}`;
}

export function readSessionCookie(cookieHeader: string | undefined, cookieName: string): SessionCookie | undefined {
  // Cheap refusal for the common visitor: no session cookie of any name at all.
  if (!cookieHeader?.includes('session_token')) return undefined;
  const baseName = cookieName.replace(/^__(?:Secure|Host)-/, '');
  const others: string[] = [];
  let value: string | undefined;
  for (const chunk of cookieHeader.split(';')) {
    const eq = chunk.indexOf('=');
    const name = (eq === -1 ? chunk : chunk.slice(0, eq)).trim();
    if (!isSessionCookieName(name, baseName)) {
      if (chunk.trim()) others.push(chunk.trim());
    } else if (name === cookieName && eq !== -1) {
      value = chunk.slice(eq + 1).trim() || undefined;
    }
  }
  if (!value) return undefined;
  return { value, header: [...others, `${cookieName}=${value}`].join('; ') };
}

/**
 * A cookie value as better-call reads it (its parseCookies): a leading quote drops the first and last
 * character, and a value with '%' is percent-decoded when it decodes. The app must read a cookie as
 * better-auth does: where they disagreed, better-auth's own endpoints took a cookie the app's routes
 * took for a visitor's, and a member's limits fell back to the client's address.
 */
export function cookieValueAsRead(sent: string): string {
  const value = sent.codePointAt(0) === 34 ? sent.slice(1, -1) : sent;
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The session token inside a signed cookie value as sent (`<token>.<signature>`, read as better-call does). */
export function sessionTokenOf(signedValue: string): string {
  const value = cookieValueAsRead(signedValue);
  const dot = value.lastIndexOf('.');
  return dot === -1 ? value : value.slice(0, dot);
}
