/**
 * Page title and description meta descriptors ("{title} | B-Deals"), with an optional canonical
 * link. Every page has a description (Lighthouse SEO audit "Document has a meta description");
 * it is required here so no page can leave it out.
 */
export function pageMeta(title: string, description: string, canonical?: string) {
  return [
    { title: `${title} | B-Deals` },
    { name: 'description', content: description },
    ...(canonical ? [{ tagName: 'link', rel: 'canonical', href: canonical }] : []),
  ];
}

/** A JSON-LD meta descriptor (React Router renders it as <script type="application/ld+json">). */
export function jsonLd(value: Record<string, unknown>) {
  return { 'script:ld+json': { '@context': 'https://schema.org', ...value } };
}

/** schema.org BreadcrumbList of a trail of absolute URLs (Google breadcrumb structured data). */
export function breadcrumbJsonLd(items: ReadonlyArray<{ name: string; url: string }>) {
  return jsonLd({
    '@type': 'BreadcrumbList',
    itemListElement: items.map((it, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: it.name,
      item: it.url,
    })),
  });
}
