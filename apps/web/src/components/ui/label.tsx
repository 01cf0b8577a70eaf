import type { LabelHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

export function Label({ className, ...props }: LabelHTMLAttributes<HTMLLabelElement>) {
  // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor.
  return <label className={cn('text-sm font-medium text-ink', className)} {...props} />;
}
