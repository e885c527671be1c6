/**
 * /order/ — My orders (issue 15 §5; spec §2.1, §6). Signed-in only: a visitor is sent to /login
 * and back (`requireUser`); the page is the shopper's alone (`private, no-store`, never in the
 * anonymous HTML cache; `noindex`).
 *
 * Lists the shopper's orders newest first (`GET /order/api/v1/orders?f=0&t=500&d=true`): number,
 * date, the item and its merchant, total, status and status history, and a test-mode label on
 * orders paid with the test provider. `?placed={number}` (where checkout lands after paying)
 * puts that order's confirmation on top — what was bought, the totals, where it ships, the card —
 * and moves focus to it. Data: on the server with the shopper's access token when it is still
 * valid (decision 0013), else in the browser (`clientLoader`), which refreshes the token.
 */
import type { Order, OrderStatus } from '@b-deals/contracts';
import { formatPrice, internalHref } from '@b-deals/core';
import { useEffect, useRef } from 'react';
import { redirect, useRevalidator } from 'react-router';
import { Link } from '../lib/router-links';
import type { Route } from './+types/order';
import { OrderItemLine, TestModeBadge, TotalsList } from '../components/order-parts';
import { browserApi, browserSession, loginHref } from '../lib/auth-client';
import { requireUser, userAccessToken } from '../lib/auth.server';
import { ORDERS_API } from '../lib/checkout';
import { freshenSession } from '../lib/checkout-client';
import { loadOrders } from '../lib/orders.server';
import { pageMeta } from '../lib/meta';

export const meta: Route.MetaFunction = () => [
  ...pageMeta('My orders', 'The orders you placed with B-Deals Express Checkout, with their status.'),
  { name: 'robots', content: 'noindex' },
];

/** The shopper's own page: never kept by a shared cache. */
export const headers: Route.HeadersFunction = () => ({ 'cache-control': 'private, no-store' });

/** The page's data: the order just placed (from `?placed=`) and, when it could be read, the list. */
interface OrdersPage {
  placed: string | null;
  orders: { total: number; items: Order[] } | null;
}

const placedOf = (url: URL): string | null => {
  const p = url.searchParams.get('placed');
  return p && /^BD-\d{1,12}$/.test(p) ? p : null;
};

export async function loader({ request, context }: Route.LoaderArgs): Promise<OrdersPage> {
  requireUser(context, request);
  const token = userAccessToken(context);
  return { placed: placedOf(new URL(request.url)), orders: token ? await loadOrders(context, token) : null };
}

export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<OrdersPage> {
  const url = new URL(request.url);
  if (!browserSession().secret()) throw redirect(loginHref(url.pathname + url.search));
  await freshenSession();
  const orders = await browserApi().request<{ total: number; items: Order[] }>(ORDERS_API);
  return { placed: placedOf(url), orders };
}

/** Status names as the shopper reads them. */
const STATUS_TEXT: Record<OrderStatus, string> = {
  placed: 'Placed',
  paid: 'Paid',
  forwarded: 'Sent to the store',
  shipped: 'Shipped',
  cancelled: 'Cancelled',
  payment_failed: 'Payment failed',
};
const STATUS_CLASS: Record<OrderStatus, string> = {
  placed: 'bg-stone-100 text-stone-800',
  paid: 'bg-emerald-50 text-emerald-800 ring-emerald-300',
  forwarded: 'bg-sky-50 text-sky-900 ring-sky-300',
  shipped: 'bg-emerald-100 text-emerald-900 ring-emerald-400',
  cancelled: 'bg-red-50 text-red-800 ring-red-300',
  payment_failed: 'bg-red-50 text-red-800 ring-red-300',
};

/** "Nov 1, 2026" for an ISO instant, read in UTC so the server and the browser agree. */
const orderDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
/** "Nov 1, 2026, 14:05 UTC". */
const orderTime = (iso: string) =>
  `${new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' })} UTC`;

function StatusBadge({ status }: { status: OrderStatus }) {
  return <span className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ring-1 ring-stone-300 ${STATUS_CLASS[status]}`}>{STATUS_TEXT[status]}</span>;
}

/** The confirmation of the order just placed: number, item, totals, address, payment, the test-mode note. */
function Confirmation({ order }: { order: Order }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  const a = order.shippingAddress;
  return (
    <section
      aria-labelledby="confirmation-heading"
      className="mt-6 rounded-2xl border-2 border-emerald-600 bg-emerald-50/60 p-4 sm:p-6"
      data-testid="confirmation"
    >
      <h2 id="confirmation-heading" ref={ref} tabIndex={-1} className="text-2xl font-bold focus:outline-none">
        Thank you! Order <span className="whitespace-nowrap">{order.number}</span> is placed
      </h2>
      <p className="mt-1 break-words text-stone-700">
        A confirmation is on its way to {order.contactEmail}. {order.items[0]?.merchant.name ?? 'The store'} ships it to you.
      </p>
      {order.payment.testMode ? (
        <p className="mt-3 rounded-lg border border-amber-500 bg-amber-50 px-3 py-2 font-semibold text-amber-950">
          Test mode: no money moved and nothing will be shipped.
        </p>
      ) : null}
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        <div className="space-y-4">
          {order.items.map((item) => (
            <OrderItemLine key={item.offerId} item={item} />
          ))}
          <div>
            <h3 className="font-semibold">Shipping to</h3>
            <p className="text-sm text-stone-700">
              {a.firstName} {a.lastName}
              <br />
              {a.line1}
              {a.line2 ? (
                <>
                  <br />
                  {a.line2}
                </>
              ) : null}
              <br />
              {a.city}, {a.state} {a.zip}
            </p>
          </div>
        </div>
        <div>
          <TotalsList subtotal={order.subtotal} shipping={order.shipping} tax={order.taxEstimate} total={order.total} />
          <p className="mt-2 text-sm text-stone-700">
            Paid {order.payment.last4 ? `with the card ending ${order.payment.last4}` : ''}
            {order.payment.testMode ? ' (test mode)' : ''}.
          </p>
        </div>
      </div>
    </section>
  );
}

/** One order of the list: number, date, status, the item, total, and the status history. */
function OrderCard({ order }: { order: Order }) {
  return (
    <li className="rounded-2xl border border-stone-200 p-4 sm:p-5" data-testid="order">
      <article aria-labelledby={`order-${order.id}`}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <div>
            <h3 id={`order-${order.id}`} className="text-lg font-semibold">
              Order {order.number}
            </h3>
            <p className="text-sm text-stone-600">
              Placed <time dateTime={order.createdAt}>{orderDate(order.createdAt)}</time>
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {order.payment.testMode ? <TestModeBadge /> : null}
            <StatusBadge status={order.status} />
          </div>
        </div>
        <div className="mt-3 grid gap-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start">
          <div className="space-y-3">
            {order.items.map((item) => (
              <OrderItemLine key={item.offerId} item={item} headingLevel={4} />
            ))}
          </div>
          <p className="text-right sm:min-w-32">
            <span className="block text-sm text-stone-600">Total</span>
            <span className="text-lg font-bold tabular-nums">{formatPrice(order.total)}</span>
            <span className="block text-xs text-stone-600">incl. {formatPrice(order.taxEstimate)} est. tax</span>
          </p>
        </div>
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer font-medium text-accent-700">Status history</summary>
          <ol className="mt-2 space-y-1 border-l-2 border-stone-200 pl-4">
            {order.statusHistory.map((h, i) => (
              <li key={`${h.status}-${i}`}>
                <span className="font-medium">{STATUS_TEXT[h.status]}</span> · <time dateTime={h.at}>{orderTime(h.at)}</time>
                {h.note ? <span className="text-stone-600"> · {h.note}</span> : null}
              </li>
            ))}
          </ol>
        </details>
      </article>
    </li>
  );
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { placed, orders } = loaderData;
  const revalidator = useRevalidator();
  const asked = useRef(false);
  // The server could not read the list (its copy of the access token had expired): load it here.
  useEffect(() => {
    if (orders || asked.current) return;
    asked.current = true;
    void revalidator.revalidate();
  }, [orders, revalidator]);
  const just = placed ? orders?.items.find((o) => o.number === placed) : undefined;
  return (
    <div className="container-page py-6 sm:py-10">
      <h1 className="text-3xl font-bold">My orders</h1>
      <p className="mt-1 text-stone-700">The orders you placed with B-Deals Express Checkout, newest first.</p>
      {just ? <Confirmation order={just} /> : null}
      {!orders ? (
        <p role="status" className="mt-8 text-stone-700">
          Loading your orders…
        </p>
      ) : orders.total === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-stone-300 p-6 text-center">
          <h2 className="text-xl font-semibold">No orders yet</h2>
          <p className="mt-2 text-stone-700">When you buy with “Buy now” on a product page, your order and its status show here.</p>
          <Link to={internalHref('/deals')} className="mt-4 inline-block rounded-full bg-accent-700 px-6 py-2.5 font-medium text-white hover:bg-accent-800">
            See today’s deals
          </Link>
        </div>
      ) : (
        <section aria-labelledby="orders-heading" className="mt-8">
          <h2 id="orders-heading" className="text-xl font-semibold">
            {orders.total === 1 ? '1 order' : `${orders.total} orders`}
          </h2>
          <ul className="mt-3 space-y-4">
            {orders.items.map((o) => (
              <OrderCard key={o.id} order={o} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
