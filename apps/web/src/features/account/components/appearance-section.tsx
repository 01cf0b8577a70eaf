import type { ThemeChoice } from '@lunara/shared/theme';
import { THEME_CHOICES, THEME_LABELS } from '@lunara/shared/theme';
import { THEME_ICONS } from '../../../components/theme-icons.ts';
import { cn } from '../../../lib/cn.ts';
import { useTheme } from '../../../lib/theme-store.ts';
import { SettingsSection } from './settings-section.tsx';

const HINTS: Record<ThemeChoice, string> = {
  system: 'Follows your device',
  light: 'Always light',
  dark: 'Always dark',
};

/** Light, dark or the device's setting: the same choice as the header's theme menu, saved on her account. */
export function AppearanceSection() {
  const { theme, setTheme } = useTheme();
  return (
    <SettingsSection
      id="appearance"
      title="Appearance"
      description="Choose how Lunara looks on this and your other devices."
    >
      <fieldset>
        <legend className="sr-only">Theme</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {THEME_CHOICES.map((choice) => {
            const Icon = THEME_ICONS[choice];
            return (
              <label
                key={choice}
                className={cn(
                  'flex min-h-11 cursor-pointer items-center gap-3 rounded-[var(--radius-control)] border px-4 py-3 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-gold-500',
                  theme === choice ? 'border-night-700 bg-moon-100' : 'border-line bg-white hover:bg-moon-100',
                )}
              >
                <input
                  type="radio"
                  name="theme"
                  value={choice}
                  checked={theme === choice}
                  onChange={() => setTheme(choice)}
                  className="sr-only"
                />
                <Icon className="size-5 text-ink-muted" aria-hidden="true" />
                <span className="flex flex-col">
                  <span className="font-medium text-ink">{THEME_LABELS[choice]}</span>
                  <span className="text-xs text-ink-muted">{HINTS[choice]}</span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
    </SettingsSection>
  );
}
