import type { Discount, PlanInterval } from '@lunara/shared/billing';

export interface PricedSubscription {
  amountCents: number | null;
  discount: Discount | null;
  discountEndsAt: Date | null;
}

/** What the period starting at `periodStart` costs: the plan's price, less the discount while it lasts. */
export function periodAmountCents(sub: PricedSubscription, periodStart: Date): number {
  const base = sub.amountCents ?? 0;
  const { discount } = sub;
  if (!discount) return base;
  if (sub.discountEndsAt && periodStart.getTime() >= sub.discountEndsAt.getTime()) return base;
  const off = discount.kind === 'percent' ? Math.round((base * discount.value) / 100) : discount.value;
  return Math.max(0, base - off);
}

/**
 * When a discount redeemed at `start` stops applying: after the first period (once), after N months
 * (repeating), never (forever, null). A repeating discount on a yearly plan covers each yearly period that
 * starts within its months, as Stripe does.
 */
export function discountEndsAtFor(discount: Discount, start: Date, interval: PlanInterval): Date | null {
  if (discount.duration === 'forever') return null;
  const months = discount.duration === 'once' ? (interval === 'year' ? 12 : 1) : (discount.durationMonths ?? 1);
  return addMonths(start, months);
}

/** Calendar months later, kept within the month (31 January + 1 month = 28 or 29 February). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}
