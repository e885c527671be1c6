import type { Route } from './+types/article';
import { Breadcrumb } from '../components/breadcrumb';
import { apiFrom } from '../lib/api.server';
import { renderMarkdown } from '../lib/markdown.server';
import { jsonLd, pageMeta } from '../lib/meta';
import { longDate as publishedDate } from '../lib/text';

/** /article/{slug}/ (spec §2.1 "article by id"): one article from GET /article/api/v1/article?slug=, its Markdown rendered safely; 404 when unknown. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const article = await apiFrom(context).article(params.slug);
  const { markdown, ...summary } = article;
  const canonical = new URL(`/article/${article.slug}/`, request.url).href;
  return { article: summary, html: renderMarkdown(markdown), canonical };
}

export const meta: Route.MetaFunction = ({ data }) =>
  data
    ? [
        ...pageMeta(data.article.title, data.article.summary, data.canonical),
        jsonLd({
          '@type': 'Article',
          headline: data.article.title,
          description: data.article.summary,
          datePublished: data.article.publishedAt,
          mainEntityOfPage: data.canonical,
          publisher: { '@type': 'Organization', name: 'B-Deals' },
        }),
      ]
    : [];

export default function Article({ loaderData }: Route.ComponentProps) {
  const { article, html } = loaderData;
  return (
    <div className="container-page py-6">
      <Breadcrumb items={[{ label: 'Home', href: '/' }, { label: 'Articles', href: '/articles/' }, { label: article.title }]} />
      <article className="prose-doc mx-auto mt-4 max-w-3xl">
        <h1 className="text-3xl font-bold sm:text-4xl">{article.title}</h1>
        <p className="mt-2 text-sm text-stone-600">
          <time dateTime={article.publishedAt}>{publishedDate(article.publishedAt)}</time> · {article.readingMinutes} min read
        </p>
        <div className="mt-6" dangerouslySetInnerHTML={{ __html: html }} />
      </article>
    </div>
  );
}
