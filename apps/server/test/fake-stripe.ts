import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type Json = Record<string, unknown>;

/**
 * A local stand-in for the few Stripe endpoints the app calls (Stripe's servers are the edge we
 * cannot reach in tests). The real Stripe SDK talks to it over HTTP.
 */
export async function startFakeStripe() {
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_${++counter}`;
  const state = {
    customers: [] as Json[],
    checkoutSessions: [] as Json[],
    portalSessions: [] as Json[],
    subscriptions: new Map<string, Json>(),
    /** Subscription ids cancelled through DELETE /v1/subscriptions/:id, in order. */
    cancelledSubscriptions: [] as string[],
    /** While set, cancelling answers 500 (Stripe unreachable or failing). */
    failCancels: false,
    /** Prices GET /v1/prices/:id answers (plans, issue 33). */
    prices: new Map<string, Json>(),
    /** Coupons and promotion codes created, with the idempotency key each request carried. */
    coupons: [] as Json[],
    promotionCodes: [] as Json[],
    /** Every checkout session's form fields as sent (discounts, trial days, metadata). */
    checkoutParams: [] as Array<Record<string, string>>,
    /** Every POST /v1/subscriptions/:id's form fields (cancel with a reason, pause; issue 33). */
    subscriptionUpdates: [] as Array<{ id: string; fields: Record<string, string> }>,
    /** While set, updating a subscription answers 500. */
    failUpdates: false,
    /** Which invoice each payment intent paid (GET /v1/invoice_payments?payment[payment_intent]=...). */
    invoiceOfPaymentIntent: new Map<string, string>(),
  };

  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const params = new URLSearchParams(body);
      const url = new URL(request.url ?? '/', 'http://stripe.local');
      const send = (status: number, payload: Json) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': nextId('req') });
        response.end(JSON.stringify(payload));
      };
      if (request.method === 'POST' && url.pathname === '/v1/customers') {
        const customer = {
          id: nextId('cus'),
          object: 'customer',
          email: params.get('email'),
          metadata: { userId: params.get('metadata[userId]') },
        };
        state.customers.push(customer);
        return send(200, customer);
      }
      if (request.method === 'GET' && url.pathname === '/v1/invoice_payments') {
        const paymentIntent = url.searchParams.get('payment[payment_intent]') ?? '';
        const invoice = state.invoiceOfPaymentIntent.get(paymentIntent);
        const data = invoice
          ? [
              {
                id: nextId('inpay'),
                object: 'invoice_payment',
                invoice,
                payment: { type: 'payment_intent', payment_intent: paymentIntent },
              },
            ]
          : [];
        return send(200, { object: 'list', data, has_more: false, url: '/v1/invoice_payments' });
      }
      const priceMatch = url.pathname.match(/^\/v1\/prices\/([\w-]+)$/);
      if (request.method === 'GET' && priceMatch?.[1]) {
        const price = state.prices.get(priceMatch[1]);
        if (price) return send(200, price);
        return send(404, {
          error: {
            type: 'invalid_request_error',
            code: 'resource_missing',
            message: `No such price: '${priceMatch[1]}'`,
          },
        });
      }
      if (request.method === 'POST' && url.pathname === '/v1/coupons') {
        const coupon = { id: nextId('coupon'), object: 'coupon', fields: Object.fromEntries(params) };
        state.coupons.push({ ...coupon, idempotencyKey: request.headers['idempotency-key'] });
        return send(200, coupon);
      }
      if (request.method === 'POST' && url.pathname === '/v1/promotion_codes') {
        const promotion = {
          id: nextId('promo'),
          object: 'promotion_code',
          code: params.get('code'),
          active: true,
          fields: Object.fromEntries(params),
        };
        state.promotionCodes.push({ ...promotion, idempotencyKey: request.headers['idempotency-key'] });
        return send(200, promotion);
      }
      const promotionMatch = url.pathname.match(/^\/v1\/promotion_codes\/([\w-]+)$/);
      if (request.method === 'POST' && promotionMatch?.[1]) {
        const promotion = state.promotionCodes.find((code) => code.id === promotionMatch[1]);
        if (!promotion) return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing' } });
        if (params.get('active') === 'false') promotion.active = false;
        return send(200, promotion);
      }
      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        state.checkoutParams.push(Object.fromEntries(params));
        const id = nextId('cs_test');
        const session = {
          id,
          object: 'checkout.session',
          mode: params.get('mode'),
          customer: params.get('customer'),
          client_reference_id: params.get('client_reference_id'),
          price: params.get('line_items[0][price]'),
          success_url: params.get('success_url'),
          url: `https://checkout.stripe.test/c/pay/${id}`,
        };
        state.checkoutSessions.push(session);
        return send(200, session);
      }
      if (request.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
        const id = nextId('bps');
        const session = {
          id,
          object: 'billing_portal.session',
          customer: params.get('customer'),
          url: `https://billing.stripe.test/p/session/${id}`,
        };
        state.portalSessions.push(session);
        return send(200, session);
      }
      const match = url.pathname.match(/^\/v1\/subscriptions\/([\w-]+)$/);
      if (request.method === 'DELETE' && match?.[1]) {
        if (state.failCancels) return send(500, { error: { type: 'api_error', message: 'Something went wrong' } });
        const subscription = state.subscriptions.get(match[1]);
        if (!subscription) {
          return send(404, {
            error: {
              type: 'invalid_request_error',
              code: 'resource_missing',
              message: `No such subscription: '${match[1]}'`,
            },
          });
        }
        subscription.status = 'canceled';
        state.cancelledSubscriptions.push(match[1]);
        return send(200, subscription);
      }
      if (request.method === 'POST' && match?.[1]) {
        if (state.failUpdates) return send(500, { error: { type: 'api_error', message: 'Something went wrong' } });
        const subscription = state.subscriptions.get(match[1]);
        if (!subscription) {
          return send(404, {
            error: { type: 'invalid_request_error', message: `No such subscription: '${match[1]}'` },
          });
        }
        const fields = Object.fromEntries(params);
        state.subscriptionUpdates.push({ id: match[1], fields });
        if (fields.cancel_at_period_end) subscription.cancel_at_period_end = fields.cancel_at_period_end === 'true';
        if ('pause_collection' in fields && fields.pause_collection === '') subscription.pause_collection = null;
        if (fields['pause_collection[resumes_at]']) {
          subscription.pause_collection = {
            behavior: fields['pause_collection[behavior]'],
            resumes_at: Number(fields['pause_collection[resumes_at]']),
          };
        }
        return send(200, subscription);
      }
      if (request.method === 'GET' && match?.[1]) {
        const subscription = state.subscriptions.get(match[1]);
        if (subscription) return send(200, subscription);
        return send(404, { error: { type: 'invalid_request_error', message: `No such subscription: '${match[1]}'` } });
      }
      return send(404, {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${request.method}: ${url.pathname})`,
        },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const stripe = new Stripe('sk_test_fake', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });

  return {
    stripe,
    state,
    /** A recurring price as Stripe would answer it. */
    setPrice(input: {
      id: string;
      unitAmount: number | null;
      interval: 'month' | 'year' | null;
      currency?: string;
      active?: boolean;
    }) {
      state.prices.set(input.id, {
        id: input.id,
        object: 'price',
        active: input.active ?? true,
        currency: input.currency ?? 'usd',
        unit_amount: input.unitAmount,
        recurring: input.interval ? { interval: input.interval, interval_count: 1 } : null,
      });
    },
    /** Sets what Stripe reports for a subscription (as a later state would be). */
    setSubscription(input: {
      id: string;
      customer: string;
      status: string;
      userId?: string;
      periodEnd: Date;
      cancelAtPeriodEnd?: boolean;
      /** Plans (issue 33): the price it charges and the coupon our checkout put in its metadata. */
      price?: { id: string; unitAmount: number; interval: 'month' | 'year' };
      couponId?: string;
      trialEnd?: Date;
    }) {
      state.subscriptions.set(input.id, {
        id: input.id,
        object: 'subscription',
        customer: input.customer,
        status: input.status,
        cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
        metadata: {
          ...(input.userId ? { userId: input.userId } : {}),
          ...(input.couponId ? { couponId: input.couponId } : {}),
        },
        start_date: Math.floor(Date.now() / 1000),
        trial_end: input.trialEnd ? Math.floor(input.trialEnd.getTime() / 1000) : null,
        items: {
          object: 'list',
          data: [
            {
              id: `si_${input.id}`,
              object: 'subscription_item',
              current_period_end: Math.floor(input.periodEnd.getTime() / 1000),
              price: input.price
                ? {
                    id: input.price.id,
                    object: 'price',
                    product: 'prod_membership',
                    unit_amount: input.price.unitAmount,
                    recurring: { interval: input.price.interval, interval_count: 1 },
                  }
                : { id: 'price_membership', object: 'price', product: 'prod_membership' },
            },
          ],
        },
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
