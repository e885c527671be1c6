/**
 * Orders (issue 15 §4–§5; spec §7 `POST /order/api/v1/order`, `GET /order/api/v1/orders`,
 * `GET /order/api/v1/orders/stat`).
 *
 * Placing an order: the order row (status `placed`) is written first, unique per shopper and
 * `Idempotency-Key` (a unique index, not a check-then-insert: concurrent requests with one key
 * make one order and all answer it); then the payment is taken with the provider's idempotency key
 * `order-{id}`; then the order becomes `paid` (or `payment_failed`) with its status history. A
 * process that dies between payment and that write leaves a `placed` order, which
 * {@link recoverOrders} settles from the provider's own record, so no paid order goes missing and
 * none is charged twice.
 *
 * Errors: 400 `invalid_address` (ZIP not in the state), `card_not_accepted` (a card number sent in
 * Stripe mode), `card_required` (test mode without a card), 402 with the decline code
 * (`card_declined`, `insufficient_funds`, `expired_card`, `incorrect_number`, …), 404 unknown
 * checkout, 409 `checkout_expired`, `checkout_completed`, `sold_out`, `price_changed`, 422
 * `idempotency_key_reused` (the key came with another checkout), 503 `payment_unavailable`.
 */
import { salesTaxEstimateCents, zipProblem } from '@b-deals/core';
import type { Order, OrderItem, OrdersQuery, OrderStatus, PlaceOrderBody, ShippingAddress } from '@b-deals/contracts';
import type { Database, Queryable } from '@b-deals/db';
import { DomainError, notFound } from '../errors.ts';
import type { Mailer } from '../mail.ts';
import { checkoutRow, orderItem, priceNow } from './checkout.ts';
import { orderConfirmationMail } from './mails.tsx';
import type { PaymentProvider } from './payments.ts';

/** A `placed` order older than this is settled by recovery (its request is surely over), ms. */
export const RECOVERY_AGE_MS = 2 * 60 * 1000;

export interface OrderDeps {
  db: Database;
  payments: PaymentProvider;
  mailer: Mailer;
  publicUrl: string;
  log: { error(obj: object, msg: string): void };
}

interface OrderRow {
  id: number;
  user_id: number;
  idempotency_key: string;
  checkout_id: string;
  status: OrderStatus;
  item: OrderItem;
  subtotal_cents: number;
  shipping_cents: number;
  tax_estimate_cents: number;
  total_cents: number;
  contact_email: string;
  shipping_address: ShippingAddress;
  payment_provider: 'test' | 'stripe';
  payment_method_id: string | null;
  card_last4: string | null;
  payment_error: string | null;
  created_at: Date;
}

/** The number shown to shoppers: "BD-" and the id, six digits at least. */
export const orderNumber = (id: number): string => `BD-${String(id).padStart(6, '0')}`;

async function loadOrders(db: Queryable, where: string, params: unknown[], testMode: boolean): Promise<Order[]> {
  const rows = (await db.query<OrderRow>(`SELECT * FROM orders WHERE ${where}`, params)).rows;
  if (rows.length === 0) return [];
  const events = (
    await db.query<{ order_id: number; status: OrderStatus; note: string | null; at: Date }>(
      `SELECT order_id, status, note, at FROM order_events WHERE order_id = ANY($1::bigint[]) ORDER BY at, id`,
      [rows.map((r) => r.id)],
    )
  ).rows;
  return rows.map((r) => ({
    id: Number(r.id),
    number: orderNumber(Number(r.id)),
    status: r.status,
    statusHistory: events.filter((e) => Number(e.order_id) === Number(r.id)).map((e) => ({ status: e.status, at: new Date(e.at).toISOString(), note: e.note })),
    createdAt: new Date(r.created_at).toISOString(),
    items: [r.item],
    subtotal: r.subtotal_cents,
    shipping: r.shipping_cents,
    taxEstimate: r.tax_estimate_cents,
    total: r.total_cents,
    currency: 'USD',
    contactEmail: r.contact_email,
    shippingAddress: r.shipping_address,
    payment: { provider: r.payment_provider, testMode: r.payment_provider === 'test' ? true : testMode, last4: r.card_last4 },
  }));
}

/** One order of `userId`, or null. */
export async function getOrder(db: Queryable, userId: number, id: number, testMode: boolean): Promise<Order | null> {
  return (await loadOrders(db, 'user_id = $1 AND id = $2', [userId, id], testMode))[0] ?? null;
}

/** The answer a settled order gives (also to a retried request): the order, or its payment's decline as a 402. */
function answer(order: Order, row: Pick<OrderRow, 'payment_error'>): Order {
  if (order.status === 'payment_failed') {
    throw new DomainError(402, row.payment_error ?? 'card_declined', declineMessage(row.payment_error), { orderId: order.id });
  }
  return order;
}

const declineMessage = (code: string | null) =>
  ({
    insufficient_funds: 'Your card has insufficient funds.',
    expired_card: 'Your card has expired.',
    incorrect_number: 'Your card number is incorrect.',
    authentication_required: 'Your bank asks you to confirm this payment, which express checkout cannot do. Try another card.',
    not_charged: 'The payment did not go through; you were not charged.',
  })[code ?? ''] ?? 'Your card was declined.';

/** Records status `status` (with a note) for order `id` when it is in one of `from`; false when it was not. */
async function transition(
  tx: Queryable,
  id: number,
  from: OrderStatus[],
  status: OrderStatus,
  set: Record<string, unknown> = {},
  note: string | null = null,
): Promise<boolean> {
  const cols = Object.keys(set);
  const res = await tx.query(
    `UPDATE orders SET status = $2${cols.map((c, i) => `, ${c} = $${i + 4}`).join('')} WHERE id = $1 AND status = ANY($3::text[]) RETURNING id`,
    [id, status, from, ...Object.values(set)],
  );
  if (res.rows.length === 0) return false;
  await tx.query(`INSERT INTO order_events (order_id, status, note) VALUES ($1, $2, $3)`, [id, status, note]);
  return true;
}

/** Marks a placed order paid (idempotent), completes its checkout and mails the confirmation (a failed mail is logged, not thrown). */
async function settlePaid(deps: OrderDeps, id: number, reference: string, last4: string | null): Promise<void> {
  const moved = await deps.db.transaction(async (tx) => {
    const ok = await transition(tx, id, ['placed'], 'paid', { payment_reference: reference, card_last4: last4 });
    if (ok) await tx.query(`UPDATE checkout_sessions SET status = 'completed' WHERE id = (SELECT checkout_id FROM orders WHERE id = $1)`, [id]);
    return ok;
  });
  if (!moved) return;
  const row = (await deps.db.query<{ user_id: number }>(`SELECT user_id FROM orders WHERE id = $1`, [id])).rows[0]!;
  const order = (await getOrder(deps.db, row.user_id, id, deps.payments.testMode))!;
  try {
    await deps.mailer.send(await orderConfirmationMail(deps.publicUrl, order));
  } catch (err) {
    deps.log.error({ err, orderId: id }, 'could not send the order confirmation');
  }
}

/**
 * Places the order of checkout `body.checkoutId` for `userId` under `idempotencyKey` (see the
 * module comment). Resolves to the order (paid, or still placed when a concurrent request with
 * the same key is taking the payment).
 */
export async function placeOrder(deps: OrderDeps, userId: number, idempotencyKey: string, body: PlaceOrderBody, now = new Date()): Promise<Order> {
  const { db, payments } = deps;
  const existing = async () => {
    const row = (await db.query<OrderRow>(`SELECT * FROM orders WHERE user_id = $1 AND idempotency_key = $2`, [userId, idempotencyKey])).rows[0];
    if (!row) return null;
    if (row.checkout_id !== body.checkoutId) {
      throw new DomainError(422, 'idempotency_key_reused', 'This Idempotency-Key was already used for another checkout. Send a new key for a new order.');
    }
    return answer((await getOrder(db, userId, Number(row.id), payments.testMode))!, row);
  };
  const replay = await existing();
  if (replay) return replay;
  if (payments.name === 'stripe' && 'card' in body.payment) {
    throw new DomainError(400, 'card_not_accepted', 'Enter your card in the secure payment form: card numbers never come to our server.');
  }
  if (payments.name === 'test' && !('card' in body.payment))
    throw new DomainError(400, 'card_required', 'Test mode takes a test card, such as 4242 4242 4242 4242.');

  const found = await checkoutRow(db, body.checkoutId, userId);
  if (!found) throw notFound('The checkout');
  const { session, offer } = found;
  if (session.status === 'completed') {
    // A concurrent request with this key may have placed and paid it since the first look:
    // one key gets one answer, the order, not this refusal.
    const late = await existing();
    if (late) return late;
    throw new DomainError(409, 'checkout_completed', 'This checkout has already been paid. See your orders.');
  }
  if (new Date(session.expires_at) < now)
    throw new DomainError(409, 'checkout_expired', 'This checkout has expired. Start again from the product page to see the current price.');
  const unit = priceNow(offer, session.size, session.color);
  if (unit !== session.unit_price_cents) {
    throw new DomainError(409, 'price_changed', 'The price changed since you began. Start again from the product page to see the current price.', {
      was: session.unit_price_cents,
      now: unit,
    });
  }
  const problem = zipProblem(body.shippingAddress.zip, body.shippingAddress.state);
  if (problem) throw new DomainError(400, 'invalid_address', problem, { field: problem.startsWith('Choose') ? 'state' : 'zip' });

  const item = orderItem(offer, session);
  const subtotal = session.unit_price_cents * session.quantity;
  const tax = salesTaxEstimateCents(subtotal, body.shippingAddress.state);
  const total = subtotal + session.shipping_cents + tax;
  const paymentMethodId = 'paymentMethodId' in body.payment ? body.payment.paymentMethodId : null;
  const id = await db.transaction(async (tx) => {
    await tx.query(`UPDATE checkout_sessions SET user_id = $2 WHERE id = $1 AND user_id IS NULL`, [session.id, userId]);
    const inserted = await tx.query<{ id: number }>(
      `INSERT INTO orders (user_id, idempotency_key, checkout_id, status, item, subtotal_cents, shipping_cents, tax_estimate_cents, total_cents,
              contact_email, contact_phone, shipping_address, payment_provider, payment_method_id, created_at)
       VALUES ($1, $2, $3, 'placed', $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING id`,
      [
        userId,
        idempotencyKey,
        session.id,
        JSON.stringify(item),
        subtotal,
        session.shipping_cents,
        tax,
        total,
        body.contact.email,
        body.contact.phone ?? null,
        JSON.stringify(body.shippingAddress),
        payments.name,
        paymentMethodId,
        now,
      ],
    );
    const newId = inserted.rows[0]?.id;
    if (newId !== undefined) await tx.query(`INSERT INTO order_events (order_id, status, at) VALUES ($1, 'placed', $2)`, [newId, now]);
    return newId === undefined ? null : Number(newId);
  });
  // A concurrent request with the same key won the insert: answer its order.
  if (id === null) return (await existing())!;

  let outcome;
  try {
    outcome = await payments.charge({
      amountCents: total,
      idempotencyKey: `order-${id}`,
      description: `B-Deals order ${orderNumber(id)}`,
      card: 'card' in body.payment ? body.payment.card : undefined,
      paymentMethodId: paymentMethodId ?? undefined,
    });
  } catch (err) {
    deps.log.error({ err, orderId: id }, 'payment provider failed');
    throw new DomainError(
      503,
      'payment_unavailable',
      'We could not reach the payment service. Your order is saved and you will not be charged twice; check your orders in a few minutes.',
      {
        orderId: id,
      },
    );
  }
  if (outcome.status === 'succeeded') {
    await settlePaid(deps, id, outcome.reference, outcome.last4);
  } else {
    await db.transaction((tx) => transition(tx, id, ['placed'], 'payment_failed', { payment_error: outcome.code, card_last4: outcome.last4 }, outcome.message));
  }
  return (await existing())!;
}

/**
 * Settles every `placed` order older than {@link RECOVERY_AGE_MS} at `now` from the provider's
 * record of its payment (`order-{id}`): paid when the provider took it, `payment_failed` when it
 * declined or never received it. Run at start and every few minutes. Resolves to the counts.
 */
export async function recoverOrders(deps: OrderDeps, now = new Date()): Promise<{ paid: number; failed: number }> {
  const stale = (
    await deps.db.query<Pick<OrderRow, 'id' | 'total_cents' | 'payment_method_id'>>(
      `SELECT id, total_cents, payment_method_id FROM orders WHERE status = 'placed' AND created_at < $1 ORDER BY id LIMIT 500`,
      [new Date(now.getTime() - RECOVERY_AGE_MS)],
    )
  ).rows;
  const report = { paid: 0, failed: 0 };
  for (const o of stale) {
    const id = Number(o.id);
    const outcome = await deps.payments.find({
      amountCents: o.total_cents,
      idempotencyKey: `order-${id}`,
      description: `B-Deals order ${orderNumber(id)}`,
      paymentMethodId: o.payment_method_id ?? undefined,
    });
    if (outcome?.status === 'succeeded') {
      await settlePaid(deps, id, outcome.reference, outcome.last4);
      report.paid++;
    } else {
      const code = outcome?.status === 'declined' ? outcome.code : 'not_charged';
      await deps.db.transaction((tx) => transition(tx, id, ['placed'], 'payment_failed', { payment_error: code }, 'settled by recovery'));
      report.failed++;
    }
  }
  return report;
}

/** The statuses an operator may move an order to, from each status. */
const NEXT: Partial<Record<OrderStatus, OrderStatus[]>> = {
  paid: ['forwarded', 'cancelled'],
  forwarded: ['shipped', 'cancelled'],
};

/** Moves order `id` to `status` (operator; issue 15 §4 status history). 404 unknown, 409 when the move is not allowed. */
export async function advanceOrder(db: Database, id: number, status: OrderStatus, note: string | null): Promise<void> {
  const row = (await db.query<{ status: OrderStatus }>(`SELECT status FROM orders WHERE id = $1`, [id])).rows[0];
  if (!row) throw notFound('The order');
  const from = (Object.keys(NEXT) as OrderStatus[]).filter((s) => NEXT[s]!.includes(status));
  const moved = await db.transaction((tx) => transition(tx, id, from, status, {}, note));
  if (!moved) throw new DomainError(409, 'invalid_transition', `An order that is ${row.status} cannot become ${status}.`);
}

/** Statuses the shopper's list and count show: orders that were paid (payment failures and unsettled ones are not orders yet). */
const VISIBLE = `status IN ('paid', 'forwarded', 'shipped', 'cancelled')`;

/** Page `f`..`t` of `userId`'s orders, newest first unless `d=false` (spec §7 `?f=0&t=500&d=true`). */
export async function listOrders(db: Queryable, userId: number, q: OrdersQuery, testMode: boolean): Promise<{ total: number; items: Order[] }> {
  const total = (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE user_id = $1 AND ${VISIBLE}`, [userId])).rows[0]!.n;
  const items = await loadOrders(
    db,
    `user_id = $1 AND ${VISIBLE} ORDER BY created_at ${q.d === 'true' ? 'DESC' : 'ASC'}, id ${q.d === 'true' ? 'DESC' : 'ASC'} LIMIT $2 OFFSET $3`,
    [userId, q.t - q.f, q.f],
    testMode,
  );
  return { total, items };
}

/** `{count}` of `userId`'s orders (spec §6: My orders shows when above 0). */
export async function orderStat(db: Queryable, userId: number): Promise<{ count: number }> {
  return { count: (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM orders WHERE user_id = $1 AND ${VISIBLE}`, [userId])).rows[0]!.n };
}
