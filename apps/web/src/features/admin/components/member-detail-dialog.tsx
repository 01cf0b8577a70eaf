import { COMPLIMENTARY_MONTHS_MAX, type MemberDetail } from '@lunara/shared/member-admin';
import { formatCount } from '@lunara/shared/plural';
import { levelTitle } from '@lunara/shared/points';
import { type FormEvent, useId, useState } from 'react';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { FieldError } from '../../../components/field-error.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../lib/toast.ts';
import { useSubmitOnce } from '../../../lib/use-idempotency-key.ts';
import { useComplimentary, useMemberDetail } from '../api/member-admin-api.ts';

const day = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'long', year: 'numeric' });
const dayOf = (iso: string) => day.format(new Date(iso));
const PROVIDERS: Record<string, string> = { test: 'Test mode', stripe: 'Stripe', complimentary: 'Complimentary' };
const ACTIONS: Record<string, string> = {
  'member.complimentary_grant': 'Complimentary membership granted',
  'member.complimentary_end': 'Complimentary membership ended',
  'role.assign': 'Role changed',
  'member.suspend': 'Suspended',
  'member.suspension_lift': 'Suspension lifted',
};
const actionText = (action: string) => ACTIONS[action] ?? action.replaceAll(/[._]/g, ' ');

function membershipText(detail: MemberDetail): string {
  const m = detail.membership;
  if (!m) return 'Never subscribed';
  const plan = m.complimentary ? 'Complimentary' : m.planInterval === 'year' ? 'Yearly' : 'Monthly';
  if (!m.subscribed) return `${plan}, ${m.status.replace('_', ' ')} (ended ${dayOf(m.currentPeriodEnd)})`;
  const ends = m.cancelAtPeriodEnd ? 'ends' : 'renews';
  return `${plan}, ${m.status.replace('_', ' ')}: ${ends} ${dayOf(m.currentPeriodEnd)}`;
}

/** A member's detail from User Management: membership and billing, activity, points, reports, audit. */
export function MemberDetailDialog({ userId, onClose }: { userId: string; onClose: () => void }) {
  const detail = useMemberDetail(userId);
  const data = detail.data;
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent
        title={data ? data.displayName || 'Unnamed User' : 'Member'}
        description={data ? data.email : undefined}
        className="max-w-2xl"
      >
        {detail.isPending && <Spinner className="text-gold-500" />}
        {detail.isError && <LoadError message="Could not load this member" query={detail} />}
        {data && <DetailBody detail={data} />}
      </DialogContent>
    </Dialog>
  );
}

function DetailBody({ detail }: { detail: MemberDetail }) {
  const m = detail.membership;
  return (
    <div className="mt-4 flex flex-col gap-5 text-sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
        <dt className="text-ink-muted">Joined</dt>
        <dd>{dayOf(detail.joinedAt)}</dd>
        <dt className="text-ink-muted">Email</dt>
        <dd className="[overflow-wrap:anywhere]">
          {detail.email} {detail.emailVerified ? '(confirmed)' : '(not confirmed)'}
        </dd>
        <dt className="text-ink-muted">Membership</dt>
        <dd>
          {membershipText(detail)}
          {m?.pausedUntil && <Badge className="ml-2">Paused until {dayOf(m.pausedUntil)}</Badge>}
        </dd>
        {m && (
          <>
            <dt className="text-ink-muted">Billing</dt>
            <dd>
              {PROVIDERS[m.provider] ?? m.provider}
              {m.amountCents !== null && ` · $${(m.amountCents / 100).toFixed(2)} a ${m.planInterval}`}
            </dd>
          </>
        )}
        <dt className="text-ink-muted">Last active</dt>
        <dd>{detail.activity.lastActiveOn ? dayOf(`${detail.activity.lastActiveOn}T12:00:00Z`) : 'Not yet'}</dd>
        <dt className="text-ink-muted">Activity</dt>
        <dd>
          {formatCount(detail.activity.postsCount, 'post')} · {formatCount(detail.activity.commentsCount, 'comment')}
        </dd>
        <dt className="text-ink-muted">Points</dt>
        <dd>
          {detail.points} · level {detail.level} ({levelTitle(detail.level)})
        </dd>
        {detail.suspension && (
          <>
            <dt className="text-ink-muted">Suspended</dt>
            <dd>{detail.suspension.endsAt ? `until ${dayOf(detail.suspension.endsAt)}` : 'permanently'}</dd>
          </>
        )}
      </dl>

      <ComplimentarySection detail={detail} />

      <section aria-labelledby="member-reports-title" className="flex flex-col gap-2">
        <h3 id="member-reports-title" className="font-display text-lg text-night-900">
          Reports about her ({detail.reportsTotal})
        </h3>
        {detail.reports.length === 0 ? (
          <p className="text-ink-muted">No reports.</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {detail.reports.map((report) => (
              <li key={report.caseId}>
                Her {report.targetType}: {formatCount(report.reportersCount, 'report')}, {report.status}, last{' '}
                {dayOf(report.lastReportedAt)}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="member-audit-title" className="flex flex-col gap-2">
        <h3 id="member-audit-title" className="font-display text-lg text-night-900">
          History
        </h3>
        {detail.audit.length === 0 ? (
          <p className="text-ink-muted">No admin actions yet.</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {detail.audit.map((entry) => (
              <li key={entry.id}>
                {dayOf(entry.createdAt)}: {actionText(entry.action)} by {entry.actorName}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

const pad = (n: number) => String(n).padStart(2, '0');
const dateValue = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

function ComplimentarySection({ detail }: { detail: MemberDetail }) {
  const id = useId();
  const { grant, end } = useComplimentary(detail.id);
  const submit = useSubmitOnce();
  const [mode, setMode] = useState<'months' | 'until'>('months');
  const [months, setMonths] = useState('1');
  const [until, setUntil] = useState('');
  const [error, setError] = useState<string>();
  const m = detail.membership;
  const hasComplimentary = Boolean(m?.complimentary && m.subscribed);
  const paying = Boolean(m?.subscribed && !m.complimentary);
  const name = detail.displayName || 'This member';

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    let body: { months: number } | { until: string };
    if (mode === 'months') {
      const n = Number(months);
      if (!Number.isInteger(n) || n < 1 || n > COMPLIMENTARY_MONTHS_MAX) {
        return setError(`Choose 1 to ${COMPLIMENTARY_MONTHS_MAX} months`);
      }
      body = { months: n };
    } else {
      const [y, mo, d] = until.split('-').map(Number);
      if (!y || !mo || !d) return setError('Choose the date it ends');
      const date = new Date(y, mo - 1, d, 23, 59);
      if (date.getTime() <= Date.now()) return setError('Choose a date after today');
      body = { until: date.toISOString() };
    }
    const idempotencyKey = submit.begin();
    if (!idempotencyKey) return;
    setError(undefined);
    grant.mutate(
      { body, idempotencyKey },
      {
        onSettled: submit.settled,
        onSuccess: (next) => {
          submit.succeeded();
          toast.success(
            `${name} has a complimentary membership until ${dayOf(next.membership?.currentPeriodEnd ?? '')}`,
          );
        },
        onError: (failure) => setError(failure.message),
      },
    );
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-3 rounded-[var(--radius-card)] border border-line p-4"
    >
      <h3 id={`${id}-title`} className="font-display text-lg text-night-900">
        Complimentary membership
      </h3>
      {hasComplimentary ? (
        <div className="flex flex-wrap items-center gap-3">
          <p>Free access until {dayOf(m?.currentPeriodEnd ?? '')}.</p>
          <ConfirmButton
            variant="outline"
            label={`End the complimentary membership of ${name}`}
            title="End her complimentary membership now?"
            description="She loses access at once unless she subscribes. This is recorded in the audit log."
            confirmLabel="End membership"
            onConfirm={() =>
              end.mutate(undefined, {
                onSuccess: () => toast.success(`${name}'s complimentary membership has ended`),
                onError: (failure) => toast.error('Could not end it', { description: failure.message }),
              })
            }
          >
            End now
          </ConfirmButton>
        </div>
      ) : paying ? (
        <p className="text-ink-muted">She pays for her membership, so a complimentary one is not needed.</p>
      ) : (
        <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-3">
          <fieldset className="flex flex-wrap gap-4">
            <legend className="mb-1 text-sm font-medium text-ink">For how long</legend>
            <label className="flex items-center gap-2">
              <input type="radio" name={`${id}-mode`} checked={mode === 'months'} onChange={() => setMode('months')} />A
              number of months
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name={`${id}-mode`} checked={mode === 'until'} onChange={() => setMode('until')} />
              Until a date
            </label>
          </fieldset>
          {mode === 'months' ? (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-months`}>Months (1 to {COMPLIMENTARY_MONTHS_MAX})</Label>
              <Input
                id={`${id}-months`}
                type="number"
                min={1}
                max={COMPLIMENTARY_MONTHS_MAX}
                value={months}
                className="sm:w-32"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(event) => setMonths(event.target.value)}
              />
            </div>
          ) : (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={`${id}-until`}>Free access until</Label>
              <Input
                id={`${id}-until`}
                type="date"
                min={dateValue(new Date(Date.now() + 86_400_000))}
                value={until}
                className="sm:w-48"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(event) => setUntil(event.target.value)}
              />
            </div>
          )}
          <FieldError id={`${id}-error`} message={error} />
          <Button type="submit" className="self-start" disabled={grant.isPending}>
            {grant.isPending ? 'Granting…' : 'Grant complimentary membership'}
          </Button>
        </form>
      )}
    </section>
  );
}
