/**
 * `npm run eval:categories` (issue 11 §2): how well the feed mapper (`mapCategory`,
 * packages/feeds category-map) files real merchants' items into our category tree.
 *
 * Sources (data from public repositories, not committed: `npm run eval:data` builds it under
 * eval/data/, whose SOURCE.md files say where it comes from; the defaults fall back to the old
 * ../shared/ folder beside the repository; a part prints "skipped" when its data is absent):
 * - Magento's Luma sample store (`--luma DIR`, default eval/data/magento-sample/fixtures):
 *   one item per distinct product (configurable parents and gear simple products), labelled from
 *   the store's category path by `eval/categories/luma-labels.json`;
 * - a Myntra catalogue sample (`--myntra FILE`, default eval/data/categories/myntra/styles.csv):
 *   up to 15 items per (gender, articleType), labelled from the merchant's gender and articleType by
 *   `eval/categories/myntra-labels.json`.
 * The label maps were written before any prediction was looked at.
 *
 * Split: an item is development when the FNV-1a hash of `split:<source>:<id>` is even, held-out
 * otherwise — fixed before any tuning. Tune on development (`--errors` prints development
 * errors only); the held-out half is the result.
 *
 * Two readings per item:
 * - **blind** (the result): the mapper sees the title and description only — never the merchant
 *   field the label comes from (store category, articleType, gender);
 * - **with merchant category**: the merchant's category path as `product_type` and its gender /
 *   age group as GMC `gender` / `age_group` — measures how the mapper reads a merchant's own taxonomy.
 *
 * Printed per source, half and reading: items in our tree, department accuracy (first character
 * of the code), leaf accuracy (exact code; a label that is a group's code means its 'Other' leaf),
 * the share filed to an 'Other' leaf, the share filed nowhere (code ''), the share warned
 * (`mapped: false`), and for items outside our tree (sunglasses, belts, …) the share kept out.
 * Targets of the issue: department ≥ 95 %, leaf ≥ 85 % on the held-out half. Also prints the machine.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { categoryByCode } from '@b-deals/core';
import { machineLine } from '@b-deals/db/testing';
import { mapCategory, type CategoryInput } from '@b-deals/feeds';
import { storeCategory } from './luma.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** The first of these paths that exists, else the first (the in-repo build of `npm run eval:data`, then the legacy shared/ folder). */
const firstExisting = (...paths: string[]) => paths.find((p) => existsSync(p)) ?? paths[0]!;
const DEFAULT_LUMA_DIR = firstExisting(
  path.join(HERE, 'data/magento-sample/fixtures'),
  path.resolve(HERE, '../../../../shared/data/magento-sample-images/fixtures'),
);
const DEFAULT_MYNTRA_FILE = firstExisting(
  path.join(HERE, 'data/categories/myntra/styles.csv'),
  path.resolve(HERE, '../../../../shared/eval-data/categories/myntra/styles.csv'),
);
/** Items per (gender, articleType) in the Myntra sample. */
const MYNTRA_PER_KIND = 15;

/** A labelled item: what a feed would carry, and the true category (`none` = outside our tree). */
export interface LabelledItem {
  source: string;
  id: string;
  title: string;
  description: string;
  /** The merchant's own category path, as a feed's product_type would carry it. */
  merchantCategory: string;
  gender: CategoryInput['gender'];
  ageGroup: string | null;
  /** Our category code (a group's code = its 'Other' leaf) or `none`. */
  label: string;
}

/** FNV-1a 32-bit hash of a string (fixed split and sample rules). */
export function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** True for the development half (see the module doc). */
export function isDevelopment(item: Pick<LabelledItem, 'source' | 'id'>): boolean {
  return fnv1a(`split:${item.source}:${item.id}`) % 2 === 0;
}

const rowsOf = (file: string) => parse(readFileSync(file, 'utf8'), { columns: true, relax_column_count: true }) as Array<Record<string, string>>;
const decode = (s: string) =>
  s
    .replace(/&trade;|&reg;/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

interface LumaLabels {
  byCategory: Record<string, string>;
  byName: Array<{ category: string; name: string; code: string }>;
}

/** Luma items, one per distinct product name, labelled by `luma-labels.json`. */
export function loadLuma(dir: string): LabelledItem[] | null {
  const configurable = path.join(dir, 'ConfigurableSampleData__products.csv');
  if (!existsSync(configurable)) return null;
  const labels = JSON.parse(readFileSync(path.join(HERE, 'categories/luma-labels.json'), 'utf8')) as LumaLabels;
  const raw: Array<{ sku: string; name: string; description: string; category: string }> = [];
  for (const r of rowsOf(configurable))
    if (r.product_type === 'configurable')
      raw.push({ sku: r.sku!, name: decode(r.name!), description: decode(r.description ?? ''), category: storeCategory(r.categories!) });
  for (const f of readdirSync(dir).sort())
    if (/^CatalogSampleData__SimpleProduct_products_gear_.*\.csv$/.test(f))
      for (const r of rowsOf(path.join(dir, f)))
        raw.push({
          sku: r.sku!,
          name: decode(r.name!).replace(/\s+\d+ (cm|foot)$/, ''),
          description: decode(r.description ?? ''),
          category: storeCategory(r.category!),
        });
  const seen = new Set<string>();
  const items: LabelledItem[] = [];
  for (const r of raw) {
    if (seen.has(r.name)) continue;
    seen.add(r.name);
    const byName = labels.byName.find((b) => b.category === r.category && new RegExp(b.name, 'i').test(r.name));
    const label = byName?.code ?? labels.byCategory[r.category];
    if (!label) throw new Error(`luma-labels.json has no label for the store category "${r.category}"`);
    const top = r.category.split('/')[0];
    items.push({
      source: 'luma',
      id: r.sku,
      title: r.name,
      description: r.description,
      merchantCategory: r.category.split('/').join(' > '),
      gender: top === 'Women' ? 'female' : top === 'Men' ? 'male' : null,
      ageGroup: null,
      label,
    });
  }
  return items;
}

interface MyntraLabels {
  byGenderArticle: Record<string, Record<string, string>>;
  refinements: Array<{ articleType: string; gender?: string; name: string; code: string }>;
}

/** The Myntra sample (see the module doc), labelled by `myntra-labels.json`. */
export function loadMyntra(file: string): LabelledItem[] | null {
  if (!existsSync(file)) return null;
  const labels = JSON.parse(readFileSync(path.join(HERE, 'categories/myntra-labels.json'), 'utf8')) as MyntraLabels;
  const labelOf = (r: Record<string, string>): string | undefined => {
    const refined = labels.refinements.find(
      (x) => x.articleType === r.articleType && (!x.gender || x.gender === r.gender) && new RegExp(x.name, 'i').test(r.productDisplayName ?? ''),
    );
    if (refined) return refined.code;
    const g = labels.byGenderArticle[r.gender!] ?? {};
    const any = labels.byGenderArticle['*'] ?? {};
    return g[r.articleType!] ?? any[r.articleType!] ?? g[`*${r.masterCategory}`];
  };
  const groups = new Map<string, Array<{ row: Record<string, string>; label: string; rank: number }>>();
  for (const row of rowsOf(file)) {
    if (!row.id || !row.productDisplayName) continue;
    const label = labelOf(row);
    if (!label || label === 'exclude') continue;
    const key = `${row.gender}|${row.articleType}`;
    groups.set(key, [...(groups.get(key) ?? []), { row, label, rank: fnv1a(`myntra:${row.id}`) }]);
  }
  const items: LabelledItem[] = [];
  for (const [, group] of [...groups].sort(([a], [b]) => a.localeCompare(b)))
    for (const { row, label } of group.sort((a, b) => a.rank - b.rank).slice(0, MYNTRA_PER_KIND)) {
      const kids = row.gender === 'Boys' || row.gender === 'Girls';
      items.push({
        source: 'myntra',
        id: row.id!,
        title: row.productDisplayName!.trim(),
        description: '',
        merchantCategory: `${row.masterCategory} > ${row.subCategory} > ${row.articleType}`,
        gender: row.gender === 'Women' || row.gender === 'Girls' ? 'female' : row.gender === 'Men' || row.gender === 'Boys' ? 'male' : 'unisex',
        ageGroup: kids ? 'kids' : 'adult',
        label,
      });
    }
  return items;
}

/** What the mapper is given in each reading (see the module doc). */
export function inputOf(item: LabelledItem, reading: 'blind' | 'merchant'): CategoryInput {
  return reading === 'blind'
    ? { googleProductCategory: null, productType: null, title: item.title, description: item.description, gender: null, ageGroup: null }
    : {
        googleProductCategory: null,
        productType: item.merchantCategory,
        title: item.title,
        description: item.description,
        gender: item.gender,
        ageGroup: item.ageGroup,
      };
}

/** Figures of one source, half and reading. */
export interface Figures {
  inTree: number;
  department: number;
  leaf: number;
  /** Items listed under their labelled leaf: their own code, or a leaf listed too (feeds `alsoIn`, decision 0026). */
  listed: number;
  other: number;
  nowhere: number;
  warned: number;
  outOfTree: number;
  keptOut: number;
}

const departmentOf = (code: string) => (code === 'none' ? '' : code.slice(0, 1));
const isOtherLeaf = (code: string) => code !== '' && (categoryByCode(code)?.children.length ?? 0) > 0;

/** Scores items in one reading; `onError` sees every wrong leaf (development only, by the caller). */
export function score(items: readonly LabelledItem[], reading: 'blind' | 'merchant', onError?: (item: LabelledItem, code: string) => void): Figures {
  const f: Figures = { inTree: 0, department: 0, leaf: 0, listed: 0, other: 0, nowhere: 0, warned: 0, outOfTree: 0, keptOut: 0 };
  for (const item of items) {
    const { code, mapped, alsoIn } = mapCategory(inputOf(item, reading));
    if (item.label === 'none') {
      f.outOfTree++;
      if (code === '') f.keptOut++;
      else onError?.(item, code);
      continue;
    }
    f.inTree++;
    if (departmentOf(code) === departmentOf(item.label)) f.department++;
    if (code === item.label) f.leaf++;
    else onError?.(item, code);
    if (code === item.label || alsoIn.includes(item.label)) f.listed++;
    if (isOtherLeaf(code)) f.other++;
    if (code === '') f.nowhere++;
    if (!mapped) f.warned++;
  }
  return f;
}

const pct = (n: number, d: number) => (d === 0 ? '   –  ' : `${((100 * n) / d).toFixed(1).padStart(5)}%`);

function line(label: string, f: Figures): string {
  return (
    `  ${label.padEnd(34)} ${String(f.inTree).padStart(5)}  dept ${pct(f.department, f.inTree)}  leaf ${pct(f.leaf, f.inTree)}  listed ${pct(f.listed, f.inTree)}  ` +
    `other ${pct(f.other, f.inTree)}  nowhere ${pct(f.nowhere, f.inTree)}  warned ${pct(f.warned, f.inTree)}  ` +
    `out-of-tree kept out ${f.keptOut}/${f.outOfTree}`
  );
}

const sum = (a: Figures, b: Figures): Figures => {
  const out = { ...a };
  for (const k of Object.keys(out) as Array<keyof Figures>) out[k] += b[k];
  return out;
};

function main(): void {
  const { values } = parseArgs({ options: { luma: { type: 'string' }, myntra: { type: 'string' }, errors: { type: 'boolean', default: false } } });
  console.log(machineLine());
  const sources: Array<[string, LabelledItem[] | null]> = [
    ["Luma (Magento's sample store)", loadLuma(values.luma ?? DEFAULT_LUMA_DIR)],
    ['Myntra (catalogue sample)', loadMyntra(values.myntra ?? DEFAULT_MYNTRA_FILE)],
  ];
  const all: LabelledItem[] = [];
  for (const [name, items] of sources) {
    if (!items) {
      console.log(`${name}: skipped, data absent`);
      continue;
    }
    const dev = items.filter(isDevelopment).length;
    console.log(
      `${name}: ${items.length} items (${dev} development, ${items.length - dev} held-out), ${items.filter((i) => i.label === 'none').length} outside our tree`,
    );
    all.push(...items);
  }
  if (all.length === 0) return;
  console.log(
    '\n  (columns: items in our tree, department accuracy, leaf accuracy, listed under the labelled leaf (its own or one listed too, decision 0026), share to an Other leaf, to no category, warned)',
  );
  for (const reading of ['blind', 'merchant'] as const) {
    console.log(
      `\n${reading === 'blind' ? 'blind — title and description only (the result)' : "with the merchant's category as product_type, gender and age group"}`,
    );
    for (const half of ['development', 'held-out'] as const) {
      const part = all.filter((i) => isDevelopment(i) === (half === 'development'));
      let total: Figures | null = null;
      for (const source of [...new Set(part.map((i) => i.source))]) {
        const f = score(
          part.filter((i) => i.source === source),
          reading,
          values.errors && half === 'development' && reading === 'blind'
            ? (item, code) => console.log(`    ✗ ${item.source} ${item.label.padEnd(4)} → ${(code || "''").padEnd(4)} ${item.title} [${item.merchantCategory}]`)
            : undefined,
        );
        console.log(line(`${half}, ${source}`, f));
        total = total ? sum(total, f) : f;
      }
      if (total) console.log(line(`${half}, all`, total));
    }
  }
  console.log('\ntargets (held-out, blind): department ≥ 95%, leaf ≥ 85%');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
