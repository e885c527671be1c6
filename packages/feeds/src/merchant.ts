/**
 * The merchant a feed belongs to, as the feed or the operator names it. The catalogue writes it
 * into `merchants` (apps/api `catalog/writes.ts`); spec §3 gives the region and marketplace keys.
 */
import { slugify, type Marketplace, type Region } from '@b-deals/core';
import type { ParsedFeed } from './types.ts';

/** Merchant of a feed. Only `slug` is required; the other fields update the merchant when given. */
export interface MerchantInput {
  slug: string;
  name?: string;
  region?: Region;
  marketplace?: Marketplace | null;
  homepage?: string | null;
  logo?: string | null;
}

/** Merchant of a feed without `--merchant`: channel title, else the link's host, else the file name. */
export function merchantFromFeed(parsed: Pick<ParsedFeed, 'title' | 'link'>, feed: string): MerchantInput {
  let host: string | null = null;
  try {
    host = parsed.link ? new URL(parsed.link).hostname.replace(/^www\./, '') : null;
  } catch {
    host = null;
  }
  const stem = feed.replace(/^.*[\\/]/, '').replace(/\.[^.]+$/, '');
  const name = parsed.title?.trim() || host || stem;
  return { slug: slugify(host?.split('.')[0] ?? name) || slugify(stem) || 'merchant', name, homepage: host ? `https://${host}` : null };
}
