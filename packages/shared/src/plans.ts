import { z } from 'zod';
import { PLAN_INTERVALS } from './billing.ts';
import { pageOf } from './feed.ts';
import { cursorSchema } from './params.ts';
import {
  COUPON_CODE_PATTERN,
  COUPON_DURATIONS,
  COUPON_KINDS,
  COUPON_UNKNOWN,
  PLAN_PRICE_MAX_CENTS,
  PLAN_PRICE_MIN_CENTS,
  TRIAL_DAYS_MAX,
} from './plan-display.ts';

export * from './plan-display.ts';

const priceCents = (what: string) =>
  z
    .number({ error: `${what} must be a number of cents` })
    .int(`${what} must be a whole number of cents`)
    .min(PLAN_PRICE_MIN_CENTS, `${what} must be at least $1`)
    .max(PLAN_PRICE_MAX_CENTS, `${what} must be at most $10,000`);

const stripePriceId = z
  .string()
  .trim()
  .max(100, 'A Stripe price id is at most 100 characters')
  .regex(/^price_\w+$/, 'A Stripe price id starts with price_ (for example price_1Nv...)')
  .nullable();

/** What the owner sells: the monthly plan, an optional yearly one and an optional free trial. */
export const planSettingsSchema = z
  .object({
    monthlyCents: priceCents('The monthly price'),
    yearlyEnabled: z.boolean(),
    yearlyCents: priceCents('The yearly price').nullable(),
    trialDays: z
      .number({ error: 'The trial must be a number of days' })
      .int('The trial must be a whole number of days')
      .min(0, 'The trial must be 0 (off) to 90 days')
      .max(TRIAL_DAYS_MAX, 'The trial must be 0 (off) to 90 days'),
    /** With Stripe: the price each plan charges (the monthly one defaults to STRIPE_PRICE_ID). */
    stripeMonthlyPriceId: stripePriceId,
    stripeYearlyPriceId: stripePriceId,
  })
  .refine((value) => !value.yearlyEnabled || value.yearlyCents !== null, {
    path: ['yearlyCents'],
    message: 'Enter the yearly price to offer a yearly plan',
  });
export type PlanSettings = z.infer<typeof planSettingsSchema>;

/** The plans as the browser shows them (public: no Stripe ids). */
export const publicPlansSchema = z.object({
  monthlyCents: z.number().int(),
  /** null: no yearly plan. */
  yearlyCents: z.number().int().nullable(),
  trialDays: z.number().int(),
});

export const couponBodySchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(COUPON_CODE_PATTERN, 'A code is 3 to 32 letters, digits, dashes or underscores')
      .transform((code) => code.toUpperCase()),
    kind: z.enum(COUPON_KINDS, 'Choose percent or amount off'),
    /** Percent (1-100) or cents off. */
    value: z
      .number({ error: 'Enter how much it takes off' })
      .int('Enter a whole number')
      .min(1, 'Enter how much it takes off'),
    duration: z.enum(COUPON_DURATIONS, 'Choose how long the discount lasts'),
    durationMonths: z
      .number()
      .int('Enter a whole number of months')
      .min(1, 'A repeating discount lasts 1 to 36 months')
      .max(36, 'A repeating discount lasts 1 to 36 months')
      .nullable(),
    maxRedemptions: z
      .number()
      .int('Enter a whole number')
      .min(1, 'The limit must be at least 1')
      .max(1_000_000, 'The limit must be at most 1,000,000')
      .nullable(),
    expiresAt: z.iso.datetime({ offset: true, error: 'Choose a valid expiry date' }).nullable(),
    plan: z.enum(PLAN_INTERVALS, 'Choose the plan it applies to').nullable(),
  })
  .refine((value) => value.kind !== 'percent' || value.value <= 100, {
    path: ['value'],
    message: 'A percent discount is 1 to 100',
  })
  .refine((value) => value.kind !== 'amount' || value.value <= PLAN_PRICE_MAX_CENTS, {
    path: ['value'],
    message: 'An amount off is at most $10,000',
  })
  .refine((value) => (value.duration === 'repeating') === (value.durationMonths !== null), {
    path: ['durationMonths'],
    message: 'Enter the months for a repeating discount (and only for one)',
  })
  .refine((value) => value.expiresAt === null || Date.parse(value.expiresAt) > Date.now(), {
    path: ['expiresAt'],
    message: 'The expiry date must be in the future',
  });
export type CouponBody = z.input<typeof couponBodySchema>;

export const couponSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number().int(),
  duration: z.enum(COUPON_DURATIONS),
  durationMonths: z.number().int().nullable(),
  maxRedemptions: z.number().int().nullable(),
  redeemedCount: z.number().int(),
  expiresAt: z.string().nullable(),
  plan: z.enum(PLAN_INTERVALS).nullable(),
  active: z.boolean(),
  createdAt: z.string(),
});
export type Coupon = z.infer<typeof couponSchema>;
export const couponPageSchema = pageOf(couponSchema);
export type CouponPage = z.infer<typeof couponPageSchema>;
export const couponQuerySchema = z.object({ cursor: cursorSchema.optional() });

const couponCodeInput = z
  .string()
  .trim()
  .max(64, COUPON_UNKNOWN)
  // Only the letters a code can have: anything else cannot be one (and is never looked up).
  .regex(/^[A-Za-z0-9_-]*$/, COUPON_UNKNOWN)
  .optional()
  .transform((code) => (code ? code.toUpperCase() : undefined));

/** What she is about to buy: the plan and the code she typed, if any. */
export const checkoutBodySchema = z.object({
  plan: z.enum(PLAN_INTERVALS, 'Choose the monthly or the yearly plan').default('month'),
  couponCode: couponCodeInput,
});
export type CheckoutBody = z.input<typeof checkoutBodySchema>;

export const quoteSchema = z.object({
  plan: z.enum(PLAN_INTERVALS),
  /** The plan's price per period. */
  amountCents: z.number().int(),
  /** Taken off the first charge by the coupon. */
  discountCents: z.number().int(),
  firstChargeCents: z.number().int(),
  trialDays: z.number().int(),
  /** When the first charge is made: now, or when the trial ends. */
  firstChargeAt: z.string(),
  /** What the period after the first costs. */
  renewalCents: z.number().int(),
  description: z.string(),
});
export type Quote = z.infer<typeof quoteSchema>;
