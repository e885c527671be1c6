/**
 * Lenient streaming reader for XML product feeds: Google Merchant Center RSS 2.0
 * (`<rss><channel><item>` with `g:` attributes) and Atom 1.0 (`<feed><entry>`). Built on
 * htmlparser2 in xmlMode, so malformed-but-common input still reads: a missing or wrong
 * `xmlns:g` URI (any prefix is stripped, `<price>` = `<g:price>`), a `<channel>` without
 * `<rss>`, unescaped `&`, CDATA, raw HTML inside `<description>`, unclosed tags.
 */
import { Parser } from 'htmlparser2';
import { FeedReadError } from '../types.ts';
import { gmcAttributeName, parseShippingText, type GmcAttribute, type RawShipping } from './attributes.ts';
import type { OnRawItem, RawFeed, RawItem } from './raw.ts';
import { collapseWhitespace } from './text.ts';

const localName = (name: string): string => {
  const colon = name.indexOf(':');
  return (colon >= 0 ? name.slice(colon + 1) : name).toLowerCase();
};

/** Per-item reading state: which attributes came from a prefixed (namespaced) element, which win over plain ones. */
interface ItemState {
  item: RawItem;
  prefixed: Set<GmcAttribute>;
}

function addValue(state: ItemState, name: GmcAttribute, value: string, isPrefixed: boolean): void {
  const values = state.item.values;
  if (isPrefixed && !state.prefixed.has(name)) {
    state.prefixed.add(name);
    values.set(name, [value]);
  } else if (isPrefixed || !state.prefixed.has(name)) {
    const list = values.get(name);
    if (list) list.push(value);
    else values.set(name, [value]);
  }
}

/**
 * Reads an XML feed, handing each raw item to `onItem` in feed order.
 *
 * @throws FeedReadError `not_a_feed` when the document is not an RSS/Atom feed (e.g. an HTML
 *   page), `no_items` when it is a feed without `<item>`/`<entry>` elements.
 */
export function readXmlFeed(text: string, onItem: OnRawItem): RawFeed {
  let itemCount = 0;
  const stack: string[] = [];
  let root: string | null = null;
  let format: 'rss' | 'atom' | null = null;
  let feedTitle: string | null = null;
  let feedLink: string | null = null;
  // Current item and the attribute element being read (depth = stack length at its opening).
  let state: ItemState | null = null;
  let itemDepth = -1;
  let attr: { name: GmcAttribute | null; prefixed: boolean; depth: number; buf: string[] } | null = null;
  let shipping: (RawShipping & { depth: number; field: 'country' | 'price' | null; buf: string[] }) | null = null;
  let headText: string[] | null = null;

  const parser = new Parser(
    {
      onopentag(rawName, attribs) {
        const name = localName(rawName);
        root ??= name;
        const parent = stack[stack.length - 1];
        stack.push(name);
        if (state === null) {
          if (name === 'item' || name === 'entry') {
            format ??= name === 'item' ? 'rss' : 'atom';
            state = { item: { values: new Map(), shipping: [] }, prefixed: new Set() };
            itemDepth = stack.length;
          } else if ((parent === 'channel' || parent === 'feed') && (name === 'title' || name === 'link')) {
            if (name === 'link' && attribs.href !== undefined) {
              if (feedLink === null && (!attribs.rel || attribs.rel === 'alternate')) feedLink = attribs.href.trim();
            } else headText = [];
          }
          return;
        }
        const depth = stack.length;
        if (depth === itemDepth + 1) {
          const gmc = gmcAttributeName(name);
          const prefixed = rawName.includes(':');
          if (gmc === 'link' && attribs.href !== undefined) {
            // Atom <link href="…"/>: only the alternate (default) relation is the product page.
            if (!attribs.rel || attribs.rel === 'alternate') addValue(state, 'link', attribs.href, prefixed);
            attr = { name: null, prefixed, depth, buf: [] };
          } else if (gmc === 'shipping') {
            shipping = { country: null, price: null, depth, field: null, buf: [] };
          } else attr = { name: gmc, prefixed, depth, buf: [] };
        } else if (shipping && depth === shipping.depth + 1) {
          shipping.field = name === 'country' ? 'country' : name === 'price' ? 'price' : null;
          shipping.buf = [];
        } else if (attr?.name) {
          // Raw HTML inside e.g. <description>: keep the tag so htmlToText can treat it as markup.
          attr.buf.push(`<${name}>`);
        }
      },
      ontext(data) {
        if (attr?.name) attr.buf.push(data);
        else if (shipping) shipping.buf.push(data);
        else if (headText) headText.push(data);
      },
      onclosetag(rawName) {
        const name = localName(rawName);
        const depth = stack.length;
        stack.pop();
        if (state === null) {
          if (headText) {
            const value = collapseWhitespace(headText.join(''));
            if (name === 'title') feedTitle ??= value || null;
            else feedLink ??= value || null;
            headText = null;
          }
          return;
        }
        if (depth === itemDepth) {
          itemCount++;
          onItem(state.item);
          state = null;
          attr = null;
          shipping = null;
        } else if (attr && depth === attr.depth) {
          if (attr.name) addValue(state, attr.name, attr.buf.join(''), attr.prefixed);
          attr = null;
        } else if (shipping && depth === shipping.depth) {
          const group =
            shipping.country === null && shipping.price === null
              ? parseShippingText(shipping.buf.join(''))
              : [{ country: shipping.country, price: shipping.price }];
          state.item.shipping.push(...group);
          shipping = null;
        } else if (shipping && depth === shipping.depth + 1) {
          const value = shipping.buf.join('').trim() || null;
          if (shipping.field) shipping[shipping.field] = value;
          shipping.field = null;
          shipping.buf = [];
        } else if (attr?.name) attr.buf.push(`</${name}>`);
      },
    },
    { xmlMode: true },
  );
  parser.end(text);

  if (root === null || (format === null && !['rss', 'channel', 'feed'].includes(root))) {
    throw new FeedReadError(`Not a product feed: the XML root element is <${root ?? 'none'}>, not <rss>, <channel> or <feed>`, 'not_a_feed');
  }
  if (itemCount === 0) throw new FeedReadError(`The feed has no <item> or <entry> elements`, 'no_items');
  return { format: format ?? 'rss', title: feedTitle, link: feedLink, itemCount };
}
