import type { InputHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

export function Input({ className, ...props }: InputHTMLAttributes<HTMLInputElement>) {
  return (
    <input
      className={cn(
        'h-11 w-full rounded-[var(--radius-control)] border border-line bg-white px-3.5 text-ink',
        'placeholder:text-ink-muted/70 aria-[invalid=true]:border-danger',
        className,
      )}
      {...props}
    />
  );
}
