import { THEME_COOKIE, THEME_COOKIE_MAX_AGE_SECONDS, type ThemeChoice } from '@lunara/shared/theme';
import { readCookie } from '../../lib/read-cookie.ts';

/** The cookie as lib/theme.ts writes it in the browser: readable by the page, sent on every page load. */
export function themeCookieHeader(theme: ThemeChoice, secure: boolean): string {
  return `${THEME_COOKIE}=${theme}; Path=/; Max-Age=${THEME_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The value of the theme cookie in a Cookie header, or null. */
export const readThemeCookie = (cookieHeader: string | undefined): string | null =>
  readCookie(cookieHeader, THEME_COOKIE);
