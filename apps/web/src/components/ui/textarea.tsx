import type { Ref, TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';
import { composeRefs } from '../../lib/compose-refs.ts';
import { useTypedBeforeHydrationEvent } from '../../lib/use-typed-before-hydration.ts';

export function Textarea({
  className,
  ref,
  ...props
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> }) {
  const keepTyped = useTypedBeforeHydrationEvent<HTMLTextAreaElement>(props.value, props.onChange);
  return (
    <textarea
      ref={composeRefs(keepTyped, ref)}
      className={cn(
        'min-h-24 w-full rounded-[var(--radius-control)] border border-line bg-white px-3.5 py-2.5 text-ink',
        'placeholder:text-ink-muted/70 aria-[invalid=true]:border-danger',
        className,
      )}
      {...props}
    />
  );
}
