import { ACCEPT_ATTRIBUTE, type MediaKind } from '@lunara/shared/media';
import { Upload } from 'lucide-react';
import { type ChangeEvent, type ReactNode, useId } from 'react';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';

/**
 * A file input that looks like a button: the input stays in the page (visually hidden, focusable), so
 * its label is its accessible name and the keyboard opens the picker as it would a plain input.
 */
export function FilePickButton({
  kind,
  label,
  multiple,
  disabled,
  onPick,
  icon,
}: {
  kind: MediaKind;
  label: string;
  multiple?: boolean;
  disabled?: boolean;
  onPick: (files: File[]) => void;
  icon?: ReactNode;
}) {
  const id = useId();
  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    // Cleared so that picking the same file again (after a failure) is a change too.
    event.target.value = '';
    if (files.length > 0) onPick(files);
  }
  return (
    <span className="inline-flex">
      <input
        id={id}
        type="file"
        accept={ACCEPT_ATTRIBUTE[kind]}
        multiple={multiple}
        disabled={disabled}
        onChange={handleChange}
        className="peer sr-only"
      />
      <label
        htmlFor={id}
        aria-disabled={disabled || undefined}
        className={cn(
          buttonClasses('outline', 'sm'),
          'cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gold-500',
        )}
      >
        {icon ?? <Upload className="size-4" aria-hidden="true" />}
        {label}
      </label>
    </span>
  );
}
