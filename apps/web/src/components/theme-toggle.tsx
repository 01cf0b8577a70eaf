import { THEME_CHOICES, THEME_LABELS, type ThemeChoice } from '@lunara/shared/theme';
import { Check, Monitor, Moon, Sun } from 'lucide-react';
import { DropdownMenu as Menu } from 'radix-ui';
import { useTheme } from '../lib/theme-store.ts';
import { Button, type ButtonVariant } from './ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from './ui/dropdown-menu.tsx';

export const THEME_ICONS = { system: Monitor, light: Sun, dark: Moon } as const;

/**
 * The theme menu of the member header, the landing page and the auth screens: System, Light or Dark, the
 * current one checked; its label says which is on. A visitor's choice is kept in this browser only.
 */
export function ThemeToggle({ variant = 'ghost' }: { variant?: ButtonVariant }) {
  const { theme, setTheme } = useTheme();
  const Icon = THEME_ICONS[theme];
  return (
    // Not modal: a three-item menu need not hide the page from assistive technology (aria-hidden on #root
    // around a focusable trigger is what axe's aria-hidden-focus refuses).
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant={variant} size="sm" aria-label={`Theme: ${THEME_LABELS[theme]}`} data-testid="theme-toggle">
          <Icon className="size-4" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" aria-label="Theme">
        <Menu.RadioGroup value={theme} onValueChange={(value) => setTheme(value as ThemeChoice)}>
          {THEME_CHOICES.map((choice) => {
            const ChoiceIcon = THEME_ICONS[choice];
            return (
              <Menu.RadioItem
                key={choice}
                value={choice}
                className="flex cursor-default items-center gap-2 rounded-md px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-moon-100 pointer-coarse:min-h-11"
              >
                <ChoiceIcon className="size-4" aria-hidden="true" />
                <span className="flex-1">{THEME_LABELS[choice]}</span>
                <Menu.ItemIndicator>
                  <Check className="size-4" aria-hidden="true" />
                </Menu.ItemIndicator>
              </Menu.RadioItem>
            );
          })}
        </Menu.RadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
