import { data } from 'react-router';
import type { Route } from './+types/search-landing';
import { Breadcrumb } from '../components/breadcrumb';
import { Listing } from '../components/listing';
import { apiFrom } from '../lib/api.server';
import { loadListing } from '../lib/listing.server';
import { pageMeta } from '../lib/meta';

/**
 * /s/{keyword}/ (spec §2.1 "search by keyword", DESIGN.md): an indexable search landing page.
 * Hyphens in the keyword read as spaces (`/s/red-dress/` searches "red dress"); the URL's
 * filters apply on top. An empty keyword is 404.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const keyword = decodeURIComponent(params.keyword ?? '')
    .replace(/[-+]+/g, ' ')
    .trim()
    .slice(0, 200);
  if (!keyword) throw data(null, { status: 404 });
  const url = new URL(request.url);
  url.searchParams.set('q', keyword);
  const listing = await loadListing(apiFrom(context), new Request(url));
  return {
    keyword,
    listing,
    canonical: new URL(`/s/${encodeURIComponent(params.keyword!)}/`, url).href,
  };
}

const titleCase = (s: string) => s.replace(/\b\p{L}/gu, (c) => c.toUpperCase());

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? pageMeta(`${titleCase(data.keyword)}: compare prices`, `Compare prices on ${data.keyword} from many stores and catch the lowest one.`, data.canonical)
    : [];

export default function SearchLanding({ loaderData }: Route.ComponentProps) {
  const { keyword, listing } = loaderData;
  return (
    <div className="container-page py-6">
      <Breadcrumb items={[{ label: 'Home', href: '/' }, { label: titleCase(keyword) }]} />
      <h1 className="mt-3 text-2xl font-bold sm:text-3xl">{titleCase(keyword)}</h1>
      <div className="mt-6">
        <Listing data={listing} />
      </div>
    </div>
  );
}
