import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from '../../lib/cn.ts';
import { composeRefs } from '../../lib/compose-refs.ts';
import { useTypedBeforeHydrationEvent } from '../../lib/use-typed-before-hydration.ts';

export function Input({
  className,
  ref,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  const keepTyped = useTypedBeforeHydrationEvent<HTMLInputElement>(props.value, props.onChange);
  return (
    <input
      ref={composeRefs(keepTyped, ref)}
      className={cn(
        'h-11 w-full rounded-[var(--radius-control)] border border-line bg-white px-3.5 text-ink',
        'placeholder:text-ink-muted/70 aria-[invalid=true]:border-danger',
        className,
      )}
      {...props}
    />
  );
}
