// Kept apart from the zod schemas (plans.ts) so that the first page can show the plans without zod.
import { formatPrice } from './money.ts';

export const PLAN_PRICE_MIN_CENTS = 100;
export const PLAN_PRICE_MAX_CENTS = 1_000_000;
export const TRIAL_DAYS_MAX = 90;
export const COUPON_KINDS = ['percent', 'amount'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
export const COUPON_DURATIONS = ['once', 'repeating', 'forever'] as const;
export type CouponDuration = (typeof COUPON_DURATIONS)[number];
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;
export const COUPONS_PAGE_SIZE = 25;

/** The refusals a member can meet with a code, one clear sentence each. */
export const COUPON_UNKNOWN = 'This code does not exist.';
export const COUPON_INACTIVE = 'This code is no longer active.';
export const COUPON_EXPIRED = 'This code has expired.';
export const COUPON_USED_UP = 'This code has been fully used.';
export const COUPON_ALREADY_USED = 'You have already used this code.';
export const COUPON_WRONG_PLAN = (plan: 'month' | 'year') =>
  `This code is only for the ${plan === 'month' ? 'monthly' : 'yearly'} plan.`;
export const YEARLY_PLAN_OFF = 'The yearly plan is not offered.';

export interface PublicPlans {
  monthlyCents: number;
  yearlyCents: number | null;
  trialDays: number;
}

/** "$55/month", "$550/year". */
export const planPrice = (cents: number, interval: 'month' | 'year') => `${formatPrice(cents)}/${interval}`;

/** "7-day free trial", or null without one. */
export const trialLabel = (days: number) => (days > 0 ? `${days}-day free trial` : null);

/** "20% off", "$10 off" + "the first month" / "for 3 months" / "forever". */
export function couponTerms(coupon: {
  kind: CouponKind;
  value: number;
  duration: CouponDuration;
  durationMonths: number | null;
}): string {
  const off = coupon.kind === 'percent' ? `${coupon.value}% off` : `${formatPrice(coupon.value)} off`;
  if (coupon.duration === 'forever') return `${off} forever`;
  if (coupon.duration === 'once') return `${off} the first payment`;
  const months = coupon.durationMonths ?? 1;
  return `${off} for ${months} ${months === 1 ? 'month' : 'months'}`;
}
