import { ChevronDown } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { lazyMenu } from '../lazy-menu.tsx';

export interface SelectProps {
  id?: string;
  value: string;
  onValueChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
  'aria-label'?: string;
  className?: string;
  disabled?: boolean;
}

// Forms on many first views have one (the post composer's category): the list's code (Radix Select and
// its positioning, about 15 kB gzip) downloads when a select is first wanted.
const SelectMenu = lazyMenu(() => import('./select-menu.tsx').then((module) => module.SelectMenu), 'listbox');

/**
 * A labelled, keyboard-operable select over a fixed list of options: the button shows the chosen one's
 * label; pressed (or Enter, Space, the arrows), the list opens with the chosen one focused.
 */
export function Select({ id, value, onValueChange, options, className, disabled, ...aria }: SelectProps) {
  const label = options.find((option) => option.value === value)?.label ?? '';
  return (
    <SelectMenu
      value={value}
      onValueChange={onValueChange}
      options={options}
      disabled={disabled}
      trigger={
        <button
          type="button"
          role="combobox"
          aria-expanded={false}
          aria-autocomplete="none"
          id={id}
          aria-label={aria['aria-label']}
          disabled={disabled}
          className={cn(
            'inline-flex h-11 w-full items-center justify-between gap-2 rounded-[var(--radius-control)] border border-line bg-white px-3.5 text-ink',
            className,
          )}
        >
          <span className="pointer-events-none">{label}</span>
          <ChevronDown className="size-4 text-ink-muted" aria-hidden="true" />
        </button>
      }
    />
  );
}
