import { formatPrice } from '@lunara/shared/money';
import { useQueryClient } from '@tanstack/react-query';
import { BookOpen, CalendarDays, Crown, Flower2, Lock, Moon, Shield, Sparkles, Users } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LocalDate } from '../../components/local-date.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import { paths } from '../../config/paths.ts';
import { useAppConfig } from '../../features/app-config/api/get-app-config.ts';
import { SignOutButton } from '../../features/auth/components/sign-out-button.tsx';
import { useOpenPortal } from '../../features/billing/api/open-portal.ts';
import { useStartCheckout } from '../../features/billing/api/start-checkout.ts';
import { useJourney } from '../../features/courses/api/get-journey.ts';
import { toast } from '../../lib/toast.ts';
import { RequireUser } from '../guards.tsx';
import { useMembership } from '../hooks/use-membership.ts';
import { MemberPage } from '../member-page.tsx';
import { MembershipBadge } from '../membership-badge.tsx';

/** Stripe (and the test checkout) come back with ?checkout=success: say so once, then tidy the URL. */
function useCheckoutReturnToast() {
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const { productName } = useAppConfig();
  useEffect(() => {
    if (searchParams.get('checkout') !== 'success') return;
    toast.success(`Welcome to ${productName}!`, { description: 'Your membership is active. Enjoy everything.' });
    void queryClient.invalidateQueries({ queryKey: ['subscription'] });
    void queryClient.invalidateQueries({ queryKey: ['me'] });
    setSearchParams({}, { replace: true });
  }, [searchParams, setSearchParams, queryClient, productName]);
}

function MembershipCard() {
  const { productName, priceCents } = useAppConfig();
  const { hasFullAccess, subscription, isAdmin, isPayingMember } = useMembership();
  const checkout = useStartCheckout();
  const portal = useOpenPortal();

  if (hasFullAccess) {
    return (
      <Card className="flex flex-col gap-4 border-gold-400/60 bg-gradient-to-br from-white to-moon-100">
        <div className="flex items-center gap-3">
          <Crown className="size-6 text-gold-500" aria-hidden="true" />
          <h2 className="text-2xl text-night-900">Active {productName} Member</h2>
        </div>
        {subscription.subscriptionEnd && (
          <p className="text-ink-muted">
            {subscription.cancelAtPeriodEnd ? 'Membership ends on ' : 'Next billing date: '}
            <span className="font-medium text-ink">
              <LocalDate date={subscription.subscriptionEnd} />
            </span>
          </p>
        )}
        {(isPayingMember || !isAdmin) && (
          <Button variant="outline" className="self-start" disabled={portal.isPending} onClick={() => portal.mutate()}>
            {portal.isPending ? 'Opening...' : 'Manage Subscription'}
          </Button>
        )}
        {isAdmin && !isPayingMember && (
          <p className="text-sm text-ink-muted">As an admin you have full access without a subscription.</p>
        )}
      </Card>
    );
  }
  return (
    <Card className="flex flex-col gap-4">
      <h2 className="text-2xl text-night-900">Free Access</h2>
      <p className="text-ink-muted">
        Unlock the course library, the Sacred Sisterhood and daily moon rituals with full membership.
      </p>
      <Button
        variant="gold"
        size="lg"
        className="self-start"
        disabled={checkout.isPending}
        onClick={() => checkout.mutate()}
      >
        {checkout.isPending ? 'Loading...' : `Upgrade to Full Access - ${formatPrice(priceCents)}/month`}
      </Button>
    </Card>
  );
}

function JourneyCard() {
  const journey = useJourney();
  const figures = journey.data ?? { courseProgressPercent: 0, lessonsCompleted: 0, daysActive: 0, totalLessons: 0 };
  return (
    <Card className="flex flex-col gap-5">
      <h2 className="text-2xl text-night-900">Your Journey</h2>
      <div className="flex flex-col gap-2">
        <div className="flex justify-between text-sm">
          <span className="text-ink-muted">Course progress</span>
          <span className="font-semibold">{figures.courseProgressPercent}%</span>
        </div>
        <Progress value={figures.courseProgressPercent} label="Course progress" />
      </div>
      <dl className="grid grid-cols-2 gap-4">
        <div className="rounded-[var(--radius-control)] bg-moon-100 p-4">
          <dt className="text-sm text-ink-muted">Lessons complete</dt>
          <dd className="font-display text-3xl text-night-900">{figures.lessonsCompleted}</dd>
        </div>
        <div className="rounded-[var(--radius-control)] bg-moon-100 p-4">
          <dt className="text-sm text-ink-muted">Days active</dt>
          <dd className="font-display text-3xl text-night-900">{figures.daysActive}</dd>
        </div>
      </dl>
    </Card>
  );
}

const QUICK_ACCESS = [
  { to: paths.courses.getHref(), label: 'Course Library', description: 'Five core courses', icon: BookOpen },
  { to: paths.community.getHref(), label: 'Sacred Sisterhood', description: 'Feed, circles, events', icon: Users },
  { to: paths.rituals.getHref(), label: 'Daily Rituals', description: 'Aligned with the moon', icon: Moon },
] as const;

function QuickAccess() {
  const { hasFullAccess, hasMembersArea, isAdmin } = useMembership();
  return (
    <Card className="flex flex-col gap-4">
      <h2 className="text-2xl text-night-900">Quick Access</h2>
      <ul className="grid gap-3 sm:grid-cols-3">
        {QUICK_ACCESS.map(({ to, label, description, icon: Icon }) => (
          <li key={to}>
            {(to === paths.courses.getHref() ? hasFullAccess : hasMembersArea) ? (
              <Link
                to={to}
                className="flex h-full flex-col gap-1 rounded-[var(--radius-control)] border border-line p-4 hover:border-gold-400 hover:bg-moon-100"
              >
                <Icon className="size-5 text-rose-600" aria-hidden="true" />
                <span className="font-medium text-ink">{label}</span>
                <span className="text-sm text-ink-muted">{description}</span>
              </Link>
            ) : (
              <button
                type="button"
                disabled
                className="flex h-full w-full flex-col gap-1 rounded-[var(--radius-control)] border border-line p-4 text-left opacity-70"
              >
                <span className="flex items-center justify-between">
                  <Icon className="size-5 text-ink-muted" aria-hidden="true" />
                  <Badge tone="gold">Premium</Badge>
                </span>
                <span className="font-medium text-ink">{label}</span>
                <span className="text-sm text-ink-muted">{description}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      {isAdmin && (
        <Link
          to={paths.admin.getHref()}
          className="flex items-center justify-between rounded-[var(--radius-control)] bg-night-900 p-4 text-moon-50 hover:bg-night-800"
        >
          <span className="flex items-center gap-2 font-medium">
            <Shield className="size-5 text-gold-300" aria-hidden="true" /> Admin Panel
          </span>
          <Badge tone="night">Admin</Badge>
        </Link>
      )}
    </Card>
  );
}

function LockedFeaturesNotice() {
  return (
    <Card className="flex flex-col items-start gap-4 border-rose-300 bg-rose-300/10">
      <div className="flex items-center gap-3">
        <Lock className="size-5 text-rose-700" aria-hidden="true" />
        <h2 className="text-2xl text-night-900">Premium features are locked</h2>
      </div>
      <ul className="grid gap-2 text-ink-muted sm:grid-cols-2">
        <li className="flex items-center gap-2">
          <BookOpen className="size-4" aria-hidden="true" /> The full course library
        </li>
        <li className="flex items-center gap-2">
          <Users className="size-4" aria-hidden="true" /> The Sacred Sisterhood community
        </li>
        <li className="flex items-center gap-2">
          <Moon className="size-4" aria-hidden="true" /> Daily moon-aligned rituals
        </li>
        <li className="flex items-center gap-2">
          <CalendarDays className="size-4" aria-hidden="true" /> Live circles and events
        </li>
      </ul>
      <Button asChild variant="primary">
        <Link to={paths.home.getHref()}>
          <Sparkles className="size-4" aria-hidden="true" /> Unlock Full Access
        </Link>
      </Button>
    </Card>
  );
}

function Dashboard() {
  const { user, hasFullAccess } = useMembership();
  useCheckoutReturnToast();
  if (!user) return null;
  return (
    <MemberPage showAccount={false}>
      <section className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="flex items-center gap-2 text-sm font-semibold tracking-wide text-rose-700 uppercase">
            <Flower2 className="size-4" aria-hidden="true" /> Your sacred space
          </p>
          <h1 className="mt-1 text-3xl [overflow-wrap:anywhere] text-night-900 sm:text-4xl">
            Welcome back, {user.profile.displayName}
          </h1>
          <p className="mt-2 text-ink-muted">Grow, heal and rise with your sisters, in rhythm with the moon.</p>
        </div>
        <div className="flex items-center gap-3">
          <MembershipBadge />
          <SignOutButton />
        </div>
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        <MembershipCard />
        <JourneyCard />
      </div>
      <QuickAccess />
      {!hasFullAccess && <LockedFeaturesNotice />}
    </MemberPage>
  );
}

export function Component() {
  return (
    <RequireUser>
      <Dashboard />
    </RequireUser>
  );
}
