/**
 * Reader for delimited product feeds (GMC "text/TSV" feeds and shop CSV exports), built on
 * csv-parse: detects the delimiter (tab, comma, semicolon or pipe) from the header row, skips a
 * BOM, accepts quoted fields with newlines and ragged rows, and maps headers with
 * {@link gmcAttributeName}; columns it does not know are ignored.
 */
import { parse } from 'csv-parse/sync';
import { FeedReadError } from '../types.ts';
import { gmcAttributeName, parseShippingText, type GmcAttribute } from './attributes.ts';
import type { OnRawItem, RawFeed, RawItem } from './raw.ts';

const DELIMITERS = ['\t', ',', ';', '|'] as const;

/** Delimiter of the header row: the candidate occurring most often outside quotes (ties: tab, comma, semicolon, pipe); null when none occurs. */
export function detectDelimiter(text: string): string | null {
  const counts = new Map<string, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, (counts.get(ch) as number) + 1);
  }
  let best: string | null = null;
  for (const d of DELIMITERS) if ((counts.get(d) as number) > (best ? (counts.get(best) as number) : 0)) best = d;
  return best;
}

/** Columns at least two of which a product feed must have. */
const CORE_COLUMNS: GmcAttribute[] = ['id', 'title', 'link', 'price'];

/**
 * Reads a delimited feed, handing one raw item per non-blank data row to `onItem`. `additional_image_link`
 * cells may hold several URLs separated by commas (GMC text-feed rule); `shipping` cells use the
 * GMC text form `US::Standard:4.95 USD`.
 *
 * @throws FeedReadError `not_a_feed` when the header row has no delimiter or fewer than two of
 *   id/title/link/price; `no_items` when there are no data rows.
 */
export function readDelimitedFeed(text: string, onItem: OnRawItem): RawFeed {
  const body = text.replace(/^\ufeff/, '');
  const delimiter = detectDelimiter(body);
  if (!delimiter) throw new FeedReadError('Not a product feed: no tab, comma, semicolon or pipe in the first line', 'not_a_feed');
  const rows = parse(body, {
    delimiter,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
  }) as string[][];
  const header = (rows[0] ?? []).map(gmcAttributeName);
  if (CORE_COLUMNS.filter((c) => header.includes(c)).length < 2) {
    throw new FeedReadError('Not a product feed: the header row names fewer than two of id, title, link and price', 'not_a_feed');
  }
  let itemCount = 0;
  for (let r = 1; r < rows.length; r++) {
    const row = rows[r] as string[];
    if (row.every((cell) => cell.trim() === '')) continue;
    const item: RawItem = { values: new Map(), shipping: [] };
    header.forEach((name, c) => {
      const cell = row[c];
      if (!name || cell === undefined || cell.trim() === '') return;
      if (name === 'shipping') item.shipping.push(...parseShippingText(cell));
      else if (name === 'additional_image_link') item.values.set(name, [...(item.values.get(name) ?? []), ...cell.split(/,\s*(?=https?:\/\/)/i)]);
      else if (!item.values.has(name)) item.values.set(name, [cell]);
    });
    itemCount++;
    onItem(item);
  }
  if (itemCount === 0) throw new FeedReadError('The feed has a header row but no data rows', 'no_items');
  return { format: delimiter === '\t' ? 'tsv' : 'csv', title: null, link: null, itemCount };
}
