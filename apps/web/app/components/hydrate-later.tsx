import { Suspense, useState, type ReactElement } from 'react';
import { DeferredHydrationContext, takeHydrationTicket, type HydrationTicket } from '../lib/progressive-hydration';

function Gate({ children }: { children: ReactElement }) {
  const [ticket] = useState<HydrationTicket | null>(takeHydrationTicket);
  // Preact keeps the region's server DOM while the promise is pending (decision 0005).
  if (ticket && !ticket.done) throw ticket.promise;
  return ticket ? <DeferredHydrationContext.Provider value>{children}</DeferredHydrationContext.Provider> : children;
}

/**
 * A region hydrated after the rest of the page (lib/progressive-hydration.ts, decision 0005).
 * `children` must be exactly one element that always renders exactly one DOM element — not a
 * component that may render null or a fragment: Preact keeps one DOM node for a waiting region,
 * so a missing one would make it claim its sibling's. On the server, and for regions that
 * appear after the first hydration, it renders `children` as is.
 */
export function HydrateLater({ children }: { children: ReactElement }) {
  if (import.meta.env.SSR) return children;
  return (
    <Suspense fallback={null}>
      <Gate>{children}</Gate>
    </Suspense>
  );
}
