import { Monitor, Moon, Sun } from 'lucide-react';

/** Each theme choice's icon: the toggle's button, its menu and the settings' Appearance section. */
export const THEME_ICONS = { system: Monitor, light: Sun, dark: Moon } as const;
