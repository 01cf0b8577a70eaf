import type { ThemeChoice } from '@lunara/shared/theme';
import { THEME_CHOICES, THEME_LABELS } from '@lunara/shared/theme';
import { Check } from 'lucide-react';
import { DropdownMenu as Menu } from 'radix-ui';
import { type LoadedMenuProps, useFirstOpenFocus } from './lazy-menu.tsx';
import { THEME_ICONS } from './theme-icons.ts';
import { DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from './ui/dropdown-menu.tsx';

/** The theme toggle's menu (theme-toggle.tsx), downloaded the first time it is wanted. */
export function ThemeMenu({
  trigger,
  opening,
  theme,
  setTheme,
}: LoadedMenuProps & { theme: ThemeChoice; setTheme: (theme: ThemeChoice) => void }) {
  const focusFirstItem = useFirstOpenFocus(opening);
  return (
    // Not modal: a three-item menu need not hide the page from assistive technology (aria-hidden on #root
    // around a focusable trigger is what axe's aria-hidden-focus refuses).
    <DropdownMenu modal={false} defaultOpen={opening !== null}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" aria-label="Theme" onFocus={focusFirstItem}>
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
