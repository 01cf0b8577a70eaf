import { Switch as SwitchPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export function Switch({ className, ...props }: ComponentProps<typeof SwitchPrimitive.Root>) {
  return (
    <SwitchPrimitive.Root
      className={cn(
        'relative inline-flex h-6 w-11 shrink-0 rounded-full bg-moon-200 transition-colors data-[state=checked]:bg-night-700',
        // A finger's 44 px: the track stays 24 px tall, drawn in the content box of a taller button.
        'bg-clip-content pointer-coarse:h-11 pointer-coarse:py-2.5',
        className,
      )}
      {...props}
    >
      <SwitchPrimitive.Thumb className="block size-5 translate-x-0.5 translate-y-0.5 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-5.5" />
    </SwitchPrimitive.Root>
  );
}
