import { internalHref } from '@b-deals/core';
import type { Route } from './+types/deals';
import { Breadcrumb } from '../components/breadcrumb';
import { DealCard } from '../components/deal-card';
import { DiscountSubscribe } from '../components/discount-subscribe';
import { PageIntro } from '../components/tabs';
import { apiFrom } from '../lib/api.server';
import { pageMeta } from '../lib/meta';

/** /deals/ (spec §2.1 "Coupons & Deals"): current merchant promotions from GET /inventory/api/v1/deals, and the discount e-mail sign-up. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { deals, total } = await apiFrom(context).deals({ from: 0, to: 96 });
  return { deals, total, canonical: new URL('/deals/', request.url).href };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta('Coupons & deals', 'Current coupon codes and store-wide discounts from the stores we compare.', data?.canonical);

/** The price game (a static page, apps/web/public/sweepstake/game/). */
const GAME_HREF = internalHref('/sweepstake/game/index.html');

export default function Deals({ loaderData }: Route.ComponentProps) {
  const { deals } = loaderData;
  return (
    <div className="container-page py-6">
      <Breadcrumb items={[{ label: 'Home', href: '/' }, { label: 'Coupons & Deals' }]} />
      <div className="mt-3">
        <PageIntro title="Coupons & Deals" lead="Coupon codes and store-wide discounts, checked against their end dates." />
      </div>
      <h2 className="sr-only">Current deals</h2>
      {deals.length > 0 ? (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {deals.map((d) => (
            <li key={d.id}>
              <DealCard deal={d} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6 text-stone-600">No deals are running right now: check back soon.</p>
      )}
      <section className="mt-10 rounded-xl border border-accent-100 bg-accent-50 p-5 sm:max-w-2xl">
        <DiscountSubscribe
          id="deals-subscribe"
          title="Get these deals by e-mail"
          intro="One e-mail a week with the best coupon codes and price drops. We ask you to confirm first; every e-mail has a one-click unsubscribe link."
        />
      </section>
      <aside aria-labelledby="price-game" className="mt-10 rounded-xl border border-stone-200 bg-white p-5 sm:flex sm:items-center sm:justify-between sm:gap-6">
        <div>
          <h2 id="price-game" className="text-lg font-semibold">
            How well do you know prices?
          </h2>
          <p className="mt-1 text-stone-600">Guess whether the next deal costs more or less. Five right in a row wins.</p>
        </div>
        {/* A static page outside the router: a full page load, not a client-side navigation. */}
        <a href={GAME_HREF} className="mt-3 inline-block shrink-0 rounded-lg bg-accent-600 px-4 py-2 font-medium text-white hover:bg-accent-700 sm:mt-0">
          Play Higher or Lower
        </a>
      </aside>
    </div>
  );
}
