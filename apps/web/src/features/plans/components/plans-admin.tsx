import type { PlanInterval } from '@lunara/shared/billing';
import {
  type Coupon,
  type CouponBody,
  couponBodySchema,
  couponTerms,
  type PlanSettings,
  planSettingsSchema,
} from '@lunara/shared/plans';
import { BadgePercent, CalendarClock, Plus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { FieldError } from '../../../components/field-error.tsx';
import { FormActions } from '../../../components/form-actions.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog, DialogContent } from '../../../components/ui/dialog.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { toast } from '../../../lib/toast.ts';
import { useSubmitOnce } from '../../../lib/use-idempotency-key.ts';
import { useAppConfig } from '../../app-config/api/get-app-config.ts';
import { useAdminPlans, useCoupons, useCreateCoupon, useDeactivateCoupon, useSavePlans } from '../api/plans-api.ts';

/** "55" or "55.50" for an input; cents from what she typed (NaN when it is not an amount). */
const dollars = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(cents % 100 === 0 ? 0 : 2));
const toCents = (text: string) => (/^\d+(\.\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text) * 100) : Number.NaN);

/** Admin Panel, Plans tab: what the owner sells and her coupons. */
export function PlansAdmin() {
  const plans = useAdminPlans();
  return (
    <div className="flex flex-col gap-6">
      {plans.isPending && <Spinner className="text-gold-500" />}
      {plans.isError && <LoadError message="Could not load the plans" query={plans} />}
      {plans.data && <PlanSettingsForm saved={plans.data} />}
      <CouponsCard />
    </div>
  );
}

function PlanSettingsForm({ saved }: { saved: PlanSettings }) {
  const id = useId();
  const { billingProvider } = useAppConfig();
  const save = useSavePlans();
  const [v, setV] = useState({
    monthly: dollars(saved.monthlyCents),
    yearly: dollars(saved.yearlyCents),
    trialDays: String(saved.trialDays),
    stripeMonthly: saved.stripeMonthlyPriceId ?? '',
    stripeYearly: saved.stripeYearlyPriceId ?? '',
  });
  const [yearlyEnabled, setYearlyEnabled] = useState(saved.yearlyEnabled);
  const [error, setError] = useState<string>();
  const set = (key: keyof typeof v) => (value: string) => setV((current) => ({ ...current, [key]: value }));

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = planSettingsSchema.safeParse({
      monthlyCents: toCents(v.monthly),
      yearlyEnabled,
      yearlyCents: v.yearly.trim() === '' ? null : toCents(v.yearly),
      trialDays: v.trialDays.trim() === '' ? 0 : Number(v.trialDays),
      stripeMonthlyPriceId: v.stripeMonthly.trim() || null,
      stripeYearlyPriceId: v.stripeYearly.trim() || null,
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    save.mutate(parsed.data, {
      onSuccess: () => toast.success('Plans saved', { description: 'The landing page and checkout show them now.' }),
      onError: (failure) => setError(failure.message),
    });
  }

  return (
    <Card>
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5" aria-describedby={`${id}-error`}>
        <h3 className="flex items-center gap-2 text-xl text-night-900">
          <CalendarClock className="size-5 text-rose-600" aria-hidden="true" /> Plans and trial
        </h3>
        <div className="grid gap-5 sm:grid-cols-2">
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-monthly`}>Monthly price (USD)</Label>
            <Input
              id={`${id}-monthly`}
              inputMode="decimal"
              value={v.monthly}
              onChange={(e) => set('monthly')(e.target.value)}
            />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-trial`}>Free trial (days, 0 = off)</Label>
            <Input
              id={`${id}-trial`}
              type="number"
              min={0}
              max={90}
              value={v.trialDays}
              aria-describedby={`${id}-trial-hint`}
              onChange={(e) => set('trialDays')(e.target.value)}
            />
            <p id={`${id}-trial-hint`} className="text-sm text-ink-muted">
              Only on a member's first membership.
            </p>
          </div>
        </div>
        <div className="flex flex-col gap-3 rounded-[var(--radius-control)] border border-line p-4">
          <div className="flex items-center justify-between gap-4">
            <Label htmlFor={`${id}-yearly-on`}>Offer a yearly plan</Label>
            <Switch id={`${id}-yearly-on`} checked={yearlyEnabled} onCheckedChange={setYearlyEnabled} />
          </div>
          {yearlyEnabled && (
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-yearly`}>Yearly price (USD)</Label>
              <Input
                id={`${id}-yearly`}
                inputMode="decimal"
                value={v.yearly}
                onChange={(e) => set('yearly')(e.target.value)}
              />
            </div>
          )}
        </div>
        {billingProvider === 'stripe' && (
          <div className="grid gap-5 sm:grid-cols-2">
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${id}-stripe-monthly`}>Stripe price id, monthly</Label>
              <Input
                id={`${id}-stripe-monthly`}
                placeholder="STRIPE_PRICE_ID"
                value={v.stripeMonthly}
                onChange={(e) => set('stripeMonthly')(e.target.value)}
              />
            </div>
            {yearlyEnabled && (
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${id}-stripe-yearly`}>Stripe price id, yearly</Label>
                <Input
                  id={`${id}-stripe-yearly`}
                  placeholder="price_..."
                  value={v.stripeYearly}
                  onChange={(e) => set('stripeYearly')(e.target.value)}
                />
              </div>
            )}
            <p className="text-sm text-ink-muted sm:col-span-2">
              Each price is checked at Stripe when you save: it must recur every month (or year) and charge the price
              above.
            </p>
          </div>
        )}
        <FieldError id={`${id}-error`} message={error} />
        <Button type="submit" className="self-start" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save plans'}
        </Button>
      </form>
    </Card>
  );
}

const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const PLAN_NAMES: Record<PlanInterval, string> = { month: 'Monthly only', year: 'Yearly only' };

function CouponsCard() {
  const coupons = useCoupons();
  const deactivate = useDeactivateCoupon();
  const [creating, setCreating] = useState(false);
  const items = coupons.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="flex items-center gap-2 text-xl text-night-900">
          <BadgePercent className="size-5 text-rose-600" aria-hidden="true" /> Coupons
        </h3>
        <Button variant="gold" onClick={() => setCreating(true)}>
          <Plus className="size-4" aria-hidden="true" /> New coupon
        </Button>
      </div>
      {coupons.isPending && <Spinner className="text-gold-500" />}
      {coupons.isError && <LoadError message="Could not load the coupons" query={coupons} />}
      {coupons.data && items.length === 0 && <p className="text-ink-muted">No coupons yet.</p>}
      {items.length > 0 && (
        <ul className="flex flex-col divide-y divide-line" aria-label="Coupons">
          {items.map((coupon) => (
            <CouponRow
              key={coupon.id}
              coupon={coupon}
              busy={deactivate.isPending && deactivate.variables === coupon.id}
              onDeactivate={() =>
                deactivate.mutate(coupon.id, {
                  onSuccess: () => toast.success(`${coupon.code} deactivated`),
                  onError: (error) => toast.error('The coupon was not deactivated', { description: error.message }),
                })
              }
            />
          ))}
        </ul>
      )}
      {coupons.hasNextPage && (
        <Button
          variant="outline"
          className="self-center"
          disabled={coupons.isFetchingNextPage}
          onClick={() => coupons.fetchNextPage()}
        >
          {coupons.isFetchingNextPage ? 'Loading...' : 'Show more'}
        </Button>
      )}
      <Dialog open={creating} onOpenChange={setCreating}>
        {creating && (
          <DialogContent title="New coupon">
            <CouponForm onDone={() => setCreating(false)} />
          </DialogContent>
        )}
      </Dialog>
    </Card>
  );
}

function CouponRow({ coupon, busy, onDeactivate }: { coupon: Coupon; busy: boolean; onDeactivate: () => void }) {
  const expired = coupon.expiresAt !== null && Date.parse(coupon.expiresAt) <= Date.now();
  const usedUp = coupon.maxRedemptions !== null && coupon.redeemedCount >= coupon.maxRedemptions;
  const state = !coupon.active ? 'Inactive' : expired ? 'Expired' : usedUp ? 'Used up' : 'Active';
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-mono font-semibold text-night-900">{coupon.code}</span>
          <Badge tone={state === 'Active' ? 'gold' : 'muted'}>{state}</Badge>
          {coupon.plan && <Badge tone="rose">{PLAN_NAMES[coupon.plan]}</Badge>}
        </span>
        <span className="text-sm text-ink-muted">
          {couponTerms(coupon)} · used {coupon.redeemedCount}
          {coupon.maxRedemptions !== null ? ` of ${coupon.maxRedemptions}` : ''}
          {coupon.expiresAt ? ` · expires ${dateOnly.format(new Date(coupon.expiresAt))}` : ''}
        </span>
      </div>
      {coupon.active && (
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          onClick={onDeactivate}
          aria-label={`Deactivate ${coupon.code}`}
        >
          {busy ? 'Deactivating...' : 'Deactivate'}
        </Button>
      )}
    </li>
  );
}

const KINDS = [
  { value: 'percent', label: 'Percent off' },
  { value: 'amount', label: 'Amount off (USD)' },
];
const DURATIONS = [
  { value: 'once', label: 'The first payment' },
  { value: 'repeating', label: 'A number of months' },
  { value: 'forever', label: 'Forever' },
];
const PLANS = [
  { value: 'any', label: 'Either plan' },
  { value: 'month', label: 'Monthly plan only' },
  { value: 'year', label: 'Yearly plan only' },
];

function CouponForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const create = useCreateCoupon();
  const submit = useSubmitOnce();
  const [v, setV] = useState({
    code: '',
    kind: 'percent' as CouponBody['kind'],
    value: '',
    duration: 'once' as CouponBody['duration'],
    months: '3',
    maxRedemptions: '',
    expires: '',
    plan: 'any',
  });
  const [error, setError] = useState<string>();
  const set = (key: keyof typeof v) => (value: string) => setV((current) => ({ ...current, [key]: value }));

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = couponBodySchema.safeParse({
      code: v.code,
      kind: v.kind,
      value: v.kind === 'amount' ? toCents(v.value) : Number(v.value || Number.NaN),
      duration: v.duration,
      durationMonths: v.duration === 'repeating' ? Number(v.months) : null,
      maxRedemptions: v.maxRedemptions.trim() ? Number(v.maxRedemptions) : null,
      // The end of the chosen day, where she is.
      expiresAt: v.expires ? new Date(`${v.expires}T23:59:59`).toISOString() : null,
      plan: v.plan === 'any' ? null : v.plan,
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    const idempotencyKey = submit.begin();
    if (!idempotencyKey) return;
    create.mutate(
      { body: parsed.data, idempotencyKey },
      {
        onSuccess: (coupon) => {
          submit.succeeded();
          toast.success(`Coupon ${coupon.code} created`);
          onDone();
        },
        onError: (failure) => setError(failure.message),
        onSettled: submit.settled,
      },
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4" aria-describedby={`${id}-error`}>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-code`}>Code</Label>
        <Input
          id={`${id}-code`}
          value={v.code}
          autoComplete="off"
          spellCheck={false}
          maxLength={32}
          placeholder="SPRING20"
          onChange={(e) => set('code')(e.target.value)}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-kind`}>Discount</Label>
          <Select id={`${id}-kind`} value={v.kind} onValueChange={set('kind')} options={KINDS} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-value`}>{v.kind === 'percent' ? 'Percent (1-100)' : 'Amount (USD)'}</Label>
          <Input
            id={`${id}-value`}
            inputMode="decimal"
            value={v.value}
            onChange={(e) => set('value')(e.target.value)}
          />
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-duration`}>Applies to</Label>
          <Select id={`${id}-duration`} value={v.duration} onValueChange={set('duration')} options={DURATIONS} />
        </div>
        {v.duration === 'repeating' && (
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-months`}>Months</Label>
            <Input
              id={`${id}-months`}
              type="number"
              min={1}
              max={36}
              value={v.months}
              onChange={(e) => set('months')(e.target.value)}
            />
          </div>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-max`}>Redemption limit (empty = unlimited)</Label>
          <Input
            id={`${id}-max`}
            type="number"
            min={1}
            value={v.maxRedemptions}
            onChange={(e) => set('maxRedemptions')(e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-expires`}>Expires (optional)</Label>
          <Input id={`${id}-expires`} type="date" value={v.expires} onChange={(e) => set('expires')(e.target.value)} />
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-plan`}>Plan</Label>
        <Select id={`${id}-plan`} value={v.plan} onValueChange={set('plan')} options={PLANS} />
      </div>
      <FieldError id={`${id}-error`} message={error} />
      <FormActions onCancel={onDone} isBusy={create.isPending} submitLabel="Create coupon" busyLabel="Creating..." />
    </form>
  );
}
