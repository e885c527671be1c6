import type { ImageSearchResponse, ProductCard } from '@b-deals/contracts';
import { useEffect, useRef, useState } from 'react';
import { browserApi } from '../lib/auth-client';
import { useNearViewport } from '../lib/hooks';
import { ProductRail } from './product-card';

/**
 * The product page's "Visually similar" rail (issue 17): asked of
 * GET /inventory/api/v1/search/image-search/product/{id} (first 12) by the browser once the rail's
 * place comes within 400 px of the viewport, then shown as a product rail. The server renders
 * only that place: the rail sits below the fold, and leaving it out of the page keeps 12 cards
 * (about 15 KB) and an image-similarity query out of every product page render (issue 12 §3).
 * No rail when the product has no vector yet, nothing similar, or the request fails.
 */
export function VisuallySimilarRail({ productId }: { productId: number }) {
  const place = useRef<HTMLDivElement>(null);
  const near = useNearViewport(place);
  const [items, setItems] = useState<ProductCard[] | null>(null);
  useEffect(() => {
    if (!near) return;
    const abort = new AbortController();
    browserApi()
      .request<ImageSearchResponse>(`/inventory/api/v1/search/image-search/product/${productId}?from=0&to=12`, { signal: abort.signal })
      .then(
        (r) => setItems(r.items),
        () => setItems([]),
      );
    return () => abort.abort();
  }, [near, productId]);
  if (items && items.length > 0) return <ProductRail title="Visually similar" products={items} />;
  // One pixel high: an observer may never report a box of no area as intersecting.
  return <div ref={place} className="h-px" data-testid="visually-similar-place" />;
}
