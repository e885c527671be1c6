/** The reader → normaliser seam: one item's attribute values exactly as written in the feed. */
import type { FeedFormat } from '../types.ts';
import type { GmcAttribute, RawShipping } from './attributes.ts';

/** One feed item before normalisation. Values are as written (XML entities decoded, CSV unquoted), untrimmed. */
export interface RawItem {
  /** Values by GMC attribute; repeated attributes (e.g. `additional_image_link`) keep every value in order. */
  values: Map<GmcAttribute, string[]>;
  /** GMC `shipping` groups. */
  shipping: RawShipping[];
}

/** Feed-level facts a reader reports after handing every item to its `onItem` callback. */
export interface RawFeed {
  format: FeedFormat;
  title: string | null;
  link: string | null;
  /** Number of items handed to `onItem`. */
  itemCount: number;
}

/** Receives each raw item as soon as it is read (items stream; the reader keeps none). */
export type OnRawItem = (item: RawItem) => void;

/** First value of an attribute, or undefined. */
export function first(item: RawItem, name: GmcAttribute): string | undefined {
  return item.values.get(name)?.[0];
}
