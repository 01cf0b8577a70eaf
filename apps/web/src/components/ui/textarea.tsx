import type { TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

export function Textarea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <textarea
      className={cn(
        'min-h-24 w-full rounded-[var(--radius-control)] border border-line bg-white px-3.5 py-2.5 text-ink',
        'placeholder:text-ink-muted/70 aria-[invalid=true]:border-danger',
        className,
      )}
      {...props}
    />
  );
}
