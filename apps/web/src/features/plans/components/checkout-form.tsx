import type { PlanInterval } from '@lunara/shared/billing';
import { formatPrice } from '@lunara/shared/money';
import { planPrice } from '@lunara/shared/plan-display';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FieldError } from '../../../components/field-error.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { paths } from '../../../config/paths.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { toast } from '../../../lib/toast.ts';
import { useAppConfig } from '../../app-config/api/get-app-config.ts';
import { useStartCheckout } from '../../billing/api/start-checkout.ts';
import { useQuote } from '../api/plans-api.ts';

const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** "Complete test payment" with the plan and the code she chose; the subscription is read again after. */
function useCompleteTestCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { plan: PlanInterval; couponCode?: string }) =>
      apiFetch<{ ok: true }>('/api/billing/test/complete', { method: 'POST', body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['subscription'] }),
        queryClient.invalidateQueries({ queryKey: ['me'] }),
      ]),
  });
}

function PlanOption({
  name,
  value,
  checked,
  onChange,
  title,
  price,
}: {
  name: string;
  value: PlanInterval;
  checked: boolean;
  onChange: (plan: PlanInterval) => void;
  title: string;
  price: string;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-center gap-3 rounded-[var(--radius-control)] border p-4 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-rose-600',
        checked ? 'border-gold-500 bg-moon-100' : 'border-line',
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onChange(value)}
        className="size-4 accent-rose-600"
      />
      <span className="flex-1 font-medium">{title}</span>
      <span className="text-night-900">{price}</span>
    </label>
  );
}

/**
 * The checkout's choices, in both billing modes: the plan, the coupon field with the live quote, then
 * "Complete test payment" (test mode) or "Continue to payment" (Stripe's page, in a new tab).
 */
export function CheckoutForm() {
  const id = useId();
  const { plans, billingProvider } = useAppConfig();
  const isTest = billingProvider === 'test';
  const pay = useStartCheckout();
  const [searchParams] = useSearchParams();
  const [plan, setPlan] = useState<PlanInterval>(
    searchParams.get('plan') === 'year' && plans.yearlyCents !== null ? 'year' : 'month',
  );
  const [code, setCode] = useState(searchParams.get('coupon') ?? '');
  const [applied, setApplied] = useState<string | undefined>(searchParams.get('coupon') || undefined);
  const quote = useQuote(plan, applied);
  const complete = useCompleteTestCheckout();
  const navigate = useNavigate();
  const couponError = applied && quote.isError ? quote.error.message : undefined;
  const shown = quote.isError ? undefined : quote.data;

  function apply(event: FormEvent) {
    event.preventDefault();
    setApplied(code.trim() || undefined);
  }
  function removeCode() {
    setApplied(undefined);
    setCode('');
  }

  return (
    <div className="flex flex-col gap-5">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 font-medium">Plan</legend>
        <PlanOption
          name={`${id}-plan`}
          value="month"
          checked={plan === 'month'}
          onChange={setPlan}
          title="Monthly"
          price={planPrice(plans.monthlyCents, 'month')}
        />
        {plans.yearlyCents !== null && (
          <PlanOption
            name={`${id}-plan`}
            value="year"
            checked={plan === 'year'}
            onChange={setPlan}
            title="Yearly"
            price={planPrice(plans.yearlyCents, 'year')}
          />
        )}
      </fieldset>

      <form noValidate onSubmit={apply} className="flex flex-col gap-2">
        <Label htmlFor={`${id}-coupon`}>Coupon code (optional)</Label>
        <div className="flex gap-2">
          <Input
            id={`${id}-coupon`}
            value={code}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={64}
            aria-invalid={couponError ? true : undefined}
            aria-describedby={couponError ? `${id}-coupon-error` : undefined}
            onChange={(event) => setCode(event.target.value)}
          />
          <Button type="submit" variant="outline" disabled={!code.trim() || code.trim() === applied}>
            Apply
          </Button>
        </div>
        <FieldError id={`${id}-coupon-error`} message={couponError} />
        {couponError && (
          <button
            type="button"
            className="self-start text-sm text-rose-700 underline-offset-4 hover:underline"
            onClick={removeCode}
          >
            Continue without a code
          </button>
        )}
        {applied && !couponError && quote.data && (
          <p className="flex items-center justify-between text-sm text-success">
            <span className="flex items-center gap-1">
              <Check className="size-4" aria-hidden="true" /> Code {applied.toUpperCase()} applied
            </span>
            <button type="button" className="text-rose-700 underline-offset-4 hover:underline" onClick={removeCode}>
              Remove
            </button>
          </p>
        )}
      </form>

      <section
        aria-labelledby={`${id}-summary`}
        aria-live="polite"
        className="rounded-[var(--radius-control)] bg-moon-100 p-4"
      >
        <h2 id={`${id}-summary`} className="sr-only">
          Summary
        </h2>
        {shown ? (
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
            <dt>{shown.plan === 'year' ? 'Yearly plan' : 'Monthly plan'}</dt>
            <dd className="text-right">{planPrice(shown.amountCents, shown.plan)}</dd>
            {shown.discountCents > 0 && (
              <>
                <dt>Discount</dt>
                <dd className="text-right text-success">-{formatPrice(shown.discountCents)}</dd>
              </>
            )}
            {shown.trialDays > 0 && (
              <>
                <dt>{shown.trialDays}-day free trial</dt>
                <dd className="text-right">{formatPrice(0)} today</dd>
              </>
            )}
            <dt className="mt-2 font-semibold">
              {shown.trialDays > 0 ? `First charge on ${dateText(shown.firstChargeAt)}` : 'Due today'}
            </dt>
            <dd className="mt-2 text-right font-display text-2xl text-night-900">
              {formatPrice(shown.firstChargeCents)}
            </dd>
            <dd className="col-span-2 mt-1 text-ink-muted">{shown.description}</dd>
          </dl>
        ) : (
          <p className="text-sm text-ink-muted">
            {couponError
              ? 'Change the code, or continue without one, to see your price.'
              : quote.isError
                ? quote.error.message
                : 'Loading price...'}
          </p>
        )}
      </section>

      <ul className="flex flex-col gap-2 text-sm text-ink-muted">
        {['All five core courses', 'The Sacred Sisterhood community', 'Daily moon-aligned rituals'].map((item) => (
          <li key={item} className="flex items-center gap-2">
            <Check className="size-4 text-success" aria-hidden="true" /> {item}
          </li>
        ))}
      </ul>
      <Button
        variant="gold"
        size="lg"
        disabled={complete.isPending || pay.isPending || !shown || quote.isFetching}
        onClick={() => {
          const order = { plan, ...(applied ? { couponCode: applied } : {}) };
          if (!isTest) return pay.mutate(order);
          complete.mutate(order, {
            onSuccess: () => navigate(`${paths.dashboard.getHref()}?checkout=success`, { replace: true }),
            onError: (error) => toast.error('Checkout failed', { description: error.message }),
          });
        }}
      >
        {complete.isPending || pay.isPending
          ? 'Processing...'
          : isTest
            ? 'Complete test payment'
            : 'Continue to payment'}
      </Button>
      <Link
        to={paths.home.getHref()}
        className="inline-flex items-center self-center text-sm text-rose-700 underline-offset-4 hover:underline pointer-coarse:min-h-11"
      >
        Cancel
      </Link>
    </div>
  );
}
