import type { SelectHTMLAttributes } from 'react';
import { cn } from '../../../lib/cn.ts';

/**
 * The browser's own select, for the assessment editor: it shows a few hundred pickers at once (an item
 * and its weight for every answer), which the styled popover select is too heavy to render in such numbers.
 */
export function NativeSelect({
  options,
  placeholder,
  className,
  onValueChange,
  ...props
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange'> & {
  options: ReadonlyArray<{ value: string; label: string }>;
  placeholder?: string;
  onValueChange: (value: string) => void;
}) {
  return (
    <select
      className={cn(
        'h-11 w-full min-w-0 rounded-[var(--radius-control)] border border-line bg-white px-3 text-ink',
        className,
      )}
      onChange={(event) => onValueChange(event.target.value)}
      {...props}
    >
      {placeholder !== undefined && (
        <option value="" disabled>
          {placeholder}
        </option>
      )}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
