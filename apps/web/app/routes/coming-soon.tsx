import { Link, data } from 'react-router';
import type { Route } from './+types/coming-soon';
import { pageMeta } from '../lib/meta';

interface Feature {
  title: string;
  heading: string;
  /** What the feature will do, in a sentence or two. */
  about: string;
}

/**
 * Pages of spec §2.1 whose features come with later issues (ShopGeni),
 * keyed by path without slashes. Each says what the feature will do
 * and that it is not available yet; none shows data.
 */
const FEATURES: Record<string, Feature> = {
  nestor: {
    title: 'ShopGeni',
    heading: 'ShopGeni shopping assistant',
    about:
      'ShopGeni will answer shopping questions in plain words and suggest products to compare, and Giftly will help you find gift ideas for someone by budget and interests.',
  },
};

const LINKS = [
  { label: 'Search products', href: '/searchList/' },
  { label: 'Lowest Price', href: '/lowest-price/' },
  { label: 'Coupons & Deals', href: '/deals/' },
  { label: 'How we track prices', href: '/price-history-tracking/' },
];

/**
 * /nestor
 * (spec §2.1 routes): an honest "not available yet" page, `noindex`, left out of the sitemap.
 * Any other path routed here is a 404.
 */
export function loader({ request }: Route.LoaderArgs) {
  const key = new URL(request.url).pathname.replace(/^\/+|\/+$/g, '');
  const feature = FEATURES[key];
  if (!feature) throw data(null, { status: 404 });
  return feature;
}

export const meta: Route.MetaFunction = ({ data }) => (data ? [...pageMeta(data.title, data.about), { name: 'robots', content: 'noindex' }] : []);

export default function ComingSoon({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page py-12 sm:py-16">
      <div className="mx-auto max-w-xl text-center">
        <h1 className="text-3xl font-bold">{loaderData.heading}</h1>
        <p className="mt-4 text-stone-700">{loaderData.about}</p>
        <p className="mt-3 font-medium text-stone-800">This feature is not available yet.</p>
        <p className="mt-1 text-stone-600">Meanwhile, these pages may help:</p>
        <ul className="mt-6 flex flex-wrap justify-center gap-2">
          {LINKS.map((l) => (
            <li key={l.href}>
              <Link
                to={l.href}
                className="inline-block rounded-full border border-stone-300 px-4 py-2 text-sm font-medium hover:border-accent-600 hover:text-accent-800"
              >
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
