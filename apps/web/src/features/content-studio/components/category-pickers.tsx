import { FORUM_ICONS, type ForumIcon as ForumIconName } from '@lunara/shared/community';
import { FORUM_COLORS } from '@lunara/shared/content-studio';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';
import { TINTS } from '../../forums/components/forum-categories.tsx';
import { ForumIcon } from '../../forums/components/forum-icon.tsx';
import { COLOR_NAMES, type ForumColor, ICON_NAMES } from './category-values.ts';

// Native radio buttons, visually replaced: one Tab stop per group, arrows move, names read out.
const choice =
  'flex size-11 cursor-pointer items-center justify-center rounded-full border-2 border-transparent peer-checked:border-night-800 peer-focus-visible:ring-2 peer-focus-visible:ring-gold-400';

/** A group of round swatches, one per option, each read out by its name. */
function SwatchPicker<T extends string>({
  legend,
  name,
  options,
  names,
  value,
  error,
  onChange,
  swatch,
}: {
  legend: string;
  name: string;
  options: readonly T[];
  names: Record<T, string>;
  value: T;
  error: string | undefined;
  onChange: (option: T) => void;
  swatch: (option: T) => { tint: string | undefined; content: ReactNode };
}) {
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium text-ink">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const { tint, content } = swatch(option);
          return (
            <label key={option} className="relative">
              <input
                type="radio"
                name={name}
                value={option}
                checked={value === option}
                onChange={() => onChange(option)}
                className="peer sr-only"
              />
              <span className={cn(choice, tint)}>{content}</span>
              <span className="sr-only">{names[option]}</span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id={`${name}-error`} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </fieldset>
  );
}

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
    <SwatchPicker
      legend="Icon"
      name={name}
      options={FORUM_ICONS}
      names={ICON_NAMES}
      value={value}
      error={error}
      onChange={onChange}
      swatch={(icon) => ({
        tint: TINTS[color] ?? TINTS.indigo,
        content: <ForumIcon name={icon} className="size-5" />,
      })}
    />
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
    <SwatchPicker
      legend="Colour"
      name={name}
      options={FORUM_COLORS}
      names={COLOR_NAMES}
      value={value}
      error={error}
      onChange={onChange}
      swatch={(color) => ({
        tint: TINTS[color],
        content: <span className="size-5 rounded-full bg-current" aria-hidden="true" />,
      })}
    />
  );
}
