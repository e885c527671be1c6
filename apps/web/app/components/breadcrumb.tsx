import { Link } from '../lib/router-links';

/**
 * Breadcrumb trail (WAI-ARIA breadcrumb pattern); the last item is the current page. Links are at
 * least 24 px tall and wrapped rows 4 px apart, so they meet WCAG 2.5.8 target size on phones.
 */
export function Breadcrumb({ items }: { items: Array<{ label: string; href?: string }> }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-stone-600">
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
        {items.map((item, i) => (
          <li key={`${item.label}-${i}`} className="flex items-center gap-x-1.5">
            {i > 0 ? <span aria-hidden>/</span> : null}
            {item.href && i < items.length - 1 ? (
              <Link to={item.href} className="inline-flex min-h-6 items-center hover:text-accent-700 hover:underline">
                {item.label}
              </Link>
            ) : (
              <span aria-current={i === items.length - 1 ? 'page' : undefined} className="text-stone-800">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
