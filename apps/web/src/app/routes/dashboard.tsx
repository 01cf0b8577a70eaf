import { formatPrice } from '@lunara/shared/money';
import { useQueryClient } from '@tanstack/react-query';
import { BookOpen, CalendarDays, Crown, Flower2, Lock, Moon, Shield, Sparkles, Users } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadError } from '../../components/load-error.tsx';
import { LocalDate } from '../../components/local-date.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Progress } from '../../components/ui/progress.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { paths } from '../../config/paths.ts';
import { useAppConfig } from '../../features/app-config/api/get-app-config.ts';
import { PathwayCard } from '../../features/assessment/components/pathway-card.tsx';
import { SignOutButton } from '../../features/auth/components/sign-out-button.tsx';
import { useOpenPortal } from '../../features/billing/api/open-portal.ts';
import { useStartCheckout } from '../../features/billing/api/start-checkout.ts';
import { useJourney } from '../../features/courses/api/get-journey.ts';
import { ContinueCard } from '../../features/courses/components/continue-card.tsx';
import { CouponCheckoutLink, PlanExtras, YearlyCheckoutButton } from '../../features/plans/components/plan-offer.tsx';
import { toast } from '../../lib/toast.ts';
import { RequireUser } from '../guards.tsx';
import { useJustSignedUp } from '../hooks/use-just-signed-up.ts';
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
  const isUnpaidAdmin = isAdmin && !isPayingMember;

  if (hasFullAccess) {
    return (
      <Card className="flex flex-col gap-4 border-gold-400/60 bg-gradient-to-br from-white to-moon-100">
        <div className="flex items-center gap-3">
          <Crown className="size-6 text-gold-500" aria-hidden="true" />
          <h2 className="text-2xl text-night-900">Active {productName} Member</h2>
        </div>
        {subscription.subscriptionEnd && (
          <p className="text-ink-muted">
            {isUnpaidAdmin
              ? 'Admin access until '
              : subscription.cancelAtPeriodEnd
                ? 'Membership ends on '
                : 'Next billing date: '}
            <span className="font-medium text-ink">
              <LocalDate date={subscription.subscriptionEnd} />
            </span>
          </p>
        )}
        {isUnpaidAdmin ? (
          // Her access is the admin's, not a membership: there is nothing to manage in the billing portal,
          // and the course pages need a membership of their own (spec section 6).
          <>
            <p className="text-sm text-ink-muted">
              As an admin you reach the Sisterhood, the rituals and the admin panel without a subscription. The course
              library needs a membership.
            </p>
            <Button
              variant="gold"
              className="self-start"
              disabled={checkout.isPending}
              onClick={() => checkout.mutate()}
            >
              {checkout.isPending ? 'Loading...' : `Subscribe - ${formatPrice(priceCents)}/month`}
            </Button>
          </>
        ) : (
          <Button variant="outline" className="self-start" disabled={portal.isPending} onClick={() => portal.mutate()}>
            {portal.isPending ? 'Opening...' : 'Manage Subscription'}
          </Button>
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
      <YearlyCheckoutButton className="self-start" />
      <PlanExtras />
      <CouponCheckoutLink />
    </Card>
  );
}

/** Her figures once they are here; until then placeholders, never zeros she could take for her progress. */
function JourneyCard() {
  const journey = useJourney();
  const figures = journey.data;
  return (
    <Card className="flex flex-col gap-5" aria-busy={journey.isPending}>
      <h2 className="text-2xl text-night-900">Your Journey</h2>
      {!figures && journey.isError ? (
        <LoadError message="Failed to load your journey" query={journey} />
      ) : (
        <>
          <div className="flex flex-col gap-2">
            <div className="flex justify-between text-sm">
              <span className="text-ink-muted">Course progress</span>
              <span className="font-semibold">
                {figures ? `${figures.courseProgressPercent}%` : <Skeleton className="h-4 w-10" />}
              </span>
            </div>
            {figures ? (
              <Progress value={figures.courseProgressPercent} label="Course progress" />
            ) : (
              <Skeleton className="h-2.5 w-full rounded-full" />
            )}
          </div>
          <dl className="grid grid-cols-2 gap-4">
            <div className="rounded-[var(--radius-control)] bg-moon-100 p-4">
              <dt className="text-sm text-ink-muted">Lessons complete</dt>
              <dd className="font-display text-3xl text-night-900">
                {figures ? figures.lessonsCompleted : <Skeleton className="h-9 w-12" />}
              </dd>
            </div>
            <div className="rounded-[var(--radius-control)] bg-moon-100 p-4">
              <dt className="text-sm text-ink-muted">Days active</dt>
              <dd className="font-display text-3xl text-night-900">
                {figures ? figures.daysActive : <Skeleton className="h-9 w-12" />}
              </dd>
            </div>
          </dl>
        </>
      )}
    </Card>
  );
}

const QUICK_ACCESS = [
  { to: paths.courses.getHref(), label: 'Course Library', description: 'Five core courses', icon: BookOpen },
  { to: paths.community.getHref(), label: 'Sacred Sisterhood', description: 'Feed, circles, events', icon: Users },
  { to: paths.rituals.getHref(), label: 'Daily Rituals', description: 'Aligned with the moon', icon: Moon },
] as const;

/**
 * Staff without a membership (an admin, a moderator) reach the Sisterhood and the rituals, not the
 * course pages (spec section 6): the library's tile stays locked and offers the subscription that opens it.
 */
function SubscribeTile({ label, icon: Icon }: Pick<(typeof QUICK_ACCESS)[number], 'label' | 'icon'>) {
  const checkout = useStartCheckout();
  return (
    <div className="flex h-full flex-col gap-1 rounded-[var(--radius-control)] border border-dashed border-line p-4">
      <span className="flex items-center justify-between">
        <Icon className="size-5 text-ink-muted" aria-hidden="true" />
        <Badge tone="gold">
          <Lock className="size-3" aria-hidden="true" /> Premium
        </Badge>
      </span>
      <span className="font-medium text-ink">{label}</span>
      <span className="text-sm text-ink-muted">Needs a membership</span>
      <Button
        variant="gold"
        size="sm"
        className="mt-2 self-start"
        aria-label={`Subscribe to open the ${label}`}
        disabled={checkout.isPending}
        onClick={() => checkout.mutate()}
      >
        {checkout.isPending ? 'Loading...' : 'Subscribe'}
      </Button>
    </div>
  );
}

function QuickAccess() {
  const { hasMembersArea, isPayingMember, isAdmin } = useMembership();
  return (
    <Card className="flex flex-col gap-4">
      <h2 className="text-2xl text-night-900">Quick Access</h2>
      <ul className="grid gap-3 sm:grid-cols-3">
        {QUICK_ACCESS.map(({ to, label, description, icon: Icon }) => (
          <li key={to}>
            {(to === paths.courses.getHref() ? isPayingMember : hasMembersArea) ? (
              <Link
                to={to}
                className="flex h-full flex-col gap-1 rounded-[var(--radius-control)] border border-line p-4 hover:border-gold-400 hover:bg-moon-100"
              >
                <Icon className="size-5 text-rose-600" aria-hidden="true" />
                <span className="font-medium text-ink">{label}</span>
                <span className="text-sm text-ink-muted">{description}</span>
              </Link>
            ) : hasMembersArea ? (
              <SubscribeTile label={label} icon={Icon} />
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
  const { user, hasMembersArea } = useMembership();
  const justSignedUp = useJustSignedUp();
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
            {justSignedUp ? 'Welcome' : 'Welcome back'}, {user.profile.displayName}
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
      <ContinueCard />
      <PathwayCard />
      <QuickAccess />
      {/* Staff reach the Sisterhood and the rituals: nothing but the library is locked for them. */}
      {!hasMembersArea && <LockedFeaturesNotice />}
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
