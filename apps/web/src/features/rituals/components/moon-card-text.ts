import type { MoonPhaseInfo } from '@lunara/shared/moon';
import type { ComponentProps } from 'react';
import type { Badge } from '../../../components/ui/badge.tsx';
import type { ButtonVariant } from '../../../components/ui/button.tsx';

interface MoonCardText {
  /** The phase's name; also the colour of the `onDark` button's label. */
  title: string;
  /** "Tonight's moon". */
  eyebrow: string;
  /** The description, the illumination and the timing. */
  body: string;
  badge: ComponentProps<typeof Badge>['tone'];
  button: ButtonVariant;
}

/**
 * The moon card's colours for each tone of gradient (design tokens of styles/index.css): light text on the
 * dark phases, dark text on the light ones. moon-card-text.test.ts checks every text colour against every
 * point of every phase's gradient for WCAG AA (4.5:1); the badge and the outline button bring their own
 * background.
 */
export const MOON_CARD_TEXT: Record<MoonPhaseInfo['textTone'], MoonCardText> = {
  light: { title: 'text-moon-50', eyebrow: 'text-gold-300', body: 'text-moon-100', badge: 'bright', button: 'onDark' },
  dark: { title: 'text-night-900', eyebrow: 'text-rose-700', body: 'text-ink', badge: 'night', button: 'outline' },
};
