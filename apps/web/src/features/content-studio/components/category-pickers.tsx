import { FORUM_ICONS, type ForumIcon as ForumIconName } from '@lunara/shared/community';
import { FORUM_COLORS } from '@lunara/shared/content-studio';
import { cn } from '../../../lib/cn.ts';
import { TINTS } from '../../forums/components/forum-categories.tsx';
import { ForumIcon } from '../../forums/components/forum-icon.tsx';
import { COLOR_NAMES, type ForumColor, ICON_NAMES } from './category-values.ts';

// Native radio buttons, visually replaced: one Tab stop per group, arrows move, names read out.
const choice =
  'flex size-11 cursor-pointer items-center justify-center rounded-full border-2 border-transparent peer-checked:border-night-800 peer-focus-visible:ring-2 peer-focus-visible:ring-gold-400';

/** The category's icon, shown as the forums show it. */
export function CategoryIconPicker({
  name,
  value,
  color,
  error,
  onChange,
}: {
  name: string;
  value: ForumIconName;
  color: ForumColor;
  error: string | undefined;
  onChange: (icon: ForumIconName) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium text-ink">Icon</legend>
      <div className="flex flex-wrap gap-2">
        {FORUM_ICONS.map((icon) => (
          <label key={icon} className="relative">
            <input
              type="radio"
              name={name}
              value={icon}
              checked={value === icon}
              onChange={() => onChange(icon)}
              className="peer sr-only"
            />
            <span className={cn(choice, TINTS[color] ?? TINTS.indigo)}>
              <ForumIcon name={icon} className="size-5" />
            </span>
            <span className="sr-only">{ICON_NAMES[icon]}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${name}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The category card's accent colour. */
export function CategoryColorPicker({
  name,
  value,
  error,
  onChange,
}: {
  name: string;
  value: ForumColor;
  error: string | undefined;
  onChange: (color: ForumColor) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium text-ink">Colour</legend>
      <div className="flex flex-wrap gap-2">
        {FORUM_COLORS.map((color) => (
          <label key={color} className="relative">
            <input
              type="radio"
              name={name}
              value={color}
              checked={value === color}
              onChange={() => onChange(color)}
              className="peer sr-only"
            />
            <span className={cn(choice, TINTS[color])}>
              <span className="size-5 rounded-full bg-current" aria-hidden="true" />
            </span>
            <span className="sr-only">{COLOR_NAMES[color]}</span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${name}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}
