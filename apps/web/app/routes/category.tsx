import { categoryByPath, categoryHref, categoryTrail, type CategoryNode } from '@b-deals/core';
import { Link, data, redirect } from 'react-router';
import type { Route } from './+types/category';
import { Breadcrumb } from '../components/breadcrumb';
import { nodeHref } from '../lib/nav';
import { Listing } from '../components/listing';
import { apiFrom } from '../lib/api.server';
import { loadListing } from '../lib/listing.server';
import { pageMeta } from '../lib/meta';

/**
 * /category/{path}/ (spec §2.1): the node is looked up by its slug path in the core category
 * tree; its filter id (with the comma/minus semantics of DESIGN.md) becomes `cids`. Query
 * nodes redirect to their search; unknown paths are 404.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const node = categoryByPath(params['*'] ?? '');
  if (!node) throw data(null, { status: 404 });
  if (node.query) throw redirect(`/searchList/?q=${encodeURIComponent(node.query)}`);
  const trail = categoryTrail(node);
  const listing = await loadListing(apiFrom(context), request, { cids: [node.id!] });
  const label = (n: CategoryNode) =>
    n.other ? `Other ${trail.at(-2)?.term ?? ''}`.trim() : n.term;
  const title = label(node);
  return {
    title,
    canonical: new URL(categoryHref(node.path), request.url).href,
    trail: trail.map((n) => ({ label: label(n), href: categoryHref(n.path) })),
    children: node.children.map((c) => ({
      label: c.other ? `Other ${node.term}` : c.term,
      href: nodeHref(c),
    })),
    listing,
  };
}

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? pageMeta(data.title, `Compare prices on ${data.title} from many stores.`, data.canonical)
    : [];

export default function Category({ loaderData }: Route.ComponentProps) {
  const { title, trail, children, listing } = loaderData;
  const crumbs = [{ label: 'Home', href: '/' }, ...trail];
  return (
    <div className="container-page py-6">
      <Breadcrumb items={crumbs} />
      <h1 className="mt-3 text-2xl font-bold sm:text-3xl">{title}</h1>
      {children.length > 0 ? (
        <nav aria-label={`${title} categories`} className="mt-4">
          <ul className="flex gap-2 overflow-x-auto pb-1 sm:flex-wrap">
            {children.map((c) => (
              <li key={c.href} className="shrink-0">
                <Link
                  to={c.href}
                  className="block rounded-full border border-stone-300 px-3 py-1.5 text-sm hover:border-accent-600 hover:text-accent-800"
                >
                  {c.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <div className="mt-6">
        <Listing data={listing} hide={{ departments: true }} />
      </div>
    </div>
  );
}
