import { paths } from '../config/paths.ts';

/** Any character up to the space, or DEL and the C1 controls (which browsers may strip from a URL). */
const hasControlOrSpace = (value: string) =>
  [...value].some((char) => {
    const code = char.codePointAt(0) ?? 0;
    return code <= 0x20 || (code >= 0x7f && code <= 0x9f);
  });

/** The query parameter /auth reads the page she asked for from. */
export const RETURN_PARAM = 'next';

/**
 * A page of this site to return to after sign-in, or null: one leading "/" (never "//", which a browser
 * reads as another host), no backslash (some browsers read "/\\" as "//"), no control or blank
 * characters, not /auth itself, and of a sane length. Anything else goes to the dashboard.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  if (value.includes('\\') || hasControlOrSpace(value)) return null;
  const pathname = value.split(/[?#]/, 1)[0] ?? '';
  if (pathname === paths.auth.path || pathname.startsWith(`${paths.auth.path}/`)) return null;
  return value;
}

/** /auth, remembering the page she asked for when it is one to return to. */
export function authHrefReturningTo(path: string): string {
  const next = safeReturnPath(path);
  return next && next !== paths.home.path
    ? `${paths.auth.getHref()}?${RETURN_PARAM}=${encodeURIComponent(next)}`
    : paths.auth.getHref();
}
