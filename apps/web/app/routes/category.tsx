import { categoryByPath } from '@b-deals/core';
import { data, redirect } from 'react-router';
import type { Route } from './+types/category';
import { CategoryPage, categoryMeta } from '../components/category-page';
import { apiFrom } from '../lib/api.server';
import { loadCategory } from '../lib/category.server';
import type { RouteHandle } from '../lib/page';

export const handle: RouteHandle = { page: 'CATEGORY' };

/**
 * /category/{path}/ (spec §2.1): the node is looked up by its slug path in the core category
 * tree; its filter id (with the comma/minus semantics of DESIGN.md) becomes `cids`. Query
 * nodes redirect to their search; unknown paths are 404.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const node = categoryByPath(params['*'] ?? '');
  if (!node) throw data(null, { status: 404 });
  if (node.query) throw redirect(`/searchList/?q=${encodeURIComponent(node.query)}`);
  return loadCategory(apiFrom(context), request, node);
}

export const meta: Route.MetaFunction = ({ data }) => categoryMeta(data);

export default function Category({ loaderData }: Route.ComponentProps) {
  return <CategoryPage data={loaderData} />;
}
