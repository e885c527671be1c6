import { productHref } from '@b-deals/core';
import { Link } from '../lib/router-links';
import { ga4Item, track } from '../lib/analytics';
import type { CardView as Card } from '../lib/card-view';
import { HydrateLater } from './hydrate-later';
import { LoveButton } from './love-button';
import { CheckedDiscountBadge, Price, PriceBadge, StockBadge } from './price';

/**
 * A product tile: image, brand, name, price with was price struck through, "Out of stock" when no
 * store has it, discount badge (marked "claimed" unless its was-price checked out), price badge
 * from observed history, merchant count,
 * and the B-LOVED heart in the image's corner (its own button, above the card's stretched link).
 * Styled by app.css `.card` and its parts by element (media, body, brand, name, price, stores), so
 * 24 cards a page carry no class names beyond `card`, the badges and the heart. `eager` loads the image at once (cards above the fold); `priority` also asks for it first (the
 * likely largest paint of a listing on a phone).
 */
export function ProductCard({ product, eager = false, priority = false }: { product: Card; eager?: boolean; priority?: boolean }) {
  const stores = product.merchantCount > 1 ? `Compare ${product.merchantCount} stores` : '1 store';
  return (
    <article className="card">
      <div>
        {product.image ? (
          <img
            src={product.image.thumbnail.url}
            alt=""
            width={300}
            height={300}
            loading={eager || priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            decoding="async"
          />
        ) : null}
        {product.discount > 0 || product.priceBadge || product.inStock === false ? (
          <span className="card-badges">
            {product.inStock === false ? <StockBadge /> : null}
            <CheckedDiscountBadge discount={product.discount} check={product.wasCheck ?? null} />
            <PriceBadge badge={product.priceBadge ?? null} />
          </span>
        ) : null}
        <LoveButton product={product} />
      </div>
      <div>
        {/* Always one brand line, two name lines and two price lines: every card of a row is as
            tall as the others, so a card rendered late (content-visibility, app.css) does not
            change the row's height. */}
        <p>{product.brand?.name}</p>
        <h3>
          <Link to={productHref(product.slug, product.id)} prefetch="intent" onClick={() => track('select_item', { items: [ga4Item(product)] })}>
            {product.name}
          </Link>
        </h3>
        <div>
          {/* The price keeps room for its shipping line (see above). */}
          <Price price={product.priceTag} itemPrice={product.itemPrice} shipping={product.shipping} wasPrice={product.wasPrice} />
          <p>{stores}</p>
        </div>
      </div>
    </article>
  );
}

/** Responsive grid of product cards (2 columns at 375 px, up to 4 on desktop; app.css `.card-grid`, whose cards past the fourth render when near the viewport). */
export function ProductGrid({ products }: { products: Card[] }) {
  return (
    <ul className="card-grid">
      {products.map((p, i) => (
        <HydrateLater key={p.id}>
          <li>
            <ProductCard product={p} eager={i < 4} priority={i < 2} />
          </li>
        </HydrateLater>
      ))}
    </ul>
  );
}

/** A titled, horizontally scrolling row of cards. */
export function ProductRail({ title, products, moreHref }: { title: string; products: Card[]; moreHref?: string }) {
  if (products.length === 0) return null;
  const id = `rail-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <HydrateLater>
      <section aria-labelledby={id} className="py-6">
        <div className="mb-3 flex items-baseline justify-between gap-4">
          <h2 id={id} className="text-xl font-semibold">
            {title}
          </h2>
          {moreHref ? (
            <Link to={moreHref} className="text-sm font-medium text-accent-700 hover:underline">
              See all<span className="sr-only"> {title}</span>
            </Link>
          ) : null}
        </div>
        <ul className="-mx-4 flex snap-x gap-3 overflow-x-auto px-4 pb-2 sm:mx-0 sm:px-0">
          {products.map((p) => (
            <HydrateLater key={p.id}>
              <li className="rail-item">
                <ProductCard product={p} />
              </li>
            </HydrateLater>
          ))}
        </ul>
      </section>
    </HydrateLater>
  );
}
