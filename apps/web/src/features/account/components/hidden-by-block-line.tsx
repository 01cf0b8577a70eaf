import { HIDDEN_BLOCKED_LINE } from '@lunara/shared/blocks-constants';
import { EyeOff } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';

/** Where a member she blocked wrote in a thread (a comment, a reply): the server sent no text, only this. */
export function HiddenByBlockLine({ className }: { className?: string }) {
  return (
    <li className={cn('flex items-center gap-2 px-3 py-2 text-sm text-ink-muted italic', className)}>
      <EyeOff className="size-4 shrink-0" aria-hidden="true" />
      {HIDDEN_BLOCKED_LINE}
    </li>
  );
}
