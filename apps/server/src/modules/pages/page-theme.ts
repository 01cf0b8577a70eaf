import { THEME_COLORS, type ThemeChoice } from '@lunara/shared/theme';

const HTML_OPEN = /<html\b([^>]*)>/;
const THEME_COLOR_METAS = /<meta name="theme-color"[^>]*>\s*/g;

/** index.html's theme-color: one per theme when the device decides, the chosen theme's alone otherwise. */
export function themeColorMetas(theme: ThemeChoice): string {
  if (theme !== 'system') return `<meta name="theme-color" content="${THEME_COLORS[theme]}" />`;
  return (
    `<meta name="theme-color" content="${THEME_COLORS.light}" media="(prefers-color-scheme: light)" />` +
    `<meta name="theme-color" content="${THEME_COLORS.dark}" media="(prefers-color-scheme: dark)" />`
  );
}

/**
 * The page in her theme from its first paint (issue 32): `data-theme` on <html>, which styles/themes.css
 * reads, and the browser bar's colour. Written here because the CSP allows no inline script that could
 * do it before the page is drawn.
 */
export function applyPageTheme(html: string, theme: ThemeChoice): string {
  let metaWritten = false;
  return html
    .replace(
      HTML_OPEN,
      (_, attributes: string) => `<html${attributes.replace(/\sdata-theme="[^"]*"/, '')} data-theme="${theme}">`,
    )
    .replace(THEME_COLOR_METAS, () => {
      if (metaWritten) return '';
      metaWritten = true;
      return themeColorMetas(theme);
    });
}
