import type { Route } from './+types/deals';
import { Breadcrumb } from '../components/breadcrumb';
import { DealCard } from '../components/deal-card';
import { PageIntro } from '../components/tabs';
import { apiFrom } from '../lib/api.server';
import { pageMeta } from '../lib/meta';

/** /deals/ (spec §2.1 "Coupons & Deals"): current merchant promotions from GET /inventory/api/v1/deals. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { deals, total } = await apiFrom(context).deals({ from: 0, to: 96 });
  return { deals, total, canonical: new URL('/deals/', request.url).href };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta(
    'Coupons & deals',
    'Current coupon codes and store-wide discounts from the stores we compare.',
    data?.canonical,
  );

export default function Deals({ loaderData }: Route.ComponentProps) {
  const { deals } = loaderData;
  return (
    <div className="container-page py-6">
      <Breadcrumb items={[{ label: 'Home', href: '/' }, { label: 'Coupons & Deals' }]} />
      <div className="mt-3">
        <PageIntro
          title="Coupons & Deals"
          lead="Coupon codes and store-wide discounts, checked against their end dates."
        />
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
    </div>
  );
}
