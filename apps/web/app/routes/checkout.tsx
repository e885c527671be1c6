import { Link } from 'react-router';
import type { Route } from './+types/checkout';
import type { RouteHandle } from '../lib/page';
import { pageMeta } from '../lib/meta';

/** /checkout/ (spec §2.1): the simplified 'Check Out' chrome (no menus, no search); the checkout itself is another issue. */
export const handle: RouteHandle = { checkout: true };

export const meta: Route.MetaFunction = () => [...pageMeta('Check Out', 'Check out your B-Deals order.'), { name: 'robots', content: 'noindex' }];

export default function Checkout() {
  return (
    <div className="container-page py-16 text-center">
      <h1 className="text-3xl font-bold">Checkout is coming soon</h1>
      <p className="mx-auto mt-3 max-w-md text-stone-600">
        Buying through B-Deals is on its way. Until then, compare prices here and buy from the store with the best offer.
      </p>
      <Link to="/" className="mt-6 inline-block rounded-full bg-accent-700 px-6 py-2.5 font-medium text-white hover:bg-accent-800">
        Continue shopping
      </Link>
    </div>
  );
}
