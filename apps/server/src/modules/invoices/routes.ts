import { errorResponseSchema } from '@lunara/shared/api';
import { invoicePageSchema } from '@lunara/shared/billing-history';
import { cursorQuerySchema } from '@lunara/shared/feed';
import { formatPrice } from '@lunara/shared/money';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { user } from '../../db/schema/auth.ts';
import { profiles } from '../../db/schema/members.ts';
import { notFound } from '../../errors.ts';
import { requireUser, sessionUserOf } from '../../plugins/auth.ts';
import { findOwnInvoice, listInvoices } from './invoice-service.ts';
import { buildReceiptPdf } from './receipt-pdf.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const UNKNOWN_RECEIPT = 'There is no such receipt';
const invoiceParams = z.object({ invoiceId: z.uuid(UNKNOWN_RECEIPT) });
const tags = ['billing'];

const day = (date: Date) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(date);

const STATUS_WORDS = { paid: 'Paid', open: 'Open', void: 'Void', refunded: 'Refunded' } as const;

/** Her billing history and, in test mode, a PDF receipt for each charge (hers only: others are 404). */
const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/billing/invoices',
    {
      onRequest: requireUser,
      schema: {
        tags,
        summary: 'Billing history: her receipts, newest first (20 a page)',
        querystring: cursorQuerySchema,
        response: { 200: invoicePageSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listInvoices(app.db, (await sessionUserOf(request)).id, request.query.cursor);
    },
  );

  app.get(
    '/api/billing/invoices/:invoiceId/receipt.pdf',
    {
      onRequest: requireUser,
      schema: { tags, summary: 'A receipt as PDF (test mode)', params: invoiceParams, produces: ['application/pdf'] },
    },
    async (request, reply) => {
      const member = await sessionUserOf(request);
      const invoice = await findOwnInvoice(app.db, member.id, request.params.invoiceId);
      // Stripe's invoices have Stripe's own PDF on the hosted page.
      if (!invoice || invoice.provider === 'stripe') throw notFound(UNKNOWN_RECEIPT);
      const [who] = await app.db
        .select({ email: user.email, name: user.name, displayName: profiles.displayName })
        .from(user)
        .leftJoin(profiles, eq(profiles.id, user.id))
        .where(eq(user.id, member.id));
      const pdf = buildReceiptPdf({
        productName: app.config.productName,
        number: invoice.number,
        date: day(invoice.createdAt),
        memberName: who?.displayName ?? who?.name ?? '',
        memberEmail: who?.email ?? '',
        description: invoice.description,
        period: `${day(invoice.periodStart)} to ${day(invoice.periodEnd)}`,
        amount: formatPrice(invoice.amountCents, invoice.currency.toUpperCase()),
        status: STATUS_WORDS[invoice.status as keyof typeof STATUS_WORDS] ?? invoice.status,
        note: invoice.provider === 'test' ? 'Test mode: no card was charged and no money moved.' : null,
      });
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="receipt-${invoice.number}.pdf"`)
        .send(pdf);
    },
  );
};

export default invoiceRoutes;
