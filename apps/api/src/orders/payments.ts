/**
 * Payment providers of checkout (issue 15 §3; DESIGN.md: every outside system is an interface
 * with the embedded implementation first).
 *
 * - {@link TestPaymentProvider} (the default; labelled "test mode" everywhere): no money moves. It
 *   takes only the documented test card numbers (Stripe's, so one set of cards works in both
 *   modes), Luhn-checked, and keeps its own ledger (`test_payments`) keyed by idempotency key, as a
 *   real provider does: the same key always gets the first outcome and never charges twice. Only
 *   the last four digits are stored.
 * - {@link StripePaymentProvider} (STRIPE_SECRET_KEY): a PaymentIntent confirmed with the
 *   PaymentMethod that Stripe.js made in the browser (the card never reaches our server), sent
 *   with Stripe's `Idempotency-Key`, so asking again with the same key answers the first outcome.
 *
 * Amounts are integer US cents.
 */
import Stripe from 'stripe';
import type { Queryable } from '@b-deals/db';

/** Why a payment was declined (Stripe's decline codes where they exist). */
export type DeclineCode = 'card_declined' | 'insufficient_funds' | 'expired_card' | 'incorrect_number' | 'authentication_required' | 'processing_error';

export type PaymentOutcome =
  { status: 'succeeded'; reference: string; last4: string | null } | { status: 'declined'; code: DeclineCode; message: string; last4: string | null };

/** A charge: the amount, the key that makes it happen at most once, and the card (test) or PaymentMethod (Stripe). */
export interface PaymentRequest {
  amountCents: number;
  idempotencyKey: string;
  description: string;
  card?: { number: string; expMonth: number; expYear: number; cvc: string };
  paymentMethodId?: string;
}

export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  /** True when no real money moves (shown on the checkout page, the confirmation mail and the order). */
  readonly testMode: boolean;
  /** Stripe.js publishable key, when the browser needs one. */
  readonly publishableKey: string | null;
  /** Takes the payment (idempotent per `idempotencyKey`). Rejects only when the provider could not be reached or failed. */
  charge(req: PaymentRequest): Promise<PaymentOutcome>;
  /**
   * The outcome of an earlier `charge` with the same request, or null when none reached the
   * provider (used by recovery after a crash). Never charges a new payment.
   */
  find(req: Omit<PaymentRequest, 'card'>): Promise<PaymentOutcome | null>;
}

/** True when `digits` passes the Luhn check (ISO/IEC 7812-1 Annex B). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

/**
 * The documented test cards (Stripe's test card numbers) and what each does. Every other number
 * is refused: the test provider never pretends to take a real card.
 */
export const TEST_CARDS: Readonly<Record<string, { outcome: 'succeeded' } | { outcome: 'declined'; code: DeclineCode; message: string }>> = {
  '4242424242424242': { outcome: 'succeeded' },
  '5555555555554444': { outcome: 'succeeded' },
  '378282246310005': { outcome: 'succeeded' },
  '4000000000000002': { outcome: 'declined', code: 'card_declined', message: 'Your card was declined.' },
  '4000000000009995': { outcome: 'declined', code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
};

const DECLINE_MESSAGES: Record<DeclineCode, string> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  expired_card: 'Your card has expired.',
  incorrect_number: 'Your card number is incorrect.',
  authentication_required: 'Your bank asks you to confirm this payment, which express checkout cannot do. Try another card.',
  processing_error: 'The payment could not be processed. Try again.',
};

/** The default provider: test mode, its ledger in `test_payments`. `now` decides card expiry. */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test' as const;
  readonly testMode = true;
  readonly publishableKey = null;

  constructor(
    private readonly db: Queryable,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async charge(req: PaymentRequest): Promise<PaymentOutcome> {
    const card = req.card;
    if (!card) return { status: 'declined', code: 'processing_error', message: 'Enter a card: the checkout is in test mode.', last4: null };
    const last4 = card.number.slice(-4);
    let outcome: PaymentOutcome;
    const now = this.now();
    if (!luhnValid(card.number)) outcome = { status: 'declined', code: 'incorrect_number', message: DECLINE_MESSAGES.incorrect_number, last4 };
    else if (card.expYear < now.getUTCFullYear() || (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1))
      outcome = { status: 'declined', code: 'expired_card', message: DECLINE_MESSAGES.expired_card, last4 };
    else {
      const rule = TEST_CARDS[card.number];
      if (!rule) outcome = { status: 'declined', code: 'card_declined', message: 'Test mode takes only test cards, such as 4242 4242 4242 4242.', last4 };
      else if (rule.outcome === 'succeeded') outcome = { status: 'succeeded', reference: `test_${req.idempotencyKey}`, last4 };
      else outcome = { status: 'declined', code: rule.code, message: rule.message, last4 };
    }
    await this.db.query(
      `INSERT INTO test_payments (idempotency_key, amount_cents, status, decline_code, last4, reference) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (idempotency_key) DO NOTHING`,
      [req.idempotencyKey, req.amountCents, outcome.status, outcome.status === 'declined' ? outcome.code : null, last4, `test_${req.idempotencyKey}`],
    );
    return (await this.find(req))!;
  }

  async find(req: Omit<PaymentRequest, 'card'>): Promise<PaymentOutcome | null> {
    const row = (
      await this.db.query<{ status: 'succeeded' | 'declined'; decline_code: DeclineCode | null; last4: string; reference: string }>(
        `SELECT status, decline_code, last4, reference FROM test_payments WHERE idempotency_key = $1`,
        [req.idempotencyKey],
      )
    ).rows[0];
    if (!row) return null;
    return row.status === 'succeeded'
      ? { status: 'succeeded', reference: row.reference, last4: row.last4 }
      : { status: 'declined', code: row.decline_code ?? 'card_declined', message: DECLINE_MESSAGES[row.decline_code ?? 'card_declined'], last4: row.last4 };
  }
}

/** Stripe PaymentIntents (`apiUrl` points the client at another host, e.g. a stub on loopback in tests). */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly testMode: boolean;
  private readonly stripe: Stripe;

  constructor(
    secretKey: string,
    readonly publishableKey: string | null,
    apiUrl: string | null = null,
  ) {
    this.testMode = secretKey.includes('_test_');
    const u = apiUrl ? new URL(apiUrl) : null;
    this.stripe = new Stripe(secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(u
        ? { host: u.hostname, port: Number(u.port || (u.protocol === 'https:' ? 443 : 80)), protocol: u.protocol.replace(':', '') as 'http' | 'https' }
        : {}),
    });
  }

  private async create(req: Omit<PaymentRequest, 'card'>): Promise<PaymentOutcome> {
    if (!req.paymentMethodId)
      return { status: 'declined', code: 'processing_error', message: 'The card details did not reach the payment provider. Try again.', last4: null };
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: req.amountCents,
          currency: 'usd',
          payment_method: req.paymentMethodId,
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          confirm: true,
          description: req.description,
          metadata: { order_key: req.idempotencyKey },
          expand: ['latest_charge'],
        },
        { idempotencyKey: req.idempotencyKey },
      );
      const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
      const last4 = charge?.payment_method_details?.card?.last4 ?? null;
      if (intent.status === 'succeeded' || intent.status === 'processing') return { status: 'succeeded', reference: intent.id, last4 };
      if (intent.status === 'requires_action')
        return { status: 'declined', code: 'authentication_required', message: DECLINE_MESSAGES.authentication_required, last4 };
      return { status: 'declined', code: 'card_declined', message: DECLINE_MESSAGES.card_declined, last4 };
    } catch (err) {
      if (err instanceof Stripe.errors.StripeCardError) {
        const code = (err.decline_code ?? err.code ?? 'card_declined') as string;
        const known = (code in DECLINE_MESSAGES ? code : 'card_declined') as DeclineCode;
        return { status: 'declined', code: known, message: err.message || DECLINE_MESSAGES[known], last4: null };
      }
      throw err;
    }
  }

  charge(req: PaymentRequest): Promise<PaymentOutcome> {
    return this.create(req);
  }

  /**
   * Looks the PaymentIntent up by its `order_key` metadata (Stripe's search API; its index lags
   * by up to a minute, which recovery's age threshold covers). Never creates one.
   */
  async find(req: Omit<PaymentRequest, 'card'>): Promise<PaymentOutcome | null> {
    const found = await this.stripe.paymentIntents.search({ query: `metadata['order_key']:'${req.idempotencyKey.replace(/'/g, '')}'`, limit: 1 });
    const intent = found.data[0];
    if (!intent) return null;
    if (intent.status === 'succeeded' || intent.status === 'processing') return { status: 'succeeded', reference: intent.id, last4: null };
    return { status: 'declined', code: 'card_declined', message: DECLINE_MESSAGES.card_declined, last4: null };
  }
}
