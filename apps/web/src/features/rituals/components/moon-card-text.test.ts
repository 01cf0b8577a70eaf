import fs from 'node:fs';
import { MOON_PHASES } from '@lunara/shared/moon';
import { describe, expect, it } from 'vitest';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { MOON_CARD_TEXT } from './moon-card-text.ts';

// The design tokens, read from the stylesheet that defines them: `text-gold-300` is --color-gold-300.
const css = fs.readFileSync(new URL('../../../styles/index.css', import.meta.url), 'utf8');
const TOKENS = new Map([...css.matchAll(/--color-([\w-]+):\s*(#[0-9a-f]{6});/gi)].map(([, name, hex]) => [name, hex]));
const colourOf = (textClass: string) => {
  const hex = TOKENS.get(textClass.replace(/^text-/, ''));
  if (!hex) throw new Error(`${textClass} is not a colour token of styles/index.css`);
  return hex;
};

type Rgb = [number, number, number];
const rgbOf = (hex: string): Rgb => [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)) as Rgb;

/** WCAG 2 relative luminance of an sRGB colour. */
function luminance([r, g, b]: Rgb) {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio, from 1 (same) to 21 (black on white). */
function contrast(a: Rgb, b: Rgb) {
  const [dark, light] = [luminance(a), luminance(b)].sort((x, y) => x - y) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * Every stop of a CSS gradient and ten points between each two, mixed in sRGB as browsers draw it: text can
 * sit anywhere on the card, and between two light stops the mix can be darker than either.
 */
function pointsOf(stops: readonly string[]): Rgb[] {
  const points: Rgb[] = [];
  for (let i = 0; i + 1 < stops.length; i++) {
    const [from, to] = [rgbOf(stops[i] as string), rgbOf(stops[i + 1] as string)];
    for (let step = 0; step <= 10; step++) {
      points.push(from.map((channel, c) => Math.round(channel + ((to[c] as number) - channel) * (step / 10))) as Rgb);
    }
  }
  return points;
}

describe('the moon card', () => {
  it.each(MOON_PHASES.map((phase) => [phase.name, phase] as const))(
    '%s: every text colour passes WCAG AA (4.5:1) against every point of the gradient',
    (_name, phase) => {
      const text = MOON_CARD_TEXT[phase.textTone];
      for (const [role, textClass] of Object.entries({ title: text.title, eyebrow: text.eyebrow, body: text.body })) {
        const worst = Math.min(...pointsOf(phase.gradient).map((point) => contrast(rgbOf(colourOf(textClass)), point)));
        expect(worst, `${role} (${textClass}) on ${phase.gradient.join(', ')}`).toBeGreaterThanOrEqual(4.5);
      }
    },
  );

  it('draws a button without a background of its own in the title colour, which is checked above', () => {
    for (const text of Object.values(MOON_CARD_TEXT)) {
      const classes = buttonClasses(text.button).split(' ');
      if (!classes.some((name) => name.startsWith('bg-'))) expect(classes).toContain(text.title);
    }
  });

  it('measures contrast like WCAG', () => {
    expect(contrast(rgbOf('#000000'), rgbOf('#ffffff'))).toBeCloseTo(21, 5);
    expect(contrast(rgbOf('#777777'), rgbOf('#ffffff'))).toBeCloseTo(4.48, 2);
  });
});
