/**
 * The demo catalogue as data, before anything is written: fictional merchants and brands,
 * standard products over every leaf category (spec §3 tree, DESIGN.md "Category codes") and
 * the offers merchants make for them. Pure and deterministic for the same options; no I/O
 * except reading nothing. Prices are minor units (cents) of the stated currency.
 */
import { LEAF_CATEGORIES, categoryTrail, gtinCheckDigit, slugify } from '@b-deals/core';
import type { CategoryNode } from '@b-deals/core';
import { BRAND_GIVEN, BRAND_HEADS, BRAND_HOUSES, BRAND_LINES, BRAND_TAILS, COLOURS, DESCRIPTORS, LEAF_SPECS, SHADES, SIZE_LABELS } from './catalogue-data.ts';
import type { LeafSpec } from './catalogue-data.ts';
import { MERCHANT_DEFS, type MerchantDef } from './merchants-data.ts';
import { rngFor } from './random.ts';
import type { Rng } from './random.ts';

/** Options of the plan (a subset of `generateDemoCatalogue` options). */
export interface PlanOptions {
  /** Standard products (default 5000, at least 1). */
  products?: number;
  /** Merchants (default 24; 20..MERCHANT_DEFS.length). */
  merchants?: number;
  /** Parent brands (default 150, 8..1000); sub-brand lines come on top. */
  brands?: number;
  /** PRNG seed (default 1). */
  seed?: number;
}

/** A fictional brand; `line` is its sub-brand ("Northvale Kids") for one department. */
export interface DemoBrand {
  name: string;
  /** MPN prefix, 3 upper-case letters plus a digit. */
  code: string;
  /** 0 budget, 1 mid, 2 premium, 3 luxury. */
  tier: 0 | 1 | 2 | 3;
  /** Department codes it makes. */
  departments: string[];
  line: { department: string; name: string } | null;
  /** GTIN body prefix: 6 digits for UPC-A (GTIN-12), 7 for EAN-13. */
  gtinPrefix: string;
}

/** A standard product: what every offer for it shares. */
export interface DemoProduct {
  /** Stable key, e.g. `p00042`; also the image file name. */
  key: string;
  leaf: CategoryNode;
  spec: LeafSpec;
  /** Top-level department code (`8`, `9`, `b`, `e`, `f`, `g`, `k`, `7`). */
  department: string;
  brand: DemoBrand;
  /** Brand as written in feeds (GMC `brand`): the brand or its sub-brand line. */
  brandName: string;
  /** Descriptive words + category noun, without brand or colour. */
  name: string;
  /** Canonical title: `<brand> <name> - <colour>`. */
  title: string;
  /** GMC `color` (null for products where colour is only packaging). */
  color: string | null;
  /** Fill colour of the image, `#rrggbb`. */
  hex: string;
  /** Image variation index (pattern/accent), 0..5. */
  pattern: number;
  sizes: string[];
  /** GTIN-12 or GTIN-13 with a valid check digit. */
  gtin: string;
  mpn: string;
  /** Brand list price in USD cents. */
  listCents: number;
  /** Plain-text description. */
  description: string;
  /** Feature bullets (used by merchants that send HTML). */
  features: string[];
  /** GMC `product_type`: the category trail joined by " > ". */
  productType: string;
}

/** One merchant's listing of one product (one feed item, or several sharing `item_group_id`). */
export interface DemoOffer {
  product: DemoProduct;
  merchant: MerchantDef;
  /** Offer key: the GMC `id`, or the `item_group_id` when sizes are separate items. */
  key: string;
  /** Separate size items (variants) share `key` as `item_group_id`. */
  variants: boolean;
  title: string;
  /** Regular price at the start of history, minor units of `merchant.currency`. */
  basePrice: number;
  /** Description as the merchant sends it (may hold HTML; "" for a few items). */
  description: string;
}

/** The whole plan. `offersByMerchant` keeps each merchant's offers in product order. */
export interface DemoPlan {
  merchants: MerchantDef[];
  brands: DemoBrand[];
  products: DemoProduct[];
  offersByMerchant: Map<string, DemoOffer[]>;
  offerCount: number;
}

const DEPARTMENTS = ['8', '9', 'b', 'e', 'f', 'g', 'k', '7'];
const DEPT_WEIGHT: Record<string, number> = { '8': 1.3, '9': 1.1, b: 1, e: 1, f: 0.8, g: 0.8, k: 1.1, '7': 1 };
const TIER_FACTOR = [0.7, 1, 1.6, 2.8];
const EAN_COUNTRY = ['400', '401', '500', '501', '300', '301', '800', '840', '870', '760'];
/** Exchange rates used to price European merchants (units of currency per USD). */
export const DEMO_FX: Readonly<Record<string, number>> = { USD: 1, EUR: 0.92, GBP: 0.79 };

/**
 * Rounds a price in minor units the way shops do: whole units from 100.00, `.99` endings
 * from 20.00, `.49`/`.99` below. Never returns less than 99.
 */
export function shopRound(minor: number): number {
  if (minor >= 10000) return Math.round(minor / 100) * 100;
  if (minor >= 2000) return Math.round(minor / 100) * 100 - 1;
  return Math.max(99, Math.round(minor / 50) * 50 - 1);
}

function makeBrands(count: number, rng: Rng): DemoBrand[] {
  const names = new Set<string>();
  const brands: DemoBrand[] = [];
  for (let i = 0; brands.length < count; i++) {
    const name = rng.chance(0.2) ? `${rng.pick(BRAND_HOUSES)} ${rng.pick(BRAND_GIVEN)}` : `${rng.pick(BRAND_HEADS)}${rng.pick(BRAND_TAILS)}`;
    if (names.has(name) || i > count * 50) {
      if (i > count * 50) throw new RangeError(`cannot invent ${count} distinct brand names`);
      continue;
    }
    names.add(name);
    const n = brands.length;
    const primary = DEPARTMENTS[n % DEPARTMENTS.length] as string;
    const departments = [primary];
    for (let extra = rng.weighted([0.35, 0.45, 0.2]); extra > 0; extra--) {
      const d = rng.pick(DEPARTMENTS);
      if (!departments.includes(d)) departments.push(d);
    }
    const lineDept = departments.slice(1).find((d) => BRAND_LINES[d]);
    const letters = slugify(name)
      .replace(/[^a-z]/g, '')
      .toUpperCase();
    const origin = rng.chance(0.55) ? 'US' : 'EU';
    brands.push({
      name,
      code: `${letters.slice(0, 3)}${n % 10}`,
      tier: rng.weighted([0.25, 0.45, 0.2, 0.1]) as DemoBrand['tier'],
      departments,
      line: lineDept && rng.chance(0.45) ? { department: lineDept, name: `${name} ${BRAND_LINES[lineDept]}` } : null,
      gtinPrefix: origin === 'US' ? `0${String(20000 + n * 71).padStart(5, '0')}` : `${rng.pick(EAN_COUNTRY)}${String(1000 + n * 7).padStart(4, '0')}`,
    });
  }
  return brands;
}

function leafSpec(leaf: CategoryNode): LeafSpec {
  const spec = LEAF_SPECS.get(leaf.code as string);
  if (!spec) throw new Error(`no demo spec for leaf ${leaf.code}`);
  return spec;
}

function sizesFor(spec: LeafSpec, rng: Rng): string[] {
  const all = SIZE_LABELS[spec.sizes];
  if (all.length <= 4) return all.slice();
  const len = rng.int(4, all.length);
  const start = rng.int(0, all.length - len);
  return all.slice(start, start + len);
}

const CARE: Record<string, string[]> = {
  '8': ['Machine wash cold, hang to dry.', 'Dry clean recommended.', 'True to size; model wears a size S.'],
  '9': ['Machine wash cold, tumble dry low.', 'Regular fit; model is 6\'1" and wears a size M.', 'Dry clean only.'],
  b: ['Dermatologist tested.', 'Cruelty-free and vegan.', 'Suitable for all skin types.'],
  e: ['Interior zip pocket and card slots.', 'Adjustable strap; dust bag included.', 'Magnetic snap closure.'],
  f: ['Nickel-free and hypoallergenic.', 'Arrives in a gift box.', 'Water resistant to 50 m.'],
  g: ['Soft, tag-free labels.', 'Tested for harmful substances.', 'Easy-care fabric, machine washable.'],
  k: ['Cushioned footbed and rubber outsole.', 'Fits true to size.', 'Leather lining.'],
  '7': ['Reflective details for low light.', 'Lifetime repair guarantee.', 'Packs into its own pocket.'],
};

/** Jewelry descriptors (catalogue-data `DESCRIPTORS.f`) that name the metal, and the GMC `color` they give. */
const METAL_COLOURS: ReadonlyArray<readonly [string, readonly [string, string]]> = [
  ['14k Gold-Plated', ['Gold', '#c9a43a']],
  ['Rose Gold-Tone', ['Rose Gold', '#b76e79']],
  ['Sterling Silver', ['Silver', '#c0c4c8']],
];

/** Whether a name holds one word twice, case ignored ("Leather Pebbled Leather Bucket Bag"). */
function repeatsAWord(name: string): boolean {
  const words = name
    .toLowerCase()
    .split(/[^a-z0-9'-]+/)
    .filter(Boolean);
  return new Set(words).size !== words.length;
}

function makeProduct(index: number, leaf: CategoryNode, brands: DemoBrand[], seed: number, taken: Set<string>, gtinSeq: Map<DemoBrand, number>): DemoProduct {
  const rng = rngFor(seed, `product:${index}`);
  const spec = leafSpec(leaf);
  const trail = categoryTrail(leaf).filter((n) => !n.other);
  const department = (leaf.code as string)[0] as string;
  const candidates = brands.filter((b) => b.departments.includes(department));
  const brand = rng.pick(candidates.length ? candidates : brands);
  const brandName = brand.line?.department === department ? brand.line.name : brand.name;
  const palette = spec.colour === 'shade' ? SHADES : COLOURS;
  let name = '';
  let colour: readonly [string, string] = palette[0] as readonly [string, string];
  let title = '';
  for (let attempt = 0; ; attempt++) {
    const words = [rng.pick(DESCRIPTORS[department] as readonly string[])];
    if (rng.chance(0.25)) {
      const second = rng.pick(DESCRIPTORS[department] as readonly string[]);
      if (second !== words[0]) words.push(second);
    }
    name = `${words.join(' ')} ${rng.pick(spec.nouns)}`;
    colour = rng.pick(palette);
    // A descriptor the noun already says ("Cropped" of "Cropped Chinos", "Kids" of "Kids Sneakers") is drawn again:
    // no merchant names a product "Cropped Cropped Chinos".
    if (repeatsAWord(name) && attempt < 20) continue;
    // Jewelry named for its metal is that colour, as a merchant's GMC `color` says ("14k Gold-Plated Ring" is gold, never "Silver").
    colour = METAL_COLOURS.find(([descriptor]) => words.includes(descriptor))?.[1] ?? colour;
    title = spec.colour === 'package' ? `${brandName} ${name}` : `${brandName} ${name} - ${colour[0]}`;
    const norm = title.toLowerCase();
    if (!taken.has(norm)) break;
    if (attempt > 20) {
      name = `${name} ${index}`;
      title = `${brandName} ${name}`;
      break;
    }
  }
  taken.add(title.toLowerCase());
  const seq = (gtinSeq.get(brand) ?? 0) + 1;
  gtinSeq.set(brand, seq);
  const body = `${brand.gtinPrefix}${String(seq).padStart(5, '0')}`;
  const gtin = `${body}${gtinCheckDigit(body)}`;
  const color = spec.colour === 'package' ? null : colour[0];
  const listCents = shopRound(Math.round(Math.exp(rng.float(Math.log(spec.price[0]), Math.log(spec.price[1]))) * 100 * (TIER_FACTOR[brand.tier] as number)));
  const [care1, care2, care3] = rng.shuffle(CARE[department] as string[]) as [string, string, string];
  const features = [color ? `Colour: ${color}` : `By ${brandName}`, care3, `Style ${brand.code}-${String(seq).padStart(4, '0')}`];
  const description = `${brandName} ${name.toLowerCase()}${color ? ` in ${color.toLowerCase()}` : ''}. ${care1} ${care2}`;
  return {
    key: `p${String(index + 1).padStart(5, '0')}`,
    leaf,
    spec,
    department,
    brand,
    brandName,
    name,
    title,
    color,
    hex: colour[1],
    pattern: rng.int(0, 5),
    sizes: sizesFor(spec, rng),
    gtin,
    mpn: `${brand.code}-${String(seq).padStart(4, '0')}${color ? `-${slugify(color).slice(0, 3).toUpperCase()}` : ''}`,
    listCents,
    description,
    features,
    productType: trail.map((n) => n.term).join(' > '),
  };
}

/** The title a merchant writes for a product (spec: GTIN merchants word titles slightly differently). */
export function merchantTitle(p: DemoProduct, m: MerchantDef): string {
  if (m.identity !== 'gtin' || m.titleStyle === 'canonical') return p.title;
  const colour = p.color;
  const who = p.spec.ageGroup === 'adult' && p.spec.gender !== 'unisex' ? (p.spec.gender === 'female' ? "Women's " : "Men's ") : '';
  switch (m.titleStyle) {
    case 'gendered':
      return `${p.brandName} ${who}${p.name}${colour ? `, ${colour}` : ''}`;
    case 'byBrand':
      return `${p.name} by ${p.brandName}${colour ? ` (${colour})` : ''}`;
    case 'upperBrand':
      return `${p.brandName.toUpperCase()} ${p.name}${colour ? ` in ${colour}` : ''}`;
    case 'piped':
      return `${p.brandName} | ${p.name}${colour ? ` | ${colour}` : ''}`;
  }
}

function merchantDescription(p: DemoProduct, m: MerchantDef, rng: Rng): string {
  if (rng.chance(0.015)) return '';
  if (!m.html) return p.description;
  return `<p>${p.description.replace(/&/g, 'and')}</p><ul>${p.features.map((f) => `<li>${f}</li>`).join('')}</ul>`;
}

function merchantAffinity(m: MerchantDef, tier: number): number {
  if (m.marketplace === 'LUXURY') return tier >= 2 ? 3 : tier === 0 ? 0.15 : 0.6;
  if (m.marketplace === 'OUTLET') return tier <= 1 ? 1.4 : 0.7;
  return 1;
}

function merchantPrefix(m: MerchantDef): string {
  return m.slug
    .split('-')
    .filter((w) => w !== 'and' && w !== 'the')
    .map((w) => w[0])
    .join('')
    .toUpperCase();
}

/**
 * Plans the demo catalogue. Throws RangeError when `merchants` is outside 20..MERCHANT_DEFS.length,
 * `products` < 1 or `brands` outside 8..1000.
 */
export function planDemoCatalogue(opts: PlanOptions = {}): DemoPlan {
  const productCount = opts.products ?? 5000;
  const merchantCount = opts.merchants ?? 24;
  const brandCount = opts.brands ?? 150;
  const seed = opts.seed ?? 1;
  if (!Number.isInteger(merchantCount) || merchantCount < 20 || merchantCount > MERCHANT_DEFS.length) {
    throw new RangeError(`merchants must be an integer in 20..${MERCHANT_DEFS.length}`);
  }
  if (!Number.isInteger(productCount) || productCount < 1) throw new RangeError('products must be a positive integer');
  if (!Number.isInteger(brandCount) || brandCount < 8 || brandCount > 1000) throw new RangeError('brands must be an integer in 8..1000');

  const merchants = MERCHANT_DEFS.slice(0, merchantCount);
  const brands = makeBrands(brandCount, rngFor(seed, 'brands'));
  const leafRng = rngFor(seed, 'leaves');
  const leafWeights = LEAF_CATEGORIES.map((l) => (l.other ? 0.5 : 1) * (DEPT_WEIGHT[(l.code as string)[0] as string] ?? 1));
  const taken = new Set<string>();
  const gtinSeq = new Map<DemoBrand, number>();
  const products: DemoProduct[] = [];
  for (let i = 0; i < productCount; i++) {
    const leaf = i < LEAF_CATEGORIES.length ? LEAF_CATEGORIES[i] : LEAF_CATEGORIES[leafRng.weighted(leafWeights)];
    products.push(makeProduct(i, leaf as CategoryNode, brands, seed, taken, gtinSeq));
  }

  const offersByMerchant = new Map<string, DemoOffer[]>(merchants.map((m) => [m.slug, []]));
  let offerCount = 0;
  for (const p of products) {
    const rng = rngFor(seed, `offers:${p.key}`);
    const eligible = merchants.filter((m) => m.departments.includes(p.department));
    const weights = eligible.map((m) => m.weight * merchantAffinity(m, p.brand.tier));
    const want = Math.min(eligible.length, 1 + rng.weighted([0.08, 0.3, 0.32, 0.2, 0.1]));
    for (let k = 0; k < want; k++) {
      const idx = rng.weighted(weights);
      weights[idx] = 0;
      const m = eligible[idx] as MerchantDef;
      const fx = DEMO_FX[m.currency] as number;
      const basePrice = shopRound(Math.round(p.listCents * fx * m.priceFactor * rng.float(0.96, 1.05)));
      offersByMerchant.get(m.slug)?.push({
        product: p,
        merchant: m,
        key: `${merchantPrefix(m)}-${9999 + Number(p.key.slice(1))}`,
        variants: m.variants && p.sizes.length > 1,
        title: merchantTitle(p, m),
        basePrice,
        description: merchantDescription(p, m, rng),
      });
      offerCount++;
    }
  }
  for (const list of offersByMerchant.values()) list.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { merchants, brands, products, offersByMerchant, offerCount };
}
