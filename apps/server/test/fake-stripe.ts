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
      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
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
    /** Sets what Stripe reports for a subscription (as a later state would be). */
    setSubscription(input: {
      id: string;
      customer: string;
      status: string;
      userId?: string;
      periodEnd: Date;
      cancelAtPeriodEnd?: boolean;
    }) {
      state.subscriptions.set(input.id, {
        id: input.id,
        object: 'subscription',
        customer: input.customer,
        status: input.status,
        cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
        metadata: input.userId ? { userId: input.userId } : {},
        items: {
          object: 'list',
          data: [
            {
              id: `si_${input.id}`,
              object: 'subscription_item',
              current_period_end: Math.floor(input.periodEnd.getTime() / 1000),
              price: { id: 'price_membership', object: 'price', product: 'prod_membership' },
            },
          ],
        },
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
