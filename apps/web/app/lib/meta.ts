/** Page title and description meta descriptors ("{title} | B-Deals"), with an optional canonical link. */
export function pageMeta(title: string, description?: string, canonical?: string) {
  return [
    { title: `${title} | B-Deals` },
    ...(description ? [{ name: 'description', content: description }] : []),
    ...(canonical ? [{ tagName: 'link', rel: 'canonical', href: canonical }] : []),
  ];
}
