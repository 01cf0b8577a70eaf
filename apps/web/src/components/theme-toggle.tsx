import { THEME_LABELS } from '@lunara/shared/theme';
import { useTheme } from '../lib/theme-store.ts';
import { lazyMenu } from './lazy-menu.tsx';
import { THEME_ICONS } from './theme-icons.ts';
import { Button, type ButtonVariant } from './ui/button.tsx';

// The menu's code (Radix's menu) downloads when it is first wanted: the toggle is on every page's first view.
const ThemeMenu = lazyMenu(() => import('./theme-menu.tsx').then((module) => module.ThemeMenu));

/**
 * The theme menu of the member header, the landing page and the auth screens: System, Light or Dark, the
 * current one checked; its label says which is on. A visitor's choice is kept in this browser only.
 */
export function ThemeToggle({ variant = 'ghost' }: { variant?: ButtonVariant }) {
  const { theme, setTheme } = useTheme();
  const Icon = THEME_ICONS[theme];
  return (
    <ThemeMenu
      theme={theme}
      setTheme={setTheme}
      trigger={
        <Button variant={variant} size="sm" aria-label={`Theme: ${THEME_LABELS[theme]}`} data-testid="theme-toggle">
          <Icon className="size-4" aria-hidden="true" />
        </Button>
      }
    />
  );
}
