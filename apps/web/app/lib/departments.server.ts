/**
 * Department links for the header menu, the home page, the search and error pages (spec §2.3),
 * built on the server from the @b-deals/core category tree: every page's root loader data
 * carries the departments alone, the home page's its groups too.
 */
import { ALL_CATEGORIES, type CategoryNode } from '@b-deals/core';
import { departmentLinks } from './department-links';
import type { DepartmentEntry, DepartmentLink } from './nav';

/** The departments of the core tree in tree order, each with its non-'Other' groups. */
export const DEPARTMENT_LINKS: readonly DepartmentLink[] = departmentLinks();

/** The departments without their groups (root loader data of every page). */
export const DEPARTMENT_ENTRIES: readonly DepartmentEntry[] = DEPARTMENT_LINKS.map(({ term, href }) => ({ term, href }));

/** The category a brand or store sub-slug names (`/brand/{slug}/{sub-slug}/`, DESIGN.md): the first non-'Other' node with that slug. */
export function categoryBySlug(slug: string): CategoryNode | undefined {
  return ALL_CATEGORIES.find((c) => c.id && !c.other && c.slug === slug.toLowerCase());
}
