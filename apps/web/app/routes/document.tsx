import { data } from 'react-router';
import type { Route } from './+types/document';
import { Breadcrumb } from '../components/breadcrumb';
import { loadDocument } from '../lib/documents.server';
import { pageMeta } from '../lib/meta';
import { longDate } from '../lib/text';

/**
 * The documents of spec §2.1 (/privacy/, /termsofservices/, /shipping-policy/, /payment-policy/,
 * /returnRefund/, /disclosure/, /aboutus/, /contactus/, /faqs/, /affiliates/), one route entry
 * each in routes.ts, rendered from content/pages/{name}.md. Unknown → 404.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const segment = url.pathname.split('/').filter(Boolean)[0] ?? '';
  const doc = await loadDocument(segment);
  if (!doc) throw data(null, { status: 404 });
  return { ...doc, canonical: new URL(`/${segment}/`, url).href };
}

export const meta: Route.MetaFunction = ({ data }) => (data ? pageMeta(data.title, data.description, data.canonical) : []);

export default function Document({ loaderData }: Route.ComponentProps) {
  const { title, updatedAt, html } = loaderData;
  return (
    <div className="container-page py-6">
      <Breadcrumb items={[{ label: 'Home', href: '/' }, { label: title }]} />
      <article className="prose-doc mx-auto mt-4 max-w-3xl">
        <h1 className="text-3xl font-bold sm:text-4xl">{title}</h1>
        {updatedAt ? (
          <p className="mt-2 text-sm text-stone-600">
            Last updated <time dateTime={updatedAt}>{longDate(updatedAt)}</time>
          </p>
        ) : null}
        <div className="mt-6" dangerouslySetInnerHTML={{ __html: html }} />
      </article>
    </div>
  );
}
