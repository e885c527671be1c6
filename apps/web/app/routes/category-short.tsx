import { ALL_CATEGORIES } from '@b-deals/core';
import { data } from 'react-router';
import type { Route } from './+types/category-short';
import { CategoryPage, categoryMeta } from '../components/category-page';
import { apiFrom } from '../lib/api.server';
import { loadCategory } from '../lib/category.server';
import type { RouteHandle } from '../lib/page';

export const handle: RouteHandle = { page: 'CATEGORY' };

/**
 * /c/{group}/{leaf}/ (DESIGN.md): the short form of a category page. The node is the one whose
 * slug path ends in `{group}/{leaf}` (e.g. /c/outdoor/backpacks/ → sneakers-sportswear/outdoor/backpacks);
 * it renders the category page with the canonical link of /category/…/. Unknown → 404.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const tail = `${params.group}/${params.leaf}`.toLowerCase();
  const node = ALL_CATEGORIES.find((c) => c.id && (c.path === tail || c.path.endsWith(`/${tail}`)));
  if (!node) throw data(null, { status: 404 });
  return loadCategory(apiFrom(context), request, node);
}

export const meta: Route.MetaFunction = ({ data }) => categoryMeta(data);

export default function CategoryShort({ loaderData }: Route.ComponentProps) {
  return <CategoryPage data={loaderData} />;
}
