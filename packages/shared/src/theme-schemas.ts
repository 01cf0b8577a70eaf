import { z } from 'zod';
import { THEME_CHOICES } from './theme.ts';

export const themeChoiceSchema = z.enum(THEME_CHOICES, { message: 'Choose System, Light or Dark' });

/** `PUT /api/account/theme`. */
export const themeBodySchema = z.object({ theme: themeChoiceSchema });
