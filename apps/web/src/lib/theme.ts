import type { ThemeChoice } from '@lunara/shared/theme';
import { parseThemeChoice, THEME_COLORS, THEME_COOKIE, THEME_COOKIE_MAX_AGE_SECONDS } from '@lunara/shared/theme';

/**
 * The page's theme (issue 32): `data-theme` on <html>, read by styles/themes.css. The server writes it
 * into the page from the member's saved choice or this browser's cookie (apps/server pages/page-theme.ts),
 * so the first paint is right; these functions keep it right when she changes it.
 */

/** The choice in a `document.cookie` string ("system" when there is none). */
export function readThemeCookie(cookies: string): ThemeChoice {
  for (const part of cookies.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === THEME_COOKIE) return parseThemeChoice(value.join('='));
  }
  return 'system';
}

/** The cookie line that keeps a choice in this browser for a year (a visitor's only record of it). */
export function themeCookie(theme: ThemeChoice, secure: boolean): string {
  return `${THEME_COOKIE}=${theme}; Path=/; Max-Age=${THEME_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** The theme the page is drawn in now: light or dark, "system" decided by the device. */
export function effectiveTheme(choice: ThemeChoice, prefersDark: boolean): 'light' | 'dark' {
  if (choice === 'system') return prefersDark ? 'dark' : 'light';
  return choice;
}

/** The choice the page was opened with (the attribute the server wrote), else the cookie's. */
export function currentThemeChoice(doc: Document = document): ThemeChoice {
  const written = doc.documentElement.dataset.theme;
  return written ? parseThemeChoice(written) : readThemeCookie(doc.cookie);
}

/** Draws the page in a choice and keeps it in this browser's cookie. */
export function applyThemeChoice(theme: ThemeChoice, doc: Document = document): void {
  doc.documentElement.dataset.theme = theme;
  doc.cookie = themeCookie(theme, doc.location?.protocol === 'https:');
  const metas = [...doc.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')];
  const [first, ...rest] = metas;
  for (const meta of rest) meta.remove();
  if (theme === 'system') {
    const light = first ?? doc.head.appendChild(doc.createElement('meta'));
    light.name = 'theme-color';
    light.content = THEME_COLORS.light;
    light.media = '(prefers-color-scheme: light)';
    const dark = doc.createElement('meta');
    dark.name = 'theme-color';
    dark.content = THEME_COLORS.dark;
    dark.media = '(prefers-color-scheme: dark)';
    light.after(dark);
    return;
  }
  const meta = first ?? doc.head.appendChild(doc.createElement('meta'));
  meta.name = 'theme-color';
  meta.content = THEME_COLORS[theme];
  meta.removeAttribute('media');
}
