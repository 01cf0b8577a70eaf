import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The custom properties of the first block after `selector` in a CSS text. */
function tokensOf(css: string, selector: string): Record<string, string> {
  const start = css.indexOf(selector);
  if (start < 0) throw new Error(`no ${selector}`);
  const body = css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start));
  return Object.fromEntries([...body.matchAll(/(--color-[\w-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2]?.trim()]));
}

const index = fs.readFileSync(new URL('./index.css', import.meta.url), 'utf8');
const themes = fs.readFileSync(new URL('./themes.css', import.meta.url), 'utf8');
const light = tokensOf(index, '@theme');
const lightAgain = tokensOf(themes, '[data-theme="light"]');
const dark = tokensOf(themes, '[data-theme="dark"] {');
const systemDark = tokensOf(themes, ':root:not([data-theme="light"], [data-theme="dark"])');

describe('the themes of styles/themes.css', () => {
  it('flip the same tokens in the dark theme whether she chose it or her device did', () => {
    expect(systemDark).toEqual(dark);
  });

  it('give a light part of a dark page (the moon card) the light values of @theme', () => {
    expect(Object.keys(lightAgain).sort()).toEqual(Object.keys(dark).sort());
    for (const [token, value] of Object.entries(lightAgain)) {
      // --color-white is Tailwind's own token, not in @theme.
      if (token !== '--color-white') expect(value, token).toBe(light[token]);
    }
  });
});

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b2] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b2 ?? 0);
  };
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((high ?? 0) + 0.05) / ((low ?? 0) + 0.05);
}

// Text tokens on the surfaces they are drawn on, in both themes (axe checks the pages themselves in
// e2e/themes.spec.ts; this says which token is wrong when a pair fails).
const PAIRS: [text: string, surface: string][] = [
  ['ink', 'white'],
  ['ink', 'moon-50'],
  ['ink', 'moon-100'],
  ['ink-muted', 'white'],
  ['ink-muted', 'moon-50'],
  ['ink-muted', 'moon-100'],
  ['night-900', 'white'],
  ['night-900', 'moon-50'],
  ['night-700', 'white'],
  ['rose-700', 'white'],
  ['rose-700', 'moon-50'],
  ['rose-600', 'white'],
  ['gold-700', 'white'],
  ['danger', 'white'],
  ['success', 'white'],
  ['moon-50', 'night-900'],
  ['moon-50', 'night-800'],
  ['white', 'night-800'],
  ['white', 'rose-600'],
  ['white', 'danger'],
];

describe.each([
  ['light', { '--color-white': '#ffffff', ...light }],
  ['dark', dark],
])('in the %s theme', (_, tokens) => {
  it.each(PAIRS)('%s text on %s passes WCAG AA (4.5:1)', (text, surface) => {
    const color = (name: string) => tokens[`--color-${name}`] ?? '';
    expect(contrast(color(text), color(surface))).toBeGreaterThanOrEqual(4.5);
  });
});
