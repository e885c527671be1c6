import type { Offer, ProductDetail, ProductWithRecommend } from '@b-deals/contracts';
import { brandMerchantHref, categoryHref, productHref, bestOffer, sortOffers, discountPercent, formatPrice } from '@b-deals/core';
import { useEffect, useState } from 'react';
import { data, redirect } from 'react-router';
import { Link } from '../lib/router-links';
import type { Route } from './+types/product';
import { Breadcrumb } from '../components/breadcrumb';
import { BuyNow } from '../components/buy-now';
import { LoveButton } from '../components/love-button';
import { CheckedDiscountBadge, Price, PriceBadge, StockBadge, WasCheckNote, shippingText } from '../components/price';
import { AdviceNote } from '../components/price-advice';
import { PriceHistory } from '../components/price-history';
import { compactPriceHistory } from '../lib/price-series';
import { ProductRail } from '../components/product-card';
import { VisuallySimilarRail } from '../components/visually-similar';
import { ga4Item, track } from '../lib/analytics';
import { apiFrom } from '../lib/api.server';
import { pageMeta } from '../lib/meta';
import { adviceByOffer } from '../lib/price-advice';
import { outOfStock, storeLinkText } from '../lib/stock';

/** Days of price history shown (issue: 365-day chart). */
const HISTORY_DAYS = 365;

/**
 * /prod/{slug}?id={id} with optional color and size (spec §2.1). The product comes from
 * GET …/standard-product/product/{id}/with-recommend; a missing or unknown id is 404, and a
 * stale slug redirects (301) to the product's own slug. "Visually similar" is asked for by the
 * browser when it scrolls near (components/visually-similar.tsx). The buy-or-wait advice of each
 * offer (GET …/price-advice, issue 16 §3) is asked for alongside and left out when it fails or
 * no model is fitted; the page shows none while the product is out of stock (there is nothing to
 * buy or wait for), says "Out of stock" by the price, and its store link is a plain "See at …".
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const id = Number(url.searchParams.get('id'));
  if (!Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 404 });
  const api = apiFrom(context);
  const [result, advice] = await Promise.all([api.product(id, HISTORY_DAYS), api.priceAdvice(id).catch(() => null)]);
  const color = url.searchParams.get('color') ?? undefined;
  const size = url.searchParams.get('size') ?? undefined;
  if (result.product.slug !== params.slug) throw redirect(productHref(result.product.slug, id, { color, size }), 301);
  return {
    ...result,
    priceHistory: compactPriceHistory(result.priceHistory),
    advice: adviceByOffer(advice),
    color: color && result.product.colors.includes(color) ? color : undefined,
    size: size && result.product.sizes.includes(size) ? size : undefined,
    origin: url.origin,
  };
}

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data) return [];
  const { product, offers, origin } = data;
  const stores = offers.length === 1 ? '1 store' : `${offers.length} stores`;
  return pageMeta(
    product.name,
    `${product.brand ? `${product.brand.name} ` : ''}${product.name}: from ${formatPrice(product.priceTag)} at ${stores}. Compare prices and see a year of price history.`,
    new URL(productHref(product.slug, product.id), origin).href,
  );
};

const SCHEMA_AVAILABILITY: Record<Offer['availability'], string> = {
  in_stock: 'https://schema.org/InStock',
  out_of_stock: 'https://schema.org/OutOfStock',
  preorder: 'https://schema.org/PreOrder',
  backorder: 'https://schema.org/BackOrder',
};
const AVAILABILITY_TEXT: Record<Offer['availability'], string> = {
  in_stock: 'In stock',
  out_of_stock: 'Out of stock',
  preorder: 'Pre-order',
  backorder: 'Backorder',
};

/** schema.org price text: dollars with two decimals, from cents. */
const schemaPrice = (cents: number) => (cents / 100).toFixed(2);

/**
 * JSON-LD Product with an AggregateOffer (schema.org): lowPrice (the best offer's total by core's
 * bestOffer rule, the same figure as the headline), highPrice (the highest total), offerCount,
 * priceCurrency USD, availability.
 */
function productJsonLd({ product, offers }: Pick<ProductWithRecommend, 'product' | 'offers'>, origin: string) {
  const best = bestOffer(offers);
  const totals = offers.map((o) => o.total);
  const availability = offers.some((o) => o.availability === 'in_stock')
    ? SCHEMA_AVAILABILITY.in_stock
    : SCHEMA_AVAILABILITY[offers[0]?.availability ?? 'out_of_stock'];
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description || undefined,
    image: product.images.map((i) => new URL(i.full.url, origin).href),
    sku: String(product.id),
    gtin: product.gtin ?? undefined,
    mpn: product.mpn ?? undefined,
    brand: product.brand ? { '@type': 'Brand', name: product.brand.name } : undefined,
    url: new URL(productHref(product.slug, product.id), origin).href,
    offers: {
      '@type': 'AggregateOffer',
      priceCurrency: 'USD',
      lowPrice: schemaPrice(best ? best.total : product.priceTag),
      highPrice: schemaPrice(totals.length ? Math.max(...totals) : product.priceTag),
      offerCount: offers.length,
      availability,
    },
  };
}

function Gallery({ images, name }: { images: ProductWithRecommend['product']['images']; name: string }) {
  const [current, setCurrent] = useState(0);
  const main = images[current] ?? images[0];
  return (
    <div>
      <div className="aspect-square overflow-hidden rounded-2xl border border-stone-200 bg-stone-50">
        {main ? (
          <img src={main.full.url} alt={name} width={800} height={800} className="h-full w-full object-contain mix-blend-multiply" fetchPriority="high" />
        ) : null}
      </div>
      {images.length > 1 ? (
        <ul className="mt-3 flex gap-2 overflow-x-auto">
          {images.map((img, i) => (
            <li key={img.full.url} className="shrink-0">
              <button
                type="button"
                onClick={() => setCurrent(i)}
                aria-pressed={i === current}
                aria-label={`Show image ${i + 1} of ${images.length}`}
                className={`block size-16 overflow-hidden rounded-lg border-2 bg-stone-50 ${i === current ? 'border-accent-600' : 'border-transparent'}`}
              >
                <img src={img.thumbnail.url} alt="" width={64} height={64} loading="lazy" className="h-full w-full object-contain mix-blend-multiply" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/**
 * A variant row: each value picks itself on this page (`?color=`/`?size=`), and `elsewhere` lists the
 * same item in other colours, each a product of its own (issue 11 §3), as links to their pages.
 */
function VariantPicker({
  label,
  param,
  values,
  selected,
  slug,
  id,
  other,
  elsewhere = [],
}: {
  label: string;
  param: 'color' | 'size';
  values: string[];
  selected?: string;
  slug: string;
  id: number;
  other: { color?: string; size?: string };
  elsewhere?: ProductDetail['otherColors'];
}) {
  if (values.length === 0 && elsewhere.length === 0) return null;
  // One colour of its own and others elsewhere: this page is that colour.
  const shown = selected ?? (elsewhere.length > 0 && values.length === 1 ? values[0] : undefined);
  return (
    <div className="mt-4">
      <h2 className="text-sm font-semibold">
        {label}
        {shown ? <span className="font-normal text-stone-600">: {shown}</span> : null}
      </h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {values.map((v) => (
          <li key={v}>
            <Link
              to={productHref(slug, id, { ...other, [param]: v === selected ? undefined : v })}
              replace
              preventScrollReset
              aria-current={v === shown ? 'true' : undefined}
              className={`block rounded-lg border px-3 py-1.5 text-sm ${v === shown ? 'border-accent-600 bg-accent-50 font-medium text-accent-800' : 'border-stone-300 hover:border-stone-500'}`}
            >
              {v}
            </Link>
          </li>
        ))}
        {elsewhere.map((o) => (
          <li key={o.id}>
            <Link to={productHref(o.slug, o.id)} className="block rounded-lg border border-stone-300 px-3 py-1.5 text-sm hover:border-stone-500">
              {o.color}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The offers, best first by core's rule: the total a shopper pays, then item price and shipping beside it. */
function OffersTable({ offers }: { offers: Offer[] }) {
  return (
    <table className="data-table">
      <caption className="sr-only">Offers from each store, lowest total (price plus shipping) first</caption>
      <thead>
        <tr>
          <th scope="col">Store</th>
          <th scope="col">Total</th>
          <th scope="col" className="hidden md:table-cell">
            Price
          </th>
          <th scope="col" className="hidden md:table-cell">
            Shipping
          </th>
          <th scope="col" className="hidden md:table-cell">
            Availability
          </th>
          <th scope="col" className="text-right">
            <span className="sr-only">Link to store</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {offers.map((o, i) => {
          const shipping = o.shipping === null ? 'Not stated' : o.shipping === 0 ? 'Free' : formatPrice(o.shipping);
          const was =
            o.wasPrice && o.wasPrice > o.price ? (
              <s className="ml-1 text-xs text-stone-500">
                <span className="sr-only">was </span>
                {formatPrice(o.wasPrice)}
              </s>
            ) : null;
          return (
            <tr key={o.id} data-testid="offer-row" className="border-b border-stone-100 align-middle">
              <th scope="row" className="py-3 pr-3 font-medium">
                <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  {o.merchant.name}
                  {i === 0 ? <span className="rounded bg-accent-50 px-1.5 py-0.5 text-xs font-semibold text-accent-800">Best price</span> : null}
                </span>
                <span className="block text-xs font-normal text-stone-600 md:hidden">{AVAILABILITY_TEXT[o.availability]}</span>
              </th>
              <td className="py-3 pr-3">
                <span data-testid="offer-total" className="font-semibold tabular-nums">
                  {formatPrice(o.total)}
                </span>
                <span className="block text-xs text-stone-600 md:hidden">
                  {formatPrice(o.price)}
                  {was} {shippingText(o.shipping).toLowerCase()}
                </span>
              </td>
              <td className="hidden py-3 pr-3 tabular-nums md:table-cell">
                {formatPrice(o.price)}
                {was}
              </td>
              <td className="hidden py-3 pr-3 md:table-cell">{shipping}</td>
              <td className={`hidden py-3 pr-3 md:table-cell ${o.availability === 'in_stock' ? 'text-emerald-700' : 'text-stone-600'}`}>
                {AVAILABILITY_TEXT[o.availability]}
              </td>
              <td className="py-3 text-right">
                <a
                  href={`/out/${o.id}/`}
                  target="_blank"
                  rel="nofollow sponsored noopener"
                  className="inline-block rounded-lg bg-accent-600 px-3 py-2 text-sm font-medium whitespace-nowrap text-white hover:bg-accent-700"
                >
                  Go to store
                  <span className="sr-only"> {o.merchant.name} (opens in a new tab)</span>
                </a>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

export default function Product({ loaderData }: Route.ComponentProps) {
  const { product, offers, priceHistory, advice, recommend, color, size, origin } = loaderData;
  const shown = sortOffers(
    offers.filter((o) => (!color || o.colors.length === 0 || o.colors.includes(color)) && (!size || o.sizes.length === 0 || o.sizes.includes(size))),
  );
  // The headline, the Buy button and the table's "Best price" row are one offer (issue 20 §1).
  const best = shown[0];
  useEffect(() => {
    track('view_item', { currency: 'USD', value: product.priceTag / 100, items: [ga4Item(product)] });
  }, [product]);
  // The price checks (issue 16) are of the product's best offer; they speak for the headline only when no variant filter changed it.
  const lead = !color && !size;
  // Offers in stock come first: when the best is out of stock, so is every other (QA finding 15).
  const soldOut = best ? outOfStock(best) : !product.inStock;
  const headline = best
    ? { price: best.total, itemPrice: best.price, shipping: best.shipping, wasPrice: best.wasPrice }
    : { price: product.priceTag, itemPrice: product.itemPrice, shipping: product.shipping, wasPrice: product.wasPrice };
  const jsonLd = JSON.stringify(productJsonLd(loaderData, origin)).replace(/</g, '\\u003c');
  const crumbs = [{ label: 'Home', href: '/' }, ...product.categories.map((c) => ({ label: c.term, href: categoryHref(c.path) })), { label: product.name }];
  return (
    <div className="container-page py-6">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <Breadcrumb items={crumbs} />
      <div className="mt-4 grid gap-8 md:grid-cols-2">
        <Gallery images={product.images} name={product.name} />
        <div>
          {product.brand ? (
            <Link
              to={brandMerchantHref({ b: [product.brand.slug], m: [] })}
              className="text-sm font-semibold tracking-wide text-accent-700 uppercase hover:underline"
            >
              {product.brand.name}
            </Link>
          ) : null}
          <h1 className="mt-1 text-2xl leading-tight font-bold sm:text-3xl">{product.name}</h1>
          <div data-testid="headline-price" className="mt-4 flex flex-wrap items-center gap-3">
            <Price {...headline} size="lg" />
            {soldOut ? <StockBadge /> : null}
            <CheckedDiscountBadge discount={best ? discountPercent(best.price, best.wasPrice) : product.discount} check={lead ? product.wasCheck : null} />
            {lead ? <PriceBadge badge={product.priceBadge} long /> : null}
          </div>
          {lead ? <WasCheckNote check={product.wasCheck} reference={product.referencePrice} /> : null}
          {best && advice && !soldOut ? (
            <div className="mt-3">
              <AdviceNote advice={advice[best.id]} />
            </div>
          ) : null}
          <p className="mt-1 text-sm text-stone-600">
            Best price from {offers.length === 1 ? '1 store' : `${offers.length} stores`}
            {product.inStock ? '' : ' · currently out of stock'}
          </p>
          <VariantPicker
            label="Color"
            param="color"
            values={product.colors}
            selected={color}
            slug={product.slug}
            id={product.id}
            other={{ size }}
            elsewhere={product.otherColors}
          />
          <VariantPicker label="Size" param="size" values={product.sizes} selected={size} slug={product.slug} id={product.id} other={{ color }} />
          <div className="mt-6 flex flex-wrap items-center gap-3">
            {best ? (
              // Out of stock, the store's page is still worth a look (restock, other options) but is not a purchase: a plain button.
              <a
                data-testid="buy-button"
                href={`/out/${best.id}/`}
                target="_blank"
                rel="nofollow sponsored noopener"
                className={
                  soldOut
                    ? 'inline-block rounded-xl border border-stone-300 bg-white px-6 py-3 font-semibold text-stone-800 hover:border-accent-600 hover:text-accent-800'
                    : 'inline-block rounded-xl bg-accent-600 px-6 py-3 font-semibold text-white hover:bg-accent-700'
                }
              >
                {storeLinkText(best)}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            ) : null}
            <LoveButton product={product} variant="page" />
          </div>
          <BuyNow key={`${product.id}-${color ?? ''}-${size ?? ''}`} productId={product.id} slug={product.slug} offers={shown} size={size} color={color} />
        </div>
      </div>

      <section aria-labelledby="offers" className="py-8">
        <h2 id="offers" className="mb-3 text-xl font-semibold">
          Compare {shown.length === 1 ? '1 offer' : `${shown.length} offers`}
        </h2>
        {shown.length > 0 ? <OffersTable offers={shown} /> : <p className="text-stone-600">No store offers this product in the chosen option right now.</p>}
      </section>

      <PriceHistory history={priceHistory} />

      {product.description ? (
        <section aria-labelledby="about" className="py-6">
          <h2 id="about" className="text-xl font-semibold">
            About this product
          </h2>
          <p className="mt-2 max-w-3xl leading-relaxed whitespace-pre-line text-stone-700">{product.description}</p>
          {product.gtin || product.mpn ? (
            <p className="mt-2 text-sm text-stone-600">
              {product.gtin ? `GTIN ${product.gtin}` : ''}
              {product.gtin && product.mpn ? ' · ' : ''}
              {product.mpn ? `MPN ${product.mpn}` : ''}
            </p>
          ) : null}
        </section>
      ) : null}

      <ProductRail title="Similar products" products={recommend} />
      <VisuallySimilarRail key={product.id} productId={product.id} />
    </div>
  );
}
