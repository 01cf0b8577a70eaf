import { Check } from 'lucide-react';
import { Select as SelectPrimitive } from 'radix-ui';
import type { LoadedMenuProps } from '../lazy-menu.tsx';
import type { SelectProps } from './select.tsx';

/** The open select's list (select.tsx), downloaded the first time a select is wanted. */
export function SelectMenu({
  trigger,
  opening,
  value,
  onValueChange,
  options,
  disabled,
}: LoadedMenuProps & Pick<SelectProps, 'value' | 'onValueChange' | 'options' | 'disabled'>) {
  return (
    <SelectPrimitive.Root
      value={value}
      onValueChange={onValueChange}
      disabled={disabled}
      defaultOpen={opening !== null}
    >
      <SelectPrimitive.Trigger asChild>{trigger}</SelectPrimitive.Trigger>
      <SelectPrimitive.Portal>
        <SelectPrimitive.Content
          position="popper"
          sideOffset={4}
          className="z-50 min-w-[var(--radix-select-trigger-width)] rounded-[var(--radius-control)] border border-line bg-white p-1 shadow-card"
        >
          <SelectPrimitive.Viewport>
            {options.map((option) => (
              <SelectPrimitive.Item
                key={option.value}
                value={option.value}
                className="relative flex cursor-default items-center rounded-md py-2 pr-3 pl-8 text-sm outline-none data-[highlighted]:bg-moon-100 pointer-coarse:min-h-11"
              >
                <SelectPrimitive.ItemIndicator className="absolute left-2">
                  <Check className="size-4" aria-hidden="true" />
                </SelectPrimitive.ItemIndicator>
                <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
              </SelectPrimitive.Item>
            ))}
          </SelectPrimitive.Viewport>
        </SelectPrimitive.Content>
      </SelectPrimitive.Portal>
    </SelectPrimitive.Root>
  );
}
