/**
 * The shape of the search snapshot (decision 0003): the typed-array columns, card fields and inverted file of one
 * image of the searchable catalogue, and the work arrays its searches reuse. Built by `snapshot.ts` `buildSnapshot`,
 * read by `match.ts`, `facet-pass.ts`, `sort.ts` and the other search modules.
 */
import type { ListSets, RowGroups } from './list-sets.ts';

/**
 * Label bits of a row: `verified_discount` is a discount whose was-price our own history confirms
 * (core `wasCheck` 'verified': no higher than the offer's lowest observed price in the 30 days
 * before the sale, EU Omnibus Art. 6a), so a listing can show the drops a shopper really gets.
 */
export const LABEL_BITS = { on_sale: 1, in_stock: 2, multi_merchant: 4, verified_discount: 8 } as const;

export interface NamedRef {
  id: number;
  slug: string;
  name: string;
}

/** One immutable image of the searchable catalogue, plus click counters updated in place. */
export interface Snapshot {
  /** Catalogue version: id of the newest ingest run when built. */
  version: number;
  /** Id of the newest outbound click applied. */
  clickId: number;
  builtAt: number;
  /** Number of products (rows). */
  n: number;
  ids: Float64Array;
  rowById: Map<number, number>;
  /**
   * Category codes, one entry per distinct code and leaves listed too (`codeAlso`); `codeOf[row]`
   * indexes it. A code without such leaves has one entry; a code may have more (Shoes' Other leaf
   * `k` alone, and `k` listed under Women's and Men's Sneakers too).
   */
  codes: string[];
  /** Per entry of `codes`: the leaves its rows are listed under as well (decision 0026; usually none). */
  codeAlso: ReadonlyArray<readonly string[]>;
  codeOf: Uint16Array;
  /** Rows by category code index (ascending): what a category listing visits (search.ts). */
  codeRows: RowGroups;
  /** Department (first code character) index in DEPARTMENTS per row, -1 when none. */
  deptOf: Int8Array;
  /** Rows per department index (DEPARTMENTS): a category listing's department facet, which counts every product. */
  deptTotals: Int32Array;
  brands: NamedRef[];
  brandBySlug: Map<string, number>;
  /**
   * The store's own category of each row (issue 11 §6): an index into `storeCategoryCodes` of its
   * first offer's merchant and GMC `product_type` (-1 when that offer states none). Rows of one store
   * category that our tree files apart ("Men > Bottoms > Pants": a track pant under Sports ›
   * Sweatshirts, yoga pants under Yoga Wear, the others under Trousers) are where that store files
   * one kind (more-of-kind.ts `moreOfKind`).
   */
  storeCategoryOf: Int32Array;
  /** Per store category: the distinct category codes its rows are filed under, in the order first met. */
  storeCategoryCodes: ReadonlyArray<readonly string[]>;
  /** Dense brand index per brand id. */
  brandIdx: Map<number, number>;
  /** Parent brand index per brand index, -1 for none. */
  brandParent: Int32Array;
  /** Dense brand index per row, -1 for none. */
  brandOf: Int32Array;
  merchants: NamedRef[];
  merchantBySlug: Map<string, number>;
  /** Merchants of row r: merchantList[merchantStart[r] .. merchantStart[r + 1]) (dense indexes). */
  merchantStart: Uint32Array;
  merchantList: Int32Array;
  /** Distinct size filter values in stock (core `sizeFilterValue`, natural size order); `sizeBy` indexes it. */
  sizes: string[];
  sizeBy: Map<string, number>;
  /**
   * Sizes of row r in stock at some active offer (`offers.size_stock`, issue 11 §3):
   * sizeList[sizeStart[r] .. sizeStart[r + 1]) (indexes into `sizes`).
   */
  sizeStart: Uint32Array;
  sizeList: Int32Array;
  /** Rows' merchant lists and size lists interned (`list-sets.ts`): what the merchant and size facets count. */
  merchantSets: ListSets;
  sizeSets: ListSets;
  /** Basic colours of row r's stated colours (GMC `color`), bit i for core `BASIC_COLOURS[i]` (`basicColourMask`); the colour filter reads it. */
  basicColours: Uint16Array;
  /** Lowest current price, cents (-1 when unknown). */
  price: Int32Array;
  /** Price band index (PRICE_BANDS) per row, -1 when none. */
  bandOf: Int8Array;
  /** Bit i set when the product is sold on MARKETPLACES[i]. */
  marketMask: Uint8Array;
  /** LABEL_BITS per row. */
  labels: Uint8Array;
  discount: Int16Array;
  /**
   * Card fields (the page of a search is answered from memory): slug, title, image URL, was price
   * (cents, -1 none), the best offer's item price (cents, -1 none) and shipping (cents, -1 not stated).
   */
  slug: string[];
  title: string[];
  imageUrl: Array<string | null>;
  wasPrice: Int32Array;
  itemPrice: Int32Array;
  shipping: Int32Array;
  /**
   * Price-truth facts for the cards' badges (core `priceBadge`, `wasCheck`; issue 16): lowest total
   * of the 90 days before today and of the last 365 (cents, -1 none), observed days among the 90
   * and 365 before today, the was-price check (index into core WAS_CHECKS, -1 none) and its
   * reference price (cents, -1 none).
   */
  low90Prior: Int32Array;
  observed90: Int16Array;
  low365: Int32Array;
  observed365: Int16Array;
  wasCheck: Int8Array;
  reference: Int32Array;
  popularity: Float64Array;
  clicks: Int32Array;
  createdMs: Float64Array;
  /** Sorted lexemes; postings of lexicon[i] are postRow/postWeight/postStrong[postStart[i] .. postStart[i + 1]). */
  lexicon: string[];
  postStart: Uint32Array;
  postRow: Int32Array;
  postWeight: Float32Array;
  /** 1 when the lexeme occurs in the row's title, brand or category words (weight A, B or C), 0 when only in its description. */
  postStrong: Uint8Array;
  /**
   * Compound names (issue 11 §6): -1 when the lexeme is a word of its own in the row's strong
   * fields; else every strong occurrence is a modifier — a kind word (core `PRODUCT_KIND_WORDS`)
   * not of the row's own category, directly followed by another kind word (the "dress" of "Dress
   * Shirt", whose lexicon index this is) — or a part of a hyphenated word (-2: the "leg" of
   * "Wide-Leg"). See `compoundHeads`. -3: a sub-brand's line word standing only in the row's brand
   * name (`brandLineOnly`); -4: a word of the row's colour name standing only in it (`colourNameOnly`).
   */
  postHead: Int32Array;
  /** First position of the lexeme in the row's strong fields (tsvector positions, 1-based; 0 none): phrase proximity. */
  postPos: Uint16Array;
  /**
   * Stated colours (issue 11 §6, core `SEARCH_COLOUR_WORDS`): per lexicon index, the index of the
   * colour word it is (-1 for none); per row, 1 when the product states its colours (GMC `color`),
   * and the bits (`colourBits[row * 2 + (i >> 5)]`, bit `i & 31`) of the colour words its colours
   * or its brand's name hold. See `matchTerms`.
   */
  colourOf: Int8Array;
  /**
   * Per lexicon index: 1 when the lexeme is a kind word's (core `PRODUCT_KIND_WORDS`, as the analyser stems it: `jacket`,
   * `bag`, `legging`), else 0. In the description fallback a kind word still matches only in a product's strong fields
   * (`matchTerms`): a description's "pairs with jeans" makes no top a pair of jeans.
   */
  kindLexeme: Uint8Array;
  coloured: Uint8Array;
  colourBits: Uint32Array;
  /** Brand indexes by the first word of their lower-cased name (brand words named in a query). */
  brandsByFirstWord: Map<string, number[]>;
  /** Per-row work arrays reused by every search (a search evaluates synchronously, so one at a time). */
  scratch: Scratch;
}

/** Work arrays of a snapshot's searches: entries of `seen` and `relevance` are valid for rows whose `stamp` is the current `gen`. */
export interface Scratch {
  gen: number;
  stamp: Uint32Array;
  seen: Uint8Array;
  relevance: Float64Array;
  /** Sort key of matched rows (relevance × popularity lift). */
  score: Float64Array;
  /** Rows found by the text match. */
  found: Int32Array;
  /** Rows passing every filter. */
  matched: Int32Array;
  /** Position (`postPos`) of the previous query term's lexeme in the row, for phrase proximity. */
  pos: Uint16Array;
}

/** Zeroed work arrays for a snapshot of `n` rows. */
export function newScratch(n: number): Scratch {
  return {
    gen: 0,
    stamp: new Uint32Array(n),
    seen: new Uint8Array(n),
    relevance: new Float64Array(n),
    score: new Float64Array(n),
    found: new Int32Array(n),
    matched: new Int32Array(n),
    pos: new Uint16Array(n),
  };
}
