import { Avatar as AvatarPrimitive } from 'radix-ui';
import { cn } from '../../lib/cn.ts';

/** A member's picture, or her initial on a soft gradient while it loads or when she has none. */
export function Avatar({ name, src, className }: { name: string; src?: string | null; className?: string }) {
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  return (
    <AvatarPrimitive.Root className={cn('inline-flex size-10 shrink-0 overflow-hidden rounded-full', className)}>
      {src ? <AvatarPrimitive.Image src={src} alt={name} className="size-full object-cover" /> : null}
      <AvatarPrimitive.Fallback
        className="flex size-full items-center justify-center bg-gradient-to-br from-rose-300 to-gold-300 font-semibold text-night-900"
        aria-label={name}
      >
        {initial}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
