import { formatPrice } from '@lunara/shared/money';
import { LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { BrandMark } from '../../components/brand-mark.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { paths } from '../../config/paths.ts';
import { useAppConfig } from '../../features/app-config/api/get-app-config.ts';
import { useMe } from '../../features/auth/api/get-me.ts';
import { useSignOut } from '../../features/auth/api/sign-out.ts';
import { RequireUser } from '../guards.tsx';

function Dashboard() {
  const { user } = useMe();
  const { priceCents } = useAppConfig();
  const signOut = useSignOut();
  if (!user) return null;
  const isAdmin = user.role === 'admin';

  return (
    <div className="min-h-dvh bg-moon-50">
      <header className="border-b border-line bg-white/80">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-4 px-4 py-4 sm:px-6">
          <BrandMark />
          <div className="flex items-center gap-3">
            <Badge tone={isAdmin ? 'night' : 'muted'}>{isAdmin ? 'Admin Access' : 'Free Access'}</Badge>
            <Button
              variant="outline"
              size="sm"
              disabled={signOut.isPending}
              onClick={() =>
                signOut.mutate(undefined, {
                  onError: (error) => toast.error('Sign out failed', { description: error.message }),
                })
              }
            >
              <LogOut aria-hidden="true" className="size-4" />
              Sign Out
            </Button>
          </div>
        </div>
      </header>
      <main className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-10 sm:px-6">
        <div>
          <h1 className="text-3xl [overflow-wrap:anywhere] text-night-900 sm:text-4xl">
            Welcome back, {user.profile.displayName}
          </h1>
          <p className="mt-2 text-ink-muted">Your sacred space for growth, healing and sisterhood.</p>
        </div>
        <Card>
          <h2 className="text-2xl text-night-900">Free Access</h2>
          <p className="mt-2 text-ink-muted">
            Unlock the course library, the Sacred Sisterhood and daily moon rituals with full membership.
          </p>
          <Link to={paths.home.getHref()} className={`${buttonClasses('gold', 'lg')} mt-6`}>
            Upgrade to Full Access - {formatPrice(priceCents)}/month
          </Link>
        </Card>
      </main>
    </div>
  );
}

export function Component() {
  return (
    <RequireUser>
      <Dashboard />
    </RequireUser>
  );
}
