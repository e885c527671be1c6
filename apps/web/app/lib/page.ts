/**
 * Page names of spec §2.1 ("Page names used for analytics and layout"), carried by each route
 * module's `handle` and read by the layout (root.tsx sets `data-page` on <body>).
 */
import { useMatches } from 'react-router';

export type PageName = 'HOME' | 'OUTLET' | 'ECO' | 'CATEGORY' | 'EURO' | 'LOWEST_PRICE' | 'SPORTS_OUTDOORS' | 'TOP_SELLING' | 'PRODUCT';

/** A route module's `handle`: its page name, and `checkout` for the simplified checkout chrome. */
export interface RouteHandle {
  page?: PageName;
  checkout?: boolean;
}

/** The deepest matched route's handle fields (page name, checkout flag). */
export function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  const out: RouteHandle = {};
  for (const m of matches) {
    const h = m.handle as RouteHandle | undefined;
    if (h?.page) out.page = h.page;
    if (h?.checkout) out.checkout = true;
  }
  return out;
}
