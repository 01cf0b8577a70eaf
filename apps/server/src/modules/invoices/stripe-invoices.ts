import type { InvoiceStatus } from '@lunara/shared/billing';
import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../db/client.ts';
import { billingCustomers, subscriptions } from '../../db/schema/billing.ts';
import { markStripeInvoiceRefunded, upsertStripeInvoice } from './invoice-service.ts';

const idOf = (value: unknown) =>
  typeof value === 'string' ? value : (value as { id?: string } | null | undefined)?.id;

/** Our status for each invoice event (a payment that failed leaves the invoice open at Stripe). */
const INVOICE_EVENT_STATUS: Record<string, InvoiceStatus> = {
  'invoice.paid': 'paid',
  'invoice.payment_failed': 'open',
  'invoice.voided': 'void',
};

const fromUnix = (seconds: unknown) => new Date((typeof seconds === 'number' ? seconds : 0) * 1000);

/** The invoice a payment intent paid, asked of Stripe (null when it paid none). */
export type InvoiceOfPaymentIntent = (paymentIntentId: string) => Promise<string | null>;

/**
 * Since API version 2025-03-31 a charge no longer names its invoice: an invoice's payments link it to the
 * payment intent instead. Older charges (and accounts pinned to an older version) still carry `invoice`.
 */
export const invoiceOfPaymentIntentAt =
  (stripe: Stripe): InvoiceOfPaymentIntent =>
  async (paymentIntentId) => {
    const payments = await stripe.invoicePayments.list({
      payment: { type: 'payment_intent', payment_intent: paymentIntentId },
      limit: 1,
    });
    return idOf(payments.data[0]?.invoice) ?? null;
  };

/**
 * Stripe's invoices in her billing history: invoice.paid, invoice.payment_failed and invoice.voided upsert
 * the row by Stripe's invoice id (a repeat delivery changes nothing), charge.refunded marks a fully
 * refunded invoice. Events for a customer we do not know are ignored.
 */
export async function applyStripeInvoiceEvent(
  db: Db,
  event: Stripe.Event,
  subscriptionId: string | undefined,
  invoiceOfPaymentIntent: InvoiceOfPaymentIntent,
): Promise<void> {
  const object = event.data.object as unknown as Record<string, unknown>;
  if (event.type === 'charge.refunded') {
    if (object.refunded !== true) return;
    const paymentIntentId = idOf(object.payment_intent);
    const invoiceId =
      idOf(object.invoice) ??
      idOf((object.metadata as Record<string, unknown> | undefined)?.invoice) ??
      (paymentIntentId ? await invoiceOfPaymentIntent(paymentIntentId) : null);
    if (invoiceId) await markStripeInvoiceRefunded(db, invoiceId);
    return;
  }
  const status = INVOICE_EVENT_STATUS[event.type];
  const invoiceId = idOf(object.id);
  const customerId = idOf(object.customer);
  if (!status || !invoiceId || !customerId) return;
  // A free trial opens with an invoice of nothing: no payment was taken, and "Paid $0.00" at the top of
  // her history would read as a charge. Her membership page shows the trial instead.
  if (object.billing_reason === 'subscription_create' && object.amount_due === 0) return;
  const [customer] = await db
    .select({ userId: billingCustomers.userId })
    .from(billingCustomers)
    .where(and(eq(billingCustomers.provider, 'stripe'), eq(billingCustomers.providerCustomerId, customerId)));
  if (!customer) return;
  const [sub] = subscriptionId
    ? await db
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.provider, 'stripe'), eq(subscriptions.providerSubscriptionId, subscriptionId)))
    : [];
  const line = ((object.lines as { data?: Array<{ period?: { start?: number; end?: number } }> } | undefined)?.data ??
    [])[0];
  const amount = status === 'paid' ? object.amount_paid : object.amount_due;
  await upsertStripeInvoice(db, {
    userId: customer.userId,
    subscriptionId: sub?.id ?? null,
    providerInvoiceId: invoiceId,
    amountCents: typeof amount === 'number' ? Math.max(0, amount) : 0,
    currency: typeof object.currency === 'string' ? object.currency : 'usd',
    status,
    description: typeof object.description === 'string' && object.description ? object.description : 'Membership',
    periodStart: fromUnix(line?.period?.start ?? object.period_start),
    periodEnd: fromUnix(line?.period?.end ?? object.period_end),
    hostedInvoiceUrl: typeof object.hosted_invoice_url === 'string' ? object.hosted_invoice_url : null,
    number: typeof object.number === 'string' && object.number ? object.number : undefined,
  });
}
