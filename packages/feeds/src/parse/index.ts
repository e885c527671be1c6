/**
 * Merchant-feed parsing entry point: bytes or text in, a ParsedFeed out (types.ts), each item
 * accepted, accepted with warnings, or rejected with a stable reason code (reasons.ts).
 *
 * Formats (sniffed from the content; the file name's extension only breaks ties):
 * Google Merchant Center RSS 2.0 and Atom 1.0 XML (xml.ts), CSV and TSV (csv.ts).
 */
import { FeedReadError, type ParsedFeed, type ParsedItem } from '../types.ts';
import { readDelimitedFeed } from './csv.ts';
import type { FxTable } from './fx.ts';
import { normalizeItem, type NormalizeContext } from './normalize.ts';
import type { OnRawItem, RawFeed } from './raw.ts';
import { readXmlFeed } from './xml.ts';

export { ITEM_REASONS, type ReasonCode } from './reasons.ts';
export {
  loadFxTable,
  loadDefaultFxTable,
  readOperatorRates,
  withOperatorRates,
  convertToUsd,
  toUsdCents,
  FIXED_RATES,
  type UsdConversion,
  type FxRateSource,
  type OperatorRate,
  DEFAULT_FX_RATES_FILE,
  type FxTable,
  type FxDay,
} from './fx.ts';
export { CATEGORY_MAP_RULE, mapCategory, type CategoryInput, type CategoryMatch } from './category-map.ts';
export { googleCategoryPath } from './taxonomy.ts';

/** Options of {@link parseFeed}. */
export interface ParseFeedOptions {
  /** File name or URL path of the feed; its extension (.xml/.rss/.atom/.csv/.tsv/.txt) is a hint only. */
  filename: string;
  /** ISO 4217 currency of prices written without one, when the item has no `currency` value. Default `USD`. */
  defaultCurrency?: string;
  /** Exchange rates for converting to USD cents (see fx.ts). */
  fx: FxTable;
  /** Instant for FX rates and `sale_price_effective_date`. Default: now. */
  now?: Date;
}

/**
 * Decodes feed bytes: a UTF-8/UTF-16 BOM wins; else an XML declaration naming ISO-8859-1,
 * Latin-1 or windows-1252; else UTF-8, falling back to windows-1252 when the bytes are not
 * valid UTF-8 (old shop exports).
 */
export function decodeFeedText(input: Buffer | string): string {
  if (typeof input === 'string') return input.replace(/^\ufeff/, '');
  if (input[0] === 0xff && input[1] === 0xfe) return new TextDecoder('utf-16le').decode(input.subarray(2));
  if (input[0] === 0xfe && input[1] === 0xff) return new TextDecoder('utf-16be').decode(input.subarray(2));
  const head = input.subarray(0, 200).toString('latin1');
  if (/^\s*<\?xml[^>]*encoding=["'](iso-8859-1|latin-?1|windows-1252|cp1252)["']/i.test(head)) return new TextDecoder('windows-1252').decode(input);
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(input);
  } catch {
    return new TextDecoder('windows-1252').decode(input);
  }
}

/** Reads the feed, choosing the reader from the content; each raw item goes to `onItem`. */
function readRaw(text: string, filename: string, onItem: OnRawItem): RawFeed {
  const start = text.trimStart();
  if (start === '') throw new FeedReadError('The feed is empty', 'empty_feed');
  if (start.slice(0, 4096).includes('\u0000')) throw new FeedReadError('Not a product feed: the file is binary', 'not_a_feed');
  if (start.startsWith('<')) return readXmlFeed(start, onItem);
  if (start.startsWith('{') || start.startsWith('[')) {
    throw new FeedReadError('Not a product feed: JSON is not a supported feed format (use RSS, Atom, CSV or TSV)', 'not_a_feed');
  }
  if (/\.(xml|rss|atom)$/i.test(filename) && /<(rss|channel|feed|item|entry)\b/i.test(start.slice(0, 4096))) {
    // Junk (a banner, a stray line) before the XML of a file named as XML.
    return readXmlFeed(start.slice(start.search(/<(\?xml|rss|channel|feed)\b/i)), onItem);
  }
  return readDelimitedFeed(start, onItem);
}

/**
 * Parses and normalises a merchant feed.
 *
 * @returns the feed's format, channel title/link, and one ParsedItem per item in feed order:
 *   `item` set (maybe with `warnings`) or `rejection` set. Prices are USD cents converted with
 *   `opts.fx` at `opts.now`; a non-USD price is kept in `item.original`.
 * @throws FeedReadError when the feed cannot be read at all: `empty_feed` (no content),
 *   `not_a_feed` (HTML page, JSON, binary, XML that is not RSS/Atom, a text file without a
 *   recognisable header row), `no_items` (a feed with no items/rows).
 */
export function parseFeed(input: Buffer | string, opts: ParseFeedOptions): ParsedFeed {
  const ctx: NormalizeContext = {
    defaultCurrency: (opts.defaultCurrency ?? 'USD').toUpperCase(),
    fx: opts.fx,
    now: opts.now ?? new Date(),
    seenIds: new Set(),
  };
  const items: ParsedItem[] = [];
  const raw = readRaw(decodeFeedText(input), opts.filename, (item) => items.push(normalizeItem(item, items.length, ctx)));
  return { format: raw.format, title: raw.title, link: raw.link, items };
}
