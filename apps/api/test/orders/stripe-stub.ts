/**
 * A stub of the two Stripe API endpoints B-Deals' Stripe provider calls, on loopback (tests never
 * reach the internet): `POST /v1/payment_intents` (honouring `Idempotency-Key`; the PaymentMethod
 * `pm_card_chargeDeclined` and `pm_card_visa_chargeDeclinedInsufficientFunds` are declined with
 * Stripe's card_error shape, any other succeeds with a charge ending 4242) and `GET /v1/payment_intents/search` by the
 * `order_key` metadata. It records every request as "METHOD path body" in `bodies`. Used by
 * the API's Stripe tests and the storefront's Stripe-mode e2e spec.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

interface Intent {
  id: string;
  object: 'payment_intent';
  status: string;
  amount: number;
  metadata: Record<string, string>;
  latest_charge: object | null;
}

/** A stub of the two Stripe endpoints the provider calls; it records every request body. */
export async function startStripeStub() {
  const bodies: string[] = [];
  const byKey = new Map<string, { status: number; body: object }>();
  const intents: Intent[] = [];
  const read = (req: IncomingMessage) =>
    new Promise<string>((r) => {
      let s = '';
      req.on('data', (c) => (s += c));
      req.on('end', () => r(s));
    });
  const server: Server = createServer(async (req, res) => {
    const body = await read(req);
    bodies.push(`${req.method} ${req.url} ${body}`);
    const send = (status: number, json: object) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_stub' });
      res.end(JSON.stringify(json));
    };
    const url = new URL(req.url!, 'http://stub');
    if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const key = String(req.headers['idempotency-key']);
      const cached = byKey.get(key);
      if (cached) return send(cached.status, cached.body);
      const form = new URLSearchParams(body);
      const pm = form.get('payment_method');
      let answer: { status: number; body: object };
      if (pm === 'pm_card_chargeDeclined') {
        answer = {
          status: 402,
          body: { error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } },
        };
      } else if (pm === 'pm_card_visa_chargeDeclinedInsufficientFunds') {
        answer = {
          status: 402,
          body: { error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' } },
        };
      } else {
        const intent: Intent = {
          id: `pi_${intents.length + 1}`,
          object: 'payment_intent',
          status: 'succeeded',
          amount: Number(form.get('amount')),
          metadata: { order_key: form.get('metadata[order_key]') ?? '' },
          latest_charge: { id: 'ch_1', object: 'charge', payment_method_details: { card: { last4: '4242' } } },
        };
        intents.push(intent);
        answer = { status: 200, body: intent };
      }
      byKey.set(key, answer);
      return send(answer.status, answer.body);
    }
    if (req.method === 'GET' && url.pathname === '/v1/payment_intents/search') {
      const key = /metadata\['order_key'\]:'([^']+)'/.exec(url.searchParams.get('query') ?? '')?.[1];
      return send(200, {
        object: 'search_result',
        data: intents.filter((i) => i.metadata.order_key === key),
        has_more: false,
        url: '/v1/payment_intents/search',
      });
    }
    send(404, { error: { type: 'invalid_request_error', message: 'stub: unknown path' } });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, bodies, intents, close: () => new Promise<void>((r) => server.close(() => r())) };
}
