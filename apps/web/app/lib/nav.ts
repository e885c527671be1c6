import { ALL_CATEGORIES, categoryHref, type CategoryNode } from '@b-deals/core';

/** Header nav links of spec §2.3 (the Departments menu follows them). */
export const NAV_LINKS = [
  { label: 'B-Outlet', href: '/outlet/' },
  { label: 'B-Euro', href: '/euro/' },
  { label: 'Sports & Outdoors', href: '/sports-outdoors/' },
  { label: 'Top Selling', href: '/top-selling/' },
  { label: 'Lowest Price', href: '/lowest-price/' },
  { label: 'ShopGeni', href: '/nestor' },
] as const;

/** Link of a category node: query nodes go to a search (DESIGN.md), others to their category page. */
export function nodeHref(node: CategoryNode): string {
  return node.query ? `/searchList/?q=${encodeURIComponent(node.query)}` : categoryHref(node.path);
}

/** The category a brand or store sub-slug names (`/brand/{slug}/{sub-slug}/`, DESIGN.md): the first non-'Other' node with that slug. */
export function categoryBySlug(slug: string): CategoryNode | undefined {
  return ALL_CATEGORIES.find((c) => c.id && !c.other && c.slug === slug.toLowerCase());
}
