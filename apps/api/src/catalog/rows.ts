/**
 * The catalogue's slice of the schema as raw-query rows (`SqlRow`: SQL column names, Drizzle's
 * `$inferSelect` types): merchants, brands, standard products, offers, images, outbound clicks.
 */
import type { SqlRow, schema } from '@b-deals/db';

export type MerchantRow = SqlRow<typeof schema.merchants>;
export type BrandRow = SqlRow<typeof schema.brands>;
export type ProductRow = SqlRow<typeof schema.products>;
export type OfferRow = SqlRow<typeof schema.offers>;
export type ImageRow = SqlRow<typeof schema.images>;
