import type { InvoiceStatus, PlanInterval } from '@lunara/shared/billing';
import { INVOICES_PAGE_SIZE, type Invoice, type InvoicePage } from '@lunara/shared/billing-history';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { builderLimit } from '../../db/literal-limit.ts';
import type { subscriptions } from '../../db/schema/billing.ts';
import { invoices } from '../../db/schema/billing-history.ts';
import { decodeCursor, encodeCursor, microsOf, timestampFromMicros } from '../../lib/cursor.ts';
import { addMonths, periodAmountCents } from '../plans/period-amount.ts';

type SubscriptionRow = typeof subscriptions.$inferSelect;
type InvoiceRow = typeof invoices.$inferSelect;

/** The end of the period that starts at `start`, for the plan's interval. */
export const periodEndFor = (start: Date, interval: string): Date => addMonths(start, interval === 'year' ? 12 : 1);

const intervalWord = (interval: string) => (interval === 'year' ? 'yearly' : 'monthly');

/** What a receipt says it was for: the plan, the coupon while it applies, and why (a resume). */
export function chargeDescription(sub: SubscriptionRow, periodStart: Date, kind: 'charge' | 'resume'): string {
  const parts = [`Membership, ${intervalWord(sub.planInterval as PlanInterval)}`];
  const discounted = sub.discount && periodAmountCents(sub, periodStart) !== (sub.amountCents ?? 0);
  if (discounted && sub.discount) parts.push(`coupon ${sub.discount.code}`);
  if (kind === 'resume') parts.push('resumed after a pause');
  return parts.join(', ');
}

/**
 * A test-mode charge for the period starting at `periodStart`: one paid receipt per subscription and
 * period start (a unique key), so two reads settling the same renewal at once record it once.
 */
export async function recordTestCharge(
  db: Db,
  sub: SubscriptionRow,
  periodStart: Date,
  kind: 'charge' | 'resume' = 'charge',
  periodEnd: Date = periodEndFor(periodStart, sub.planInterval),
): Promise<void> {
  await db
    .insert(invoices)
    .values({
      userId: sub.userId,
      subscriptionId: sub.id,
      provider: 'test',
      providerInvoiceId: `test_${sub.id}_${periodStart.getTime()}`,
      amountCents: periodAmountCents(sub, periodStart),
      status: 'paid',
      description: chargeDescription(sub, periodStart, kind),
      periodStart,
      periodEnd,
      // Dated when the period was charged: renewals settled together still read in their order.
      createdAt: periodStart,
    })
    .onConflictDoNothing();
}

export interface StripeInvoiceInput {
  userId: string;
  subscriptionId: string | null;
  providerInvoiceId: string;
  amountCents: number;
  currency: string;
  status: InvoiceStatus;
  description: string;
  periodStart: Date;
  periodEnd: Date;
  hostedInvoiceUrl: string | null;
  /** Stripe's own invoice number, as its hosted page shows it; ours (LUN-) when it has none yet. */
  number?: string | undefined;
}

/** A Stripe invoice as its latest webhook says: inserted once, its status and link kept current. */
export async function upsertStripeInvoice(db: Db, input: StripeInvoiceInput): Promise<void> {
  const { number, ...values } = input;
  await db
    .insert(invoices)
    .values({ ...values, ...(number ? { number } : {}), provider: 'stripe' })
    .onConflictDoUpdate({
      target: [invoices.provider, invoices.providerInvoiceId],
      set: {
        // A refund is final: a late invoice.paid does not make it paid again. Paid is final too short of a
        // refund: Stripe does not order its events, so a failed attempt's event may arrive after the payment.
        status: sql`case when ${invoices.status} = 'refunded' then 'refunded'
          when ${invoices.status} = 'paid' and excluded.status <> 'refunded' then 'paid'
          else excluded.status end`,
        amountCents: input.amountCents,
        hostedInvoiceUrl: sql`coalesce(excluded.hosted_invoice_url, ${invoices.hostedInvoiceUrl})`,
      },
    });
}

/** A refund marks her invoice refunded (only ever a paid one). */
export async function markStripeInvoiceRefunded(db: Db, providerInvoiceId: string): Promise<void> {
  await db
    .update(invoices)
    .set({ status: 'refunded' })
    .where(and(eq(invoices.provider, 'stripe'), eq(invoices.providerInvoiceId, providerInvoiceId)));
}

export const receiptPath = (id: string) => `/api/billing/invoices/${id}/receipt.pdf`;

function toInvoice(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    number: row.number,
    provider: row.provider as Invoice['provider'],
    amountCents: row.amountCents,
    currency: row.currency,
    status: row.status as InvoiceStatus,
    description: row.description,
    periodStart: row.periodStart.toISOString(),
    periodEnd: row.periodEnd.toISOString(),
    createdAt: row.createdAt.toISOString(),
    hostedInvoiceUrl: row.hostedInvoiceUrl,
    receiptUrl: row.provider === 'stripe' ? null : receiptPath(row.id),
  };
}

/** Her receipts, newest first, a page at a time (keyset on the (user, created_at, id) index). */
export async function listInvoices(db: Db, userId: string, cursor: string | undefined): Promise<InvoicePage> {
  const after = cursor ? decodeCursor(cursor, ['micros', 'uuid']) : undefined;
  const rows = await db
    .select({ row: invoices, micros: microsOf(invoices.createdAt) })
    .from(invoices)
    .where(
      and(
        eq(invoices.userId, userId),
        after
          ? sql`(${invoices.createdAt}, ${invoices.id}) < (${timestampFromMicros(String(after[0]))}, ${after[1]}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(builderLimit(INVOICES_PAGE_SIZE + 1));
  const page = rows.slice(0, INVOICES_PAGE_SIZE);
  const last = page.at(-1);
  return {
    items: page.map(({ row }) => toInvoice(row)),
    nextCursor: rows.length > INVOICES_PAGE_SIZE && last ? encodeCursor([last.micros, last.row.id]) : null,
  };
}

/** One of her receipts; another member's (or an unknown id) is undefined, which the route makes a 404. */
export async function findOwnInvoice(db: Db, userId: string, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.userId, userId)));
  return row;
}
