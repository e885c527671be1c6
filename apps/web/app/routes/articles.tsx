import { Link } from '../lib/router-links';
import type { Route } from './+types/articles';
import { Breadcrumb } from '../components/breadcrumb';
import { PageIntro } from '../components/tabs';
import { apiFrom } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { longDate as publishedDate } from '../lib/text';

/** /articles/ (spec §2.1): article summaries from GET /article/api/v1/article, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { articles } = await apiFrom(context).articles({ from: 0, to: 100 });
  return { articles, canonical: new URL('/articles/', request.url).href };
}

export const meta: Route.MetaFunction = ({ data }) =>
  pageMeta('Articles', 'Shopping guides, price-tracking tips and deal-hunting advice from B-Deals.', data?.canonical);

export default function Articles({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container-page py-6">
      <Breadcrumb items={[{ label: 'Home', href: '/' }, { label: 'Articles' }]} />
      <div className="mt-3">
        <PageIntro title="Articles" lead="Shopping guides, price-tracking tips and deal-hunting advice." />
      </div>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {loaderData.articles.map((a) => (
          <li key={a.id}>
            <article className="relative h-full rounded-xl border border-stone-200 p-5 hover:shadow-md">
              <h2 className="text-lg font-semibold">
                <Link to={`/article/${a.slug}/`} className="after:absolute after:inset-0">
                  {a.title}
                </Link>
              </h2>
              <p className="mt-2 line-clamp-3 text-sm text-stone-700">{a.summary}</p>
              <p className="mt-3 text-xs text-stone-600">
                <time dateTime={a.publishedAt}>{publishedDate(a.publishedAt)}</time> · {a.readingMinutes} min read
              </p>
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}
