import type { ChangeEvent, InputHTMLAttributes, Ref } from 'react';
import { cn } from '../../lib/cn.ts';
import { composeRefs } from '../../lib/compose-refs.ts';
import { useTypedBeforeHydration } from '../../lib/use-typed-before-hydration.ts';

export function Input({
  className,
  ref,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  const { onChange } = props;
  const keepTyped = useTypedBeforeHydration<HTMLInputElement>(
    props.value,
    onChange && ((_, field) => onChange({ target: field, currentTarget: field } as ChangeEvent<HTMLInputElement>)),
  );
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
