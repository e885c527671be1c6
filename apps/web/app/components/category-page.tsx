import { Link } from '../lib/router-links';
import { Breadcrumb } from './breadcrumb';
import { Listing } from './listing';
import type { CategoryData } from '../lib/category.server';
import { breadcrumbJsonLd, pageMeta } from '../lib/meta';

/** Meta of a category page: title, description, canonical /category/…/ and a BreadcrumbList. */
export function categoryMeta(data: CategoryData | undefined) {
  if (!data) return [];
  return [
    ...pageMeta(data.title, `Compare prices on ${data.title} from many stores.`, data.canonical),
    breadcrumbJsonLd([{ name: 'Home', url: `${data.origin}/` }, ...data.trail.map((t) => ({ name: t.label, url: new URL(t.href, data.origin).href }))]),
  ];
}

/** The category page body: breadcrumb, title, child categories, listing. */
export function CategoryPage({ data }: { data: CategoryData }) {
  const { title, trail, children, listing } = data;
  return (
    <div className="container-page py-6">
      <Breadcrumb items={[{ label: 'Home', href: '/' }, ...trail]} />
      <h1 className="mt-3 text-2xl font-bold sm:text-3xl">{title}</h1>
      {children.length > 0 ? (
        <nav aria-label={`${title} categories`} className="mt-4">
          <ul className="chips flex gap-2 overflow-x-auto pb-1 sm:flex-wrap">
            {children.map((c) => (
              <li key={c.href}>
                <Link to={c.href} className="chip">
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
