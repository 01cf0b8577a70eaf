import { z } from 'zod';
import {
  BILLING_PROVIDERS,
  CANCELLATION_NOTE_MAX_LENGTH,
  CANCELLATION_REASONS,
  INVOICE_STATUSES,
  PAUSE_MONTHS_MAX,
  PLAN_INTERVALS,
} from './billing.ts';
import { optionalMultiLineText } from './text.ts';

/** Receipts a page of billing history holds. */
export const INVOICES_PAGE_SIZE = 20;

export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  provider: z.enum(BILLING_PROVIDERS),
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.enum(INVOICE_STATUSES),
  description: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  createdAt: z.string(),
  /** Stripe's hosted invoice page; null in test mode (her PDF receipt is ours). */
  hostedInvoiceUrl: z.string().nullable(),
  /** Our PDF receipt (test mode); null for Stripe invoices. */
  receiptUrl: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoicePageSchema = z.object({ items: z.array(invoiceSchema), nextCursor: z.string().nullable() });
export type InvoicePage = z.infer<typeof invoicePageSchema>;

export const cancellationBodySchema = z.object({
  reason: z.enum(CANCELLATION_REASONS, { error: 'Choose one of the listed reasons' }).nullish(),
  note: optionalMultiLineText(CANCELLATION_NOTE_MAX_LENGTH, 'The note').nullish(),
});
export type CancellationBody = z.infer<typeof cancellationBodySchema>;

export const pauseBodySchema = z.object({
  months: z
    .number({ error: 'Choose how many months to pause' })
    .int('Choose how many months to pause')
    .min(1, 'Choose how many months to pause')
    .max(PAUSE_MONTHS_MAX, `A pause lasts at most ${PAUSE_MONTHS_MAX} months`),
});
export type PauseBody = z.infer<typeof pauseBodySchema>;

/** The admin's Cancellation card: whether members are offered a pause, and for how long at most. */
export const cancellationSettingsSchema = z.object({
  pauseEnabled: z.boolean(),
  maxPauseMonths: z
    .number()
    .int()
    .min(1, 'At least 1 month')
    .max(PAUSE_MONTHS_MAX, `At most ${PAUSE_MONTHS_MAX} months`),
});
export type CancellationSettings = z.infer<typeof cancellationSettingsSchema>;

/** Her membership as the portal and the billing section show it (price, pause, what comes next). */
export const membershipDetailsSchema = z.object({
  membership: z
    .object({
      provider: z.enum(BILLING_PROVIDERS),
      status: z.string(),
      interval: z.enum(PLAN_INTERVALS),
      /** The plan's price per period, before any discount; null for a complimentary membership. */
      amountCents: z.number().int().nullable(),
      /** What the next period will cost (the discount applied while it lasts). */
      nextAmountCents: z.number().int().nullable(),
      discountCode: z.string().nullable(),
      currentPeriodEnd: z.string(),
      cancelAtPeriodEnd: z.boolean(),
      /** A pause: scheduled (it starts at currentPeriodEnd) or running (status paused) until this date. */
      pausedUntil: z.string().nullable(),
    })
    .nullable(),
  pause: cancellationSettingsSchema,
});
export type MembershipDetails = z.infer<typeof membershipDetailsSchema>;
