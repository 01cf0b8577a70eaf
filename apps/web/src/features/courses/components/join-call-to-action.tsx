import { Lock, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';

/**
 * The one way in to lessons she cannot open yet: a visitor signs up ("Join to unlock"); an account
 * without a membership goes to the checkout ("Become a member", the route passes the billing action:
 * features do not reach into each other).
 */
export function JoinCallToAction({
  viewer,
  message,
  upgrade,
  className,
}: {
  viewer: 'visitor' | 'account';
  message: string;
  upgrade: { start: () => void; isPending: boolean };
  className?: string;
}) {
  return (
    <div
      className={cn(
        'flex flex-col items-start gap-3 rounded-[var(--radius-card)] border border-gold-400/60 bg-gradient-to-br from-white to-moon-100 p-5 sm:flex-row sm:items-center',
        className,
      )}
    >
      <Lock className="size-6 shrink-0 text-gold-500" aria-hidden="true" />
      <p className="flex-1 text-ink">{message}</p>
      {viewer === 'visitor' ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button asChild variant="gold">
            <Link to={paths.auth.getHref('signup')}>
              <Sparkles className="size-4" aria-hidden="true" /> Join to unlock
            </Link>
          </Button>
          <Link to={paths.auth.getHref()} className="text-sm text-rose-700 underline underline-offset-4">
            Log in
          </Link>
        </div>
      ) : (
        <Button variant="gold" disabled={upgrade.isPending} onClick={upgrade.start}>
          <Sparkles className="size-4" aria-hidden="true" /> {upgrade.isPending ? 'Loading...' : 'Become a member'}
        </Button>
      )}
    </div>
  );
}
