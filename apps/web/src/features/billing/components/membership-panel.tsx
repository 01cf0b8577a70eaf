import type { MembershipDetails } from '@lunara/shared/billing-history';
import { formatPrice } from '@lunara/shared/money';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatLongDate } from '../../../lib/format-date.ts';
import { toast } from '../../../lib/toast.ts';
import { useResumePausedMembership } from '../api/billing-history.ts';
import { useOpenPortal } from '../api/open-portal.ts';
import { useTestBillingAction } from '../api/test-billing-actions.ts';
import { CancelMembershipDialog } from './cancel-membership-dialog.tsx';

type Membership = NonNullable<MembershipDetails['membership']>;

/** "$44/month with MOON20 (then $55/month)", from HER subscription, never a fixed price. */
export function planPriceText(membership: Membership): string {
  if (membership.amountCents === null) return 'Complimentary';
  const per = membership.interval === 'year' ? '/year' : '/month';
  const next = membership.nextAmountCents ?? membership.amountCents;
  if (membership.discountCode && next !== membership.amountCents) {
    return `${formatPrice(next)}${per} with ${membership.discountCode} (then ${formatPrice(membership.amountCents)}${per})`;
  }
  return `${formatPrice(membership.amountCents)}${per}`;
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1">
      <dt className="text-ink-muted">{label}</dt>
      <dd className="font-medium text-night-900">{children}</dd>
    </div>
  );
}

/** Her plan and what comes next, with cancel (reason, pause) and resume: the portal and the settings. */
export function MembershipPanel({ details, productName }: { details: MembershipDetails; productName: string }) {
  const membership = details.membership;
  const uncancel = useTestBillingAction('resume');
  const resumePause = useResumePausedMembership();
  const portal = useOpenPortal();
  if (!membership) return <p className="text-sm text-ink-muted">You have no membership.</p>;

  const end = new Date(membership.currentPeriodEnd);
  const pausedUntil = membership.pausedUntil ? new Date(membership.pausedUntil) : null;
  const isPaused = membership.status === 'paused';
  const pauseScheduled = !isPaused && pausedUntil !== null;
  const onError = (title: string) => (error: Error) => toast.error(title, { description: error.message });

  const nextLine = isPaused
    ? ['Paused until', pausedUntil ? formatLongDate(pausedUntil) : '']
    : membership.cancelAtPeriodEnd
      ? ['Ends on', formatLongDate(end)]
      : pauseScheduled
        ? ['Pauses on', formatLongDate(end)]
        : membership.status === 'trialing'
          ? ['Trial ends', formatLongDate(end)]
          : ['Next billing date', formatLongDate(end)];

  return (
    <div className="flex flex-col gap-4">
      <dl className="grid gap-3 rounded-[var(--radius-control)] bg-moon-100 p-4 text-sm">
        <Row label="Plan">
          {productName} Membership · {planPriceText(membership)}
        </Row>
        <Row label="Status">
          {isPaused ? (
            <Badge tone="rose">Paused</Badge>
          ) : membership.cancelAtPeriodEnd ? (
            <Badge tone="muted">Cancelled</Badge>
          ) : (
            <Badge tone="gold">{membership.status === 'trialing' ? 'Trial' : 'Active'}</Badge>
          )}
        </Row>
        <Row label={nextLine[0] ?? ''}>{nextLine[1]}</Row>
        {pauseScheduled && pausedUntil && <Row label="Resumes on">{formatLongDate(pausedUntil)}</Row>}
      </dl>

      {membership.provider !== 'test' && membership.provider !== 'stripe' ? null : isPaused || pauseScheduled ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-ink-muted">
            {isPaused
              ? 'Your membership is paused: nothing is charged. Resume now to start a new period today.'
              : 'Your membership will pause at the end of this period. Resume now to keep it running without a break.'}
          </p>
          <div className="flex flex-wrap gap-3">
            <Button
              variant="gold"
              disabled={resumePause.isPending}
              onClick={() =>
                resumePause.mutate(undefined, {
                  onSuccess: () => toast.success('Your membership is running again'),
                  onError: onError('Your membership was not resumed'),
                })
              }
            >
              {resumePause.isPending ? 'Resuming...' : 'Resume now'}
            </Button>
            <CancelMembershipDialog endsOn={isPaused ? null : end} maxPauseMonths={0} />
          </div>
        </div>
      ) : membership.cancelAtPeriodEnd ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-ink-muted">
            Your membership is cancelled. You keep full access until the end of the period.
          </p>
          {membership.provider === 'test' && (
            <Button
              className="self-start"
              disabled={uncancel.isPending}
              onClick={() => uncancel.mutate(undefined, { onError: onError('Your membership was not resumed') })}
            >
              {uncancel.isPending ? 'Resuming...' : 'Resume subscription'}
            </Button>
          )}
        </div>
      ) : (
        <div className="self-start">
          <CancelMembershipDialog
            endsOn={end}
            maxPauseMonths={details.pause.pauseEnabled ? details.pause.maxPauseMonths : 0}
          />
        </div>
      )}
      {membership.provider === 'stripe' && (
        // Card, receipts and resuming a cancelled membership: Stripe's portal.
        <Button variant="outline" className="self-start" disabled={portal.isPending} onClick={() => portal.mutate()}>
          {portal.isPending ? 'Opening...' : 'Manage billing'}
        </Button>
      )}
    </div>
  );
}
