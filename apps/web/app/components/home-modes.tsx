import type { Mode } from '@b-deals/contracts';
import { formatCount, brandMerchantHref } from '@b-deals/core';
import { Link } from '../lib/router-links';
import { HydrateLater } from './hydrate-later';
import { ProductRail } from './product-card';
import { SmartLink } from './smart-link';

/** A titled grid of brand tiles (name and product count) linking to the brand pages (spec §5 link rule). */
export function BrandWall({ id, title, brands }: { id: string; title: string; brands: ReadonlyArray<{ slug: string; name: string; productCount: number }> }) {
  if (brands.length === 0) return null;
  return (
    <HydrateLater>
      <section aria-labelledby={id} className="py-6">
        <h2 id={id} className="mb-3 text-xl font-semibold">
          {title}
        </h2>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {brands.map((b) => (
            <li key={b.slug}>
              <Link
                to={brandMerchantHref({ b: [b.slug], m: [] })}
                className="flex h-full flex-col rounded-xl border border-stone-200 p-4 hover:border-accent-600 hover:shadow-sm"
              >
                <span className="truncate font-semibold">{b.name}</span>
                <span className="text-sm text-stone-600">{formatCount(b.productCount)} products</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </HydrateLater>
  );
}

/** One home module (spec §7 GET /tapestry/api/v2/modes): a banner, a product rail or a brand wall. */
function ModeBlock({ mode, ownHosts, first }: { mode: Mode; ownHosts: readonly string[]; first: boolean }) {
  switch (mode.type) {
    case 'banner':
      return (
        <HydrateLater>
          <section aria-label={mode.title} className="py-6">
            <SmartLink
              href={mode.href}
              ownHosts={ownHosts}
              className="relative flex min-h-40 flex-col justify-end overflow-hidden rounded-2xl bg-accent-800 p-6 text-white hover:opacity-95 sm:min-h-52 sm:p-8"
            >
              {mode.imageUrl ? (
                <img
                  src={mode.imageUrl}
                  alt=""
                  width={1200}
                  height={400}
                  loading={first ? 'eager' : 'lazy'}
                  className="absolute inset-0 h-full w-full object-cover opacity-40"
                />
              ) : null}
              <span className="relative text-2xl font-bold sm:text-3xl">{mode.title}</span>
              {mode.subtitle ? <span className="relative mt-1 sm:text-lg">{mode.subtitle}</span> : null}
            </SmartLink>
          </section>
        </HydrateLater>
      );
    case 'product_rail':
      return <ProductRail title={mode.title} products={mode.items} moreHref={mode.href ?? undefined} />;
    case 'brand_wall':
      return <BrandWall id={`mode-${mode.id}`} title={mode.title} brands={mode.brands} />;
  }
}

/** The home modules in position order. */
export function HomeModes({ modes, ownHosts }: { modes: Mode[]; ownHosts: readonly string[] }) {
  const sorted = [...modes].sort((a, b) => a.position - b.position);
  return (
    <>
      {sorted.map((m, i) => (
        <ModeBlock key={`${m.type}-${m.id}`} mode={m} ownHosts={ownHosts} first={i === 0} />
      ))}
    </>
  );
}
