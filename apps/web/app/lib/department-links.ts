/**
 * The departments of the core category tree with their groups' links, as the menus show them
 * (spec §2.3). Pure: the server builds them once (departments.server.ts); the header's
 * Departments menu imports this module on its first opening, so the tree stays out of the
 * first-load JavaScript and the groups out of every page's HTML (issue 12 §3).
 */
import { DEPARTMENTS } from '@b-deals/core';
import { nodeHref, type DepartmentLink } from './nav';

/** The departments in tree order, each with its non-'Other' groups. */
export function departmentLinks(): DepartmentLink[] {
  return DEPARTMENTS.map((d) => ({
    term: d.term,
    href: nodeHref(d),
    groups: d.children.filter((c) => !c.other).map((c) => ({ term: c.term, href: nodeHref(c) })),
  }));
}
