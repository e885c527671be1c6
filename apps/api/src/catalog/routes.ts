/**
 * Catalogue routes of the `/inventory/api/v1` namespace (spec §7), registered by app.ts under that
 * prefix: merchants, brands, the standard product with its offers and history, the catalogue
 * version, the landing-page tabs (Top Selling, Lowest Price) and the outbound click. Search and
 * hot words are the search domain's (`search/routes.ts`). Handlers are
 * thin: queries live beside this file. Errors: 400 `{code, message, details}` for invalid input
 * (zod schemas of @b-deals/contracts), 404 for unknown ids.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BrandDetailSchema,
  BrandParamsSchema,
  BrandsQuerySchema,
  BrandsResponseSchema,
  CatalogVersionQuerySchema,
  CatalogVersionSchema,
  ClickResponseSchema,
  ErrorBodySchema,
  LowestPriceResponseSchema,
  MerchantsQuerySchema,
  MerchantsResponseSchema,
  OfferLookupQuerySchema,
  OfferLookupSchema,
  OfferParamsSchema,
  ProductParamsSchema,
  ProductQuerySchema,
  ProductWithRecommendSchema,
  SizesQuerySchema,
  SizesResponseSchema,
  TabParamsSchema,
  TabQuerySchema,
  TabsResponseSchema,
  TopSellingResponseSchema,
} from '@b-deals/contracts';
import type { Database } from '@b-deals/db';
import { brandDetail, listBrands, listMerchants, sizesInStock } from './directory.ts';
import { clickVisitor, landingTabs, lowestPrice, recordClick, topSelling } from './landing.ts';
import { lookupOfferByLink } from './offers.ts';
import { productWithRecommend } from './product.ts';
import type { SearchCache, SearchDeps } from '../search/index.ts';

/** What the catalogue routes run on. */
export interface CatalogRouteOptions {
  db: Database;
  search: Required<SearchDeps>;
  /** Answers that change only with the catalogue (product pages), keyed by catalogue version (issue 12 §3). */
  answers: SearchCache;
}

const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema };

export const catalogRoutes: FastifyPluginAsyncZod<CatalogRouteOptions> = async (r, { db, search, answers }) => {
  r.get('/merchants', { schema: { querystring: MerchantsQuerySchema, response: { 200: MerchantsResponseSchema, ...errors } } }, async (req) => {
    const merchants = await listMerchants(db, req.query.marketplace, req.query.region);
    return { merchants, total: merchants.length };
  });

  r.get(
    '/sizes',
    {
      schema: {
        description: 'Sizes in stock now at some merchant, in size order, with their product counts (spec §7).',
        querystring: SizesQuerySchema,
        response: { 200: SizesResponseSchema, ...errors },
      },
    },
    async (req) => {
      // Changes only with an ingest: cached per catalogue version.
      const { version } = await search.index.snapshot(db);
      return answers.remember(JSON.stringify(['sizes', version, req.query.dept]), async () => {
        const sizes = await sizesInStock(db, req.query.dept);
        return { sizes, total: sizes.length };
      });
    },
  );

  r.get('/brands', { schema: { querystring: BrandsQuerySchema, response: { 200: BrandsResponseSchema, ...errors } } }, async (req) =>
    listBrands(db, req.query),
  );

  r.get('/brand/:id', { schema: { params: BrandParamsSchema, response: { 200: BrandDetailSchema, ...errors } } }, async (req) =>
    brandDetail(db, req.params.id),
  );

  r.get(
    '/standard-product/product/:id/with-recommend',
    { schema: { params: ProductParamsSchema, querystring: ProductQuerySchema, response: { 200: ProductWithRecommendSchema, ...errors } } },
    async (req) => {
      const { id } = req.params;
      const { days, recommend } = req.query;
      // The answer changes only with an ingest (a new catalogue version): product pages are the
      // most visited, so they are computed once per version and product (single flight).
      const { version } = await search.index.snapshot(db);
      return answers.remember(JSON.stringify(['product', version, id, days, recommend]), () => productWithRecommend(db, id, days, recommend));
    },
  );

  // Shutting down (SIGTERM; issue 12 §4): pending long-polls answer at once with the version they
  // have, instead of holding the process for up to `waitMs` (a storefront always has one open);
  // the poller simply asks again, of another instance.
  const closing = new Promise<void>((resolve) => r.addHook('preClose', async () => resolve()));
  r.get(
    '/catalog/version',
    {
      schema: {
        description:
          'Long-poll for the catalogue version (newest ingest run): answers when it is above `after`, or after `waitMs`, or at once when the server shuts down.',
        querystring: CatalogVersionQuerySchema,
        response: { 200: CatalogVersionSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { after, waitMs } = req.query;
      let { version } = await search.index.snapshot(db);
      if (version > after || waitMs === 0) return { version };
      let timer: NodeJS.Timeout | undefined;
      // The poller went away (its socket closed before the answer): stop waiting for it.
      const closed = new Promise<void>((resolve) => reply.raw.once('close', resolve));
      await Promise.race([search.index.nextBuild(), closed, closing, new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
      clearTimeout(timer);
      ({ version } = await search.index.snapshot(db));
      return { version };
    },
  );

  r.get('/top-selling/tabs', { schema: { response: { 200: TabsResponseSchema } } }, async () => ({ tabs: landingTabs() }));
  r.get(
    '/top-selling/:id',
    { schema: { params: TabParamsSchema, querystring: TabQuerySchema, response: { 200: TopSellingResponseSchema, ...errors } } },
    async (req) => topSelling(db, req.params.id, req.query.from, req.query.to),
  );
  r.get('/products/lowest-tabs', { schema: { response: { 200: TabsResponseSchema } } }, async () => ({ tabs: landingTabs() }));
  r.get(
    '/products/lowest-tab/:id',
    { schema: { params: TabParamsSchema, querystring: TabQuerySchema, response: { 200: LowestPriceResponseSchema, ...errors } } },
    async (req) => lowestPrice(db, req.params.id, req.query.from, req.query.to),
  );
  r.get(
    '/offers/lookup',
    {
      schema: {
        description: "The product behind a merchant's product link (query, fragment, scheme, www. and trailing slashes ignored); 404 when not tracked.",
        querystring: OfferLookupQuerySchema,
        response: { 200: OfferLookupSchema, ...errors },
      },
    },
    async (req) => lookupOfferByLink(db, req.query.link),
  );
  r.post(
    '/offers/:id/click',
    {
      schema: {
        description: 'Records an outbound click (Top Selling signal; one per client and product a day) and returns the merchant link.',
        params: OfferParamsSchema,
        response: { 200: ClickResponseSchema, ...errors },
      },
    },
    async (req) => recordClick(db, req.params.id, clickVisitor(req.ip)),
  );
};
