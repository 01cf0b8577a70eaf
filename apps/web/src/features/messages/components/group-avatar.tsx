import { UsersRound } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';

/** A group's picture: it has none of its own, so a circle of sisters stands in for the faces. */
export function GroupAvatar({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-night-700 to-night-900 text-gold-300',
        className,
      )}
    >
      <UsersRound className="size-1/2" />
    </span>
  );
}
