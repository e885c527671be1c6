import { CATEGORY_TREE, type CategoryNode } from '@b-deals/core';
import { Link } from '../lib/router-links';
import type { Route } from './+types/categories';
import { Breadcrumb } from '../components/breadcrumb';
import { PageIntro } from '../components/tabs';
import { pageMeta } from '../lib/meta';
import { nodeHref } from '../lib/nav';
import { apiFrom } from '../lib/api.server';

/**
 * /categories/ (spec §2.1): the whole category tree of @b-deals/core; query nodes link to their
 * search, and are listed only while that search finds products as typed (a link to "No products
 * found", or to a nearest-kind answer such as belt bags for "sunglasses scarf belt hat", is no
 * category). Errors: a failed search leaves its node out.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = apiFrom(context);
  const queries = CATEGORY_TREE.children.filter((n) => n.query);
  const found = await Promise.all(
    queries.map((n) =>
      api.search({ q: n.query!, from: 0, to: 1, facets: false }).then(
        (r) => r.total > 0 && !r.broadened,
        () => false,
      ),
    ),
  );
  const hidden = queries.filter((_, i) => !found[i]).map((n) => n.term);
  return { canonical: new URL('/categories/', request.url).href, hidden };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta('All categories', 'Browse every department and category: clothing, shoes, bags, beauty, jewelry, baby & kids, sports and more.', data?.canonical);

const label = (node: CategoryNode, parent: CategoryNode) => (node.other ? `Other ${parent.term}` : node.term);

function Branch({ node }: { node: CategoryNode }) {
  if (node.children.length === 0) return null;
  return (
    <ul className="mt-1 space-y-1 border-l border-stone-200 pl-3 text-sm">
      {node.children.map((c) => (
        <li key={c.path}>
          <Link to={nodeHref(c)} className="text-stone-700 hover:text-accent-700 hover:underline">
            {label(c, node)}
          </Link>
          <Branch node={c} />
        </li>
      ))}
    </ul>
  );
}

export default function Categories({ loaderData }: Route.ComponentProps) {
  const hidden = new Set(loaderData.hidden);
  return (
    <div className="container-page py-6">
      <Breadcrumb items={[{ label: 'Home', href: '/' }, { label: 'Categories' }]} />
      <div className="mt-3">
        <PageIntro title="All categories" lead="Every department and category we compare prices in." />
      </div>
      <ul className="mt-8 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
        {CATEGORY_TREE.children
          .filter((d) => !hidden.has(d.term))
          .map((d) => (
            <li key={d.path}>
              <h2 className="text-lg font-semibold">
                <Link to={nodeHref(d)} className="hover:text-accent-700">
                  {d.term}
                </Link>
              </h2>
              <Branch node={d} />
            </li>
          ))}
      </ul>
    </div>
  );
}
