import { Tabs as TabsPrimitive } from 'radix-ui';
import { type ComponentProps, useRef } from 'react';
import { cn } from '../../lib/cn.ts';
import { useScrollStrip } from '../../lib/use-scroll-strip.ts';

export const Tabs = TabsPrimitive.Root;

/** The tab strip: on a narrow screen it scrolls, keeps the active tab in view and fades where more wait. */
export function TabsList({ className, style, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  const ref = useRef<HTMLDivElement>(null);
  const fade = useScrollStrip(ref, '[role="tab"][data-state="active"]');
  return (
    <TabsPrimitive.List
      style={{ ...fade, ...style }}
      className={cn('flex gap-1 overflow-x-auto rounded-[var(--radius-control)] bg-moon-100 p-1', className)}
      {...props}
      ref={ref}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        'shrink-0 rounded-[calc(var(--radius-control)-4px)] px-3.5 py-2 text-sm font-medium text-ink-muted pointer-coarse:min-h-11',
        'data-[state=active]:bg-white data-[state=active]:text-night-900 data-[state=active]:shadow-card',
        className,
      )}
      {...props}
    />
  );
}

export const TabsContent = TabsPrimitive.Content;
