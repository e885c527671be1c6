/**
 * Loader of the category page, shared by /category/{path}/ and its short form
 * /c/{group}/{leaf}/ (DESIGN.md): the node's filter id (comma/minus semantics) becomes `cids`;
 * the canonical URL is always the /category/…/ one.
 */
import { categoryHref, categoryTrail, type CategoryNode } from '@b-deals/core';
import type { ApiClient } from './api.server';
import { loadListing } from './listing.server';
import { nodeHref } from './nav';

/** Category page data for a node with an id (query nodes are redirected by the caller). Errors: those of ApiClient.search. */
export async function loadCategory(api: ApiClient, request: Request, node: CategoryNode) {
  const trail = categoryTrail(node);
  const listing = await loadListing(api, request, { cids: [node.id!] });
  const label = (n: CategoryNode) => (n.other ? `Other ${trail.at(-2)?.term ?? ''}`.trim() : n.term);
  const origin = new URL(request.url).origin;
  return {
    title: label(node),
    origin,
    canonical: new URL(categoryHref(node.path), origin).href,
    trail: trail.map((n) => ({ label: label(n), href: categoryHref(n.path) })),
    children: node.children.map((c) => ({
      label: c.other ? `Other ${node.term}` : c.term,
      href: nodeHref(c),
    })),
    listing,
  };
}

export type CategoryData = Awaited<ReturnType<typeof loadCategory>>;
