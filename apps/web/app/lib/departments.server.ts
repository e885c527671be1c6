/**
 * Department links for the header menu, the home page, the search and error pages (spec §2.3),
 * built on the server from the @b-deals/core category tree and sent as root loader data.
 */
import { ALL_CATEGORIES, DEPARTMENTS, type CategoryNode } from '@b-deals/core';
import { nodeHref, type DepartmentLink } from './nav';

/** The departments of the core tree in tree order, each with its non-'Other' groups. */
export const DEPARTMENT_LINKS: readonly DepartmentLink[] = DEPARTMENTS.map((d) => ({
  term: d.term,
  href: nodeHref(d),
  groups: d.children.filter((c) => !c.other).map((c) => ({ term: c.term, href: nodeHref(c) })),
}));

/** The category a brand or store sub-slug names (`/brand/{slug}/{sub-slug}/`, DESIGN.md): the first non-'Other' node with that slug. */
export function categoryBySlug(slug: string): CategoryNode | undefined {
  return ALL_CATEGORIES.find((c) => c.id && !c.other && c.slug === slug.toLowerCase());
}
