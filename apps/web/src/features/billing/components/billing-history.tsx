import type { InvoiceStatus } from '@lunara/shared/billing';
import type { Invoice } from '@lunara/shared/billing-history';
import { formatPrice } from '@lunara/shared/money';
import { Download, ExternalLink } from 'lucide-react';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatLongDate } from '../../../lib/format-date.ts';
import { useInvoices } from '../api/billing-history.ts';

const STATUS: Record<InvoiceStatus, { label: string; tone: 'gold' | 'rose' | 'muted' }> = {
  paid: { label: 'Paid', tone: 'gold' },
  open: { label: 'Open', tone: 'rose' },
  void: { label: 'Void', tone: 'muted' },
  refunded: { label: 'Refunded', tone: 'muted' },
};

function InvoiceRow({ invoice }: { invoice: Invoice }) {
  const status = STATUS[invoice.status];
  const amount = formatPrice(invoice.amountCents, invoice.currency.toUpperCase());
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-night-900">
          <span>{amount}</span>
          <Badge tone={status.tone}>{status.label}</Badge>
        </p>
        <p className="text-sm text-ink-muted">
          <time dateTime={invoice.createdAt}>{formatLongDate(new Date(invoice.createdAt))}</time> · {invoice.number}
        </p>
        <p className="text-xs text-ink-muted [overflow-wrap:anywhere]">{invoice.description}</p>
      </div>
      {invoice.receiptUrl && (
        // A plain link: the browser downloads the PDF (Content-Disposition: attachment).
        <a
          href={invoice.receiptUrl}
          download
          className={buttonClasses('outline', 'sm')}
          aria-label={`Download PDF receipt ${invoice.number}`}
        >
          <Download className="size-4" aria-hidden="true" /> Download PDF
        </a>
      )}
      {invoice.hostedInvoiceUrl && (
        <a
          href={invoice.hostedInvoiceUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClasses('outline', 'sm')}
          aria-label={`View invoice ${invoice.number} (opens Stripe)`}
        >
          <ExternalLink className="size-4" aria-hidden="true" /> View invoice
        </a>
      )}
    </li>
  );
}

/** Her receipts, newest first, 20 at a time. */
export function BillingHistory({ headingLevel = 'h3' }: { headingLevel?: 'h2' | 'h3' }) {
  const invoices = useInvoices();
  const items = invoices.data?.pages.flatMap((page) => page.items) ?? [];
  const Heading = headingLevel;
  return (
    <section aria-labelledby="billing-history-heading" className="flex flex-col gap-2">
      <Heading id="billing-history-heading" className="text-lg text-night-900">
        Billing history
      </Heading>
      {invoices.isPending && <Spinner className="text-gold-500" />}
      {invoices.isError && <LoadError message="Could not load your billing history" query={invoices} />}
      {invoices.isSuccess && items.length === 0 && <p className="text-sm text-ink-muted">No payments yet.</p>}
      {items.length > 0 && (
        <ul className="flex flex-col divide-y divide-line" aria-label="Receipts">
          {items.map((invoice) => (
            <InvoiceRow key={invoice.id} invoice={invoice} />
          ))}
        </ul>
      )}
      <LoadMoreButton query={invoices} />
    </section>
  );
}
