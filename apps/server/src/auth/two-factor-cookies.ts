/**
 * The two-factor cookies of a request, by exact name. A browser between the password and the code has
 * no session cookie, only the short challenge cookie (and maybe "trust this device" and "don't remember
 * me"): the auth plugin otherwise shows better-auth no cookie at all without a session one.
 */
export function pickCookies(cookieHeader: string | undefined, names: readonly string[]): string[] {
  if (!cookieHeader) return [];
  const picked: string[] = [];
  for (const chunk of cookieHeader.split(';')) {
    const eq = chunk.indexOf('=');
    if (eq === -1) continue;
    const name = chunk.slice(0, eq).trim();
    if (names.includes(name)) picked.push(`${name}=${chunk.slice(eq + 1).trim()}`);
  }
  return picked;
}
