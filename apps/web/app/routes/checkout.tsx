/**
 * /checkout/?id={session} — B-Deals Express Checkout (issue 15 §2, §3, §6; spec §2.1: the
 * simplified 'Check Out' header, no menus or search, from `handle.checkout`).
 *
 * - Data: the checkout session (`GET /order/api/v1/shoppingcart/checkout/{id}`) and the US
 *   states (`GET /api/v1/basic-data/world-areas/US`), read on the server with the shopper's
 *   access token when it holds a valid one (decision 0013), else in the browser (`clientLoader`,
 *   also on client-side navigations such as Buy now and the way back from /login), which
 *   refreshes the token first.
 * - The page is the shopper's own: `private, no-store` keeps it out of the anonymous HTML cache
 *   (decision 0014); `noindex`.
 * - Without an id it says there is nothing to check out; an unknown id (or another shopper's) is
 *   a 404 that says what to do; an expired or paid checkout explains the way on.
 * - `action`: the product page's Buy now form sent without JavaScript starts the express checkout
 *   on the server and redirects here; paying needs JavaScript (sign-in lives in the browser).
 * The form itself is components/checkout-form.tsx.
 */
import { internalHref } from '@b-deals/core';
import type { CheckoutSession, WorldAreas } from '@b-deals/contracts';
import { useEffect, useRef } from 'react';
import { data, redirect, useRevalidator } from 'react-router';
import { Link } from '../lib/router-links';
import type { Route } from './+types/checkout';
import { CheckoutView } from '../components/checkout-form';
import { browserSession, useAccount } from '../lib/auth-client';
import { getUser, userAccessToken } from '../lib/auth.server';
import { plausibleCheckoutId } from '../lib/checkout';
import { checkoutHref, expressBuyFailure, expressBuyFromForm } from '../lib/express-buy';
import { loadCheckout, loadWorldAreas } from '../lib/checkout-client';
import { expressBuyCall, loadCheckoutSession, worldAreas } from '../lib/orders.server';
import type { RouteHandle } from '../lib/page';
import { pageMeta } from '../lib/meta';

export const handle: RouteHandle = { checkout: true };

export const meta: Route.MetaFunction = () => [...pageMeta('Check Out', 'Check out your B-Deals order.'), { name: 'robots', content: 'noindex' }];

/** The shopper's own page: never kept by a shared cache. */
export const headers: Route.HeadersFunction = () => ({ 'cache-control': 'private, no-store' });

/** What the page shows: nothing to check out, an unknown checkout, one still loading in the browser, or the checkout. */
type CheckoutPage =
  { kind: 'none' } | { kind: 'missing' } | { kind: 'pending'; id: string } | { kind: 'session'; session: CheckoutSession; areas: WorldAreas['areas'] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get('id');
  if (!id) return { kind: 'none' } as CheckoutPage;
  if (!plausibleCheckoutId(id)) return data({ kind: 'missing' } as CheckoutPage, { status: 404 });
  const token = userAccessToken(context);
  const [session, areas] = await Promise.all([loadCheckoutSession(context, id, token), worldAreas(context)]);
  if (session) return { kind: 'session', session, areas } as CheckoutPage;
  // A signed-in shopper's own checkout needs their token, which the server no longer holds: the browser asks.
  if (getUser(context) && !token) return { kind: 'pending', id } as CheckoutPage;
  return data({ kind: 'missing' } as CheckoutPage, { status: 404 });
}

export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<CheckoutPage> {
  const id = new URL(request.url).searchParams.get('id');
  if (!id) return { kind: 'none' };
  if (!plausibleCheckoutId(id)) return { kind: 'missing' };
  const [session, areas] = await Promise.all([loadCheckout(id), loadWorldAreas()]);
  return session ? { kind: 'session', session, areas } : { kind: 'missing' };
}

/** The Buy now form without JavaScript: start the checkout and come here; a refusal is shown with the way back. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (form.get('intent') !== 'express-buy') {
    return { message: 'Paying needs JavaScript: turn it on in your browser, then reload this page.', back: null };
  }
  const parsed = expressBuyFromForm(form);
  if (!parsed) return { message: 'Choose the product again: that offer was not found.', back: '/' };
  const res = await expressBuyCall(context, parsed.body, userAccessToken(context));
  if ('session' in res) throw redirect(checkoutHref(res.session.id));
  return { message: expressBuyFailure(res.status, res.body).message, back: parsed.back };
}

function Notice({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="container-page py-12 sm:py-16">
      <div className="mx-auto max-w-xl text-center">
        <h1 className="text-3xl font-bold">{title}</h1>
        <div className="mt-4 text-stone-700">{children}</div>
      </div>
    </div>
  );
}

const buttonClass = 'mt-6 inline-block rounded-full bg-accent-700 px-6 py-2.5 font-medium text-white hover:bg-accent-800';

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const page = loaderData as CheckoutPage;
  const account = useAccount();
  const revalidator = useRevalidator();
  const asked = useRef(false);
  // The server could not read this shopper's checkout (their token had expired there): the browser asks with a fresh one.
  useEffect(() => {
    if (asked.current || !(page.kind === 'pending' || (page.kind === 'missing' && browserSession().secret()))) return;
    asked.current = true;
    void revalidator.revalidate();
  }, [page.kind, revalidator]);

  if (actionData) {
    return (
      <Notice title="We could not start the checkout">
        <p role="alert">{actionData.message}</p>
        {actionData.back ? (
          <Link to={actionData.back} className={buttonClass}>
            Back to the product
          </Link>
        ) : null}
      </Notice>
    );
  }
  if (page.kind === 'none') {
    return (
      <Notice title="Nothing to check out">
        <p>Checkout starts from a product: choose “Buy now” on a product page to buy it here with B-Deals Express Checkout.</p>
        <Link to={internalHref('/deals')} className={buttonClass}>
          See today’s deals
        </Link>
      </Notice>
    );
  }
  if (page.kind === 'pending') {
    return (
      <Notice title="Check out">
        <p role="status">Loading your checkout…</p>
      </Notice>
    );
  }
  if (page.kind === 'missing') {
    return (
      <Notice title="We could not find this checkout">
        <p>
          The link may be incomplete, or the checkout belongs to another account. If you started it signed in, sign in with that account; otherwise start again
          with “Buy now” on the product page.
        </p>
        <Link to="/" className={buttonClass}>
          Continue shopping
        </Link>
      </Notice>
    );
  }
  return <CheckoutView key={page.session.id} session={page.session} areas={page.areas} account={account} />;
}
