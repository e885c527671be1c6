import { categoryHref, internalHref, type CategoryNode } from '@b-deals/core';
import { useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../root';

/** Header nav links of spec §2.3 (the Departments menu follows them). */
export const NAV_LINKS = [
  { label: 'B-Outlet', href: '/outlet/' },
  { label: 'B-Euro', href: '/euro/' },
  { label: 'Sports & Outdoors', href: '/sports-outdoors/' },
  { label: 'Top Selling', href: '/top-selling/' },
  { label: 'Lowest Price', href: '/lowest-price/' },
  { label: 'ShopGeni', href: internalHref('/nestor') },
] as const;

/** Link of a category node: query nodes go to a search (DESIGN.md), others to their category page. */
export function nodeHref(node: CategoryNode): string {
  return node.query ? `/searchList/?q=${encodeURIComponent(node.query)}` : categoryHref(node.path);
}

/** A department's name and link. */
export interface DepartmentEntry {
  term: string;
  href: string;
}

/** A department of the core category tree as the menus show it: its link and its groups' links ('Other' groups left out). */
export interface DepartmentLink extends DepartmentEntry {
  groups: Array<{ term: string; href: string }>;
}

/**
 * The departments (without groups) from the root loader (departments.server.ts), so the category
 * tree with its keywords stays out of the first-load JavaScript; [] when the root loader has no data.
 */
export function useDepartments(): readonly DepartmentEntry[] {
  return useRouteLoaderData<typeof rootLoader>('root')?.departments ?? [];
}
