/**
 * The category tree of spec §3 and its id semantics (DESIGN.md "Category codes").
 *
 * - Each node's code extends its parent's by one character: `8` Women's Clothing, `81`
 *   Women's Coats, `811` Blazers. A product carries the code of the deepest node it belongs to.
 * - A filter id matches by prefix. An id of several codes joined by commas is a union of the
 *   positive codes minus every code written with a leading `-`: the 'Other' leaf of `81` has
 *   the id `81,-811,-812,-813`, "under 81 but none of its named children".
 * - Some nodes carry a `query` (a search) instead of an id.
 * - Aliases `men_shoes` and `women_shoes` name the two shoe departments.
 */
import { COLOUR_WORDS, synonymsOf } from './search-words.ts';
import { slugify } from './slug.ts';

export interface CategoryNode {
  /** Filter id: a code, or codes joined by commas (with `-` exclusions) for 'Other' leaves; null for query nodes. */
  id: string | null;
  /** Code of this node in the tree (for 'Other' leaves the parent's code). Null for query nodes. */
  code: string | null;
  parentId: string | null;
  /** Display name. */
  term: string;
  /** URL slug of this node alone. */
  slug: string;
  /** Slug path from the top group, e.g. `womens-clothing/coats/blazers`. */
  path: string;
  /** Search text for nodes that link to a search instead of a category. */
  query?: string;
  /** True for the root node `all`. */
  root?: boolean;
  /** True for the 'Other' leaf of a group. */
  other?: boolean;
  /** Words that identify the node in titles and product types (used by feed mapping). */
  keywords: string[];
  children: CategoryNode[];
}

/**
 * [term, code char, keywords, children?, slug?]. Keywords are matched by the feed mapper
 * (packages/feeds category-map) as whole words or phrases of up to three words in titles,
 * product types and Google category names; the text may add a plural `s`/`es`, so keywords are
 * written singular unless only the plural should match (`rings`). The longest keyword wins, so
 * a phrase (`pendant necklace`) beats a bare word, and bare words that also name things outside
 * the node (pendant lamp, knit scarf, ring light, flat sheet, bike pump) are left out.
 */
type Def = [string, string, string[], Def[]?, string?];

const DEFS: Def[] = [
  [
    "Women's Clothing",
    '8',
    ['women', 'womens', 'ladies'],
    [
      [
        "Women's Coats",
        '1',
        ['coat', 'outerwear', 'overcoat', 'topcoat', 'trench coat', 'trench', 'peacoat', 'pea coat', 'raincoat', 'car coat'],
        [
          ['Blazers', '1', ['blazer']],
          ['Jackets', '2', ['jacket', 'bomber', 'denim jacket', 'windbreaker', 'anorak', 'shacket']],
          ['Parkas', '3', ['parka', 'puffer', 'puffer jacket', 'down jacket', 'down coat']],
        ],
        'coats',
      ],
      [
        'Dresses',
        '2',
        ['dress', 'gown'],
        [
          ['Casual Dresses', '1', ['casual dress', 'day dress', 'shirt dress', 'shirtdress', 'sundress', 'sun dress', 't-shirt dress']],
          ['Cocktail Dresses', '2', ['cocktail dress', 'party dress', 'mini dress']],
          ['Maxi Dresses', '3', ['maxi', 'long dress']],
        ],
      ],
      [
        'Tops',
        '3',
        ['top', 'shirt'],
        [
          ['T-Shirts', '1', ['t-shirt', 'tee', 'tshirt']],
          ['Blouses', '2', ['blouse']],
          ['Sweaters', '3', ['sweater', 'cardigan', 'jumper', 'turtleneck']],
          ['Hoodies & Sweatshirts', '4', ['hoodie', 'sweatshirt']],
        ],
      ],
      [
        'Bottoms',
        '4',
        ['pants', 'bottoms'],
        [
          ['Jeans', '1', ['jeans', 'denim']],
          ['Trousers', '2', ['trousers', 'pants', 'chinos']],
          ['Skirts', '3', ['skirt']],
          ['Shorts', '4', ['shorts']],
        ],
      ],
      [
        'Activewear',
        '5',
        ['activewear', 'athletic'],
        [
          ['Leggings', '1', ['legging', 'tights']],
          ['Sports Bras', '2', ['sports bra']],
        ],
      ],
      ['Swimwear', '6', ['swimsuit', 'bikini', 'swimwear', 'one-piece', 'bathing suit', 'swim suit']],
      ['Lingerie & Sleepwear', '7', ['lingerie', 'bra', 'bralette', 'pajama', 'sleepwear', 'nightgown', 'shapewear', 'waist trainer']],
    ],
    'womens-clothing',
  ],
  [
    "Men's Clothing",
    '9',
    ['men', 'mens'],
    [
      [
        'Coats & Jackets',
        '1',
        ['coat', 'outerwear', 'overcoat', 'topcoat', 'trench coat', 'trench', 'peacoat', 'pea coat', 'raincoat', 'car coat'],
        [
          ['Blazers', '1', ['blazer', 'sport coat']],
          ['Jackets', '2', ['jacket', 'bomber', 'windbreaker', 'anorak', 'shacket']],
          ['Parkas', '3', ['parka', 'puffer', 'puffer jacket', 'down jacket', 'down coat']],
        ],
      ],
      [
        'Shirts',
        '2',
        ['shirt'],
        [
          ['T-Shirts', '1', ['t-shirt', 'tee', 'tshirt']],
          ['Dress Shirts', '2', ['dress shirt', 'oxford shirt']],
          ['Polos', '3', ['polo', 'polo shirt']],
        ],
      ],
      [
        'Knitwear & Sweatshirts',
        '3',
        ['knitwear', 'knit vest', 'sweater vest'],
        [
          ['Sweaters', '1', ['sweater', 'cardigan', 'jumper', 'turtleneck']],
          ['Hoodies', '2', ['hoodie', 'sweatshirt']],
        ],
        'knitwear',
      ],
      [
        'Trousers',
        '4',
        ['trousers', 'pants'],
        [
          ['Jeans', '1', ['jeans', 'denim']],
          ['Chinos', '2', ['chino', 'khaki']],
          ['Shorts', '3', ['shorts']],
        ],
      ],
      ['Suits', '5', ['suit', 'tuxedo']],
      ['Underwear & Socks', '6', ['underwear', 'boxer', 'brief', 'socks']],
    ],
    'mens-clothing',
  ],
  [
    'Beauty',
    'b',
    ['beauty', 'cosmetics'],
    [
      [
        'Makeup',
        '1',
        ['makeup', 'make-up'],
        [
          ['Foundation', '1', ['foundation', 'concealer', 'bb cream', 'cc cream', 'tinted moisturizer']],
          ['Lipstick', '2', ['lipstick', 'lip gloss', 'lip']],
          ['Mascara', '3', ['mascara']],
          ['Eyeshadow', '4', ['eyeshadow', 'eye shadow', 'eye palette']],
        ],
      ],
      [
        'Skincare',
        '2',
        ['skincare', 'skin care'],
        [
          ['Cleanser', '1', ['cleanser', 'face wash', 'cleansing oil', 'cleansing balm', 'micellar water']],
          ['Eye Cream', '2', ['eye cream']],
          [
            'Masks',
            '3',
            ['sheet mask', 'face mask', 'facial mask', 'skin care mask', 'clay mask', 'mud mask', 'overnight mask', 'sleeping mask', 'peel-off mask'],
          ],
          ['Sunscreen', '4', ['sunscreen', 'sunblock', 'sun cream', 'spf']],
          ['Moisturizer', '5', ['moisturizer', 'moisturiser', 'face cream', 'day cream', 'night cream', 'lotion']],
          ['Toner', '6', ['toner']],
        ],
      ],
      [
        'Fragrance',
        '3',
        ['fragrance', 'perfume'],
        [
          ["Women's Perfume", '1', ['eau de parfum', 'perfume']],
          ["Men's Cologne", '2', ['cologne', 'eau de toilette']],
        ],
      ],
      [
        'Hair Care',
        '4',
        ['hair'],
        [
          ['Shampoo', '1', ['shampoo']],
          ['Conditioner', '2', ['conditioner']],
          ['Hair Tools', '3', ['hair dryer', 'hairdryer', 'blow dryer', 'straightener', 'flat iron', 'curling']],
        ],
      ],
    ],
  ],
  [
    'Bags',
    'e',
    ['bag', 'bags'],
    [
      [
        'Handbags',
        '1',
        ['handbag', 'purse', 'satchel', 'bucket bag', 'top-handle bag'],
        [
          ['Tote Bags', '1', ['tote']],
          ['Shoulder Bags', '2', ['shoulder bag', 'hobo']],
          ['Crossbody Bags', '3', ['crossbody', 'messenger']],
          ['Clutches', '4', ['clutch', 'evening bag']],
        ],
      ],
      ['Backpacks', '2', ['backpack', 'rucksack']],
      ['Wallets', '3', ['wallet', 'card holder', 'cardholder', 'card case', 'coin purse', 'billfold']],
      ['Luggage & Travel', '4', ['luggage', 'suitcase', 'duffel', 'duffle bag', 'weekender', 'travel bag', 'garment bag'], undefined, 'luggage'],
      ['Belt Bags', '5', ['belt bag', 'fanny pack', 'waist bag', 'bum bag']],
    ],
  ],
  [
    'Jewelry',
    'f',
    ['jewelry', 'jewellery'],
    [
      ['Necklaces', '1', ['necklace', 'pendant necklace', 'chain necklace', 'choker', 'locket']],
      ['Earrings', '2', ['earring', 'studs', 'hoops', 'ear cuff']],
      // 'rings' matches only the plural (Google's "Jewelry > Rings"); a lone "ring" is too broad (ring light, key ring)
      [
        'Rings',
        '3',
        [
          'rings',
          'engagement ring',
          'wedding ring',
          'wedding band',
          'eternity ring',
          'promise ring',
          'signet ring',
          'stacking ring',
          'cocktail ring',
          'band ring',
          'statement ring',
          'diamond ring',
          'gold ring',
          'silver ring',
        ],
      ],
      ['Bracelets', '4', ['bracelet', 'bangle', 'cuff']],
      ['Watches', '5', ['watch', 'wristwatch', 'smartwatch']],
    ],
  ],
  [
    'Baby & Kids',
    'g',
    ['baby', 'kids', 'children', 'toddler'],
    [
      ['Baby Clothing', '1', ['baby clothes', 'baby outfit', 'onesie', 'bodysuit', 'romper', 'sleepsuit', 'footie']],
      ["Girls' Clothing", '2', ['girls']],
      ["Boys' Clothing", '3', ['boys']],
      ["Kids' Shoes", '4', ['kids shoe', 'kids sneaker', 'baby shoe', 'toddler shoe']],
      ['Toys', '5', ['toy', 'plush', 'puzzle']],
      ['Nursery & Strollers', '6', ['stroller', 'car seat', 'crib', 'nursery']],
    ],
    'baby-kids',
  ],
  [
    'Shoes',
    'k',
    ['shoes', 'footwear'],
    [
      [
        "Women's Shoes",
        '1',
        ["women's shoes", 'womens shoes', 'ladies shoes'],
        [
          ['Heels', '1', ['heel', 'pumps', 'pointed pump', 'court shoe', 'stiletto', 'slingback']],
          ['Flats', '2', ['flats', 'ballet flat', 'ballet pump', 'ballerina', 'pointed flat', 'mary jane', 'loafer']],
          ['Boots', '3', ['boot', 'bootie']],
          ['Sandals', '4', ['sandal', 'slide']],
          ['Sneakers', '5', ['sneaker', 'trainer']],
        ],
        'womens-shoes',
      ],
      [
        "Men's Shoes",
        '2',
        ["men's shoes", 'mens shoes'],
        [
          ['Dress Shoes', '1', ['oxford', 'derby', 'brogue', 'dress shoe']],
          ['Boots', '2', ['boot', 'chelsea boot']],
          ['Loafers', '3', ['loafer', 'moccasin']],
          ['Sneakers', '4', ['sneaker', 'trainer']],
          ['Sandals', '5', ['sandal', 'slide', 'flip flop']],
        ],
        'mens-shoes',
      ],
    ],
  ],
  [
    'Sneakers & Sportswear',
    '7',
    ['sport', 'sports', 'athletic'],
    [
      [
        'Sports',
        '1',
        ['sport', 'training', 'gym'],
        [
          ['Running Shoes', '1', ['running shoe', 'running sneaker', 'running trainer', 'runner']],
          ['Sweatshirts', '2', ['sweatshirt', 'jogger', 'sweatpant', 'track pant']],
          ['Sports Tops', '3', ['training top', 'team jersey', 'football jersey', 'soccer jersey', 'basketball jersey', 'cycling jersey', 'performance tee']],
          ['Yoga Wear', '4', ['yoga pant', 'yoga top']],
          ['Swim', '5', ['swim', 'goggles', 'swim trunks']],
        ],
        'sports',
      ],
      [
        'Outdoor',
        '2',
        ['outdoor', 'hiking', 'camping'],
        [
          ['Backpacks', '1', ['hiking backpack', 'trekking backpack', 'daypack', 'hydration pack', 'backpack']],
          ['Tennis', '2', ['tennis', 'badminton', 'racket', 'racquet']],
          ['Ski Protective Gear', '3', ['ski', 'snowboard', 'ski helmet', 'snowboard helmet', 'ski goggle']],
          ['Camping Tents', '4', ['tent', 'sleeping bag', 'sleeping pad']],
          ['Rollerblading', '5', ['rollerblade', 'inline skate', 'roller skate', 'skateboard', 'longboard']],
          [
            'Sports Protective Gear',
            '6',
            [
              'knee pad',
              'elbow pad',
              'wrist guard',
              'shin guard',
              'knee support',
              'ankle support',
              'wrist support',
              'knee brace',
              'ankle brace',
              'wrist brace',
              'bike helmet',
              'cycling helmet',
              'skate helmet',
            ],
          ],
          ['Yoga Mats', '7', ['yoga mat', 'exercise mat', 'pilates mat', 'exercise ball', 'stability ball']],
          ['Hiking Boots', '8', ['hiking boot', 'hiking shoe', 'trekking boot', 'trail shoe']],
        ],
        'outdoor',
      ],
    ],
    'sneakers-sportswear',
  ],
];

/** Root-level nodes that link to a search (spec §3 "a few others"). */
const QUERY_NODES: Array<[string, string]> = [
  ['Water Bottles', 'water bottle'],
  ['Fashion Accessories', 'sunglasses scarf belt hat'],
  ['Smart Sunglasses', 'smart sunglasses'],
];

function build(def: Def, parent: CategoryNode): CategoryNode {
  const [term, char, keywords, children, slug] = def;
  const code = (parent.code ?? '') + char;
  const nodeSlug = slug ?? slugify(term);
  const node: CategoryNode = {
    id: code,
    code,
    parentId: parent.root ? 'all' : parent.id,
    term,
    slug: nodeSlug,
    path: parent.root ? nodeSlug : `${parent.path}/${nodeSlug}`,
    keywords,
    children: [],
  };
  if (children?.length) {
    node.children = children.map((c) => build(c, node));
    node.children.push({
      id: [code, ...node.children.map((c) => `-${c.code}`)].join(','),
      code,
      parentId: code,
      term: 'Other',
      slug: 'other',
      path: `${node.path}/other`,
      other: true,
      keywords: [],
      children: [],
    });
  }
  return node;
}

function buildTree(): CategoryNode {
  const root: CategoryNode = { id: 'all', code: '', parentId: null, term: 'all', slug: 'all', path: '', root: true, keywords: [], children: [] };
  root.children = DEFS.map((d) => build(d, root));
  for (const [term, query] of QUERY_NODES) {
    const slug = slugify(term);
    root.children.push({ id: null, code: null, parentId: 'all', term, slug, path: slug, query, keywords: [], children: [] });
  }
  // root code '' would make every product match; it only anchors the tree
  root.code = null;
  return root;
}

/** The whole tree, root term 'all' (spec §3). Built once; treat as read-only. */
export const CATEGORY_TREE: CategoryNode = buildTree();

/** Every node in depth-first order, root excluded. */
export const ALL_CATEGORIES: readonly CategoryNode[] = (() => {
  const out: CategoryNode[] = [];
  const walk = (n: CategoryNode) => {
    for (const c of n.children) {
      out.push(c);
      walk(c);
    }
  };
  walk(CATEGORY_TREE);
  return out;
})();

/** The eight top-level departments with codes (spec §3), in display order. */
export const DEPARTMENTS: readonly CategoryNode[] = CATEGORY_TREE.children.filter((c) => c.code);

/** Leaves a product can be filed under (named leaves and 'Other' leaves). */
export const LEAF_CATEGORIES: readonly CategoryNode[] = ALL_CATEGORIES.filter((c) => c.code && c.children.length === 0);

const byPath = new Map(ALL_CATEGORIES.map((c) => [c.path, c]));
const byId = new Map(ALL_CATEGORIES.filter((c) => c.id).map((c) => [c.id as string, c]));
const byCode = new Map(ALL_CATEGORIES.filter((c) => c.code && !c.other).map((c) => [c.code as string, c]));

/**
 * Garment categories: the clothing of Women's (8) and Men's (9), sports clothing (Sweatshirts 712,
 * Sports Tops 713, Yoga Wear 714, Swim 715) and Baby & Kids' own products (`g`). A child's garment
 * of them belongs in Baby Clothing (g1) or Girls' (g2) / Boys' Clothing (g3): the feed mapper files
 * kids' items so (packages/feeds category-map), and ShopGeni looks there for a child (issue 18).
 */
export function isApparelCode(code: string): boolean {
  return /^[89]/.test(code) || ['712', '713', '714', '715'].some((c) => code.startsWith(c)) || code === 'g';
}

/** Footwear categories (Shoes `k…`, Running Shoes 711, Hiking Boots 728); a child's shoe of them belongs in Kids' Shoes (g4). */
export function isShoeCode(code: string): boolean {
  return code.startsWith('k') || code === '711' || code === '728';
}

/** Category aliases of spec §3. */
export const CATEGORY_ALIASES: Readonly<Record<string, string>> = { men_shoes: 'k2', women_shoes: 'k1' };

/** Looks a node up by its slug path (`womens-clothing/coats/blazers`, slashes trimmed). */
export function categoryByPath(path: string): CategoryNode | undefined {
  return byPath.get(path.replace(/^\/+|\/+$/g, ''));
}

/** Looks a node up by filter id or alias (`81`, `81,-811,-812,-813`, `men_shoes`). */
export function categoryById(id: string): CategoryNode | undefined {
  return byId.get(resolveAlias(id));
}

/** The id an alias stands for, or the id itself (own keys only: `constructor` is no alias). */
function resolveAlias(id: string): string {
  return Object.hasOwn(CATEGORY_ALIASES, id) ? (CATEGORY_ALIASES[id] as string) : id;
}

/** The named (non-Other) node with exactly this code. */
export function categoryByCode(code: string): CategoryNode | undefined {
  return byCode.get(code);
}

/** Ancestors from the top group down to the node itself. */
export function categoryTrail(node: CategoryNode): CategoryNode[] {
  const trail: CategoryNode[] = [];
  let cur: CategoryNode | undefined = node;
  while (cur && !cur.root) {
    trail.unshift(cur);
    cur = cur.parentId && cur.parentId !== 'all' ? byId.get(cur.parentId) : undefined;
  }
  return trail;
}

/** A parsed filter id: product code matches when it starts with any `include` and with no `exclude`. */
export interface CategoryFilter {
  include: string[];
  exclude: string[];
}

/**
 * Parses filter ids (each possibly comma-joined, possibly an alias) into one filter per id.
 * Several ids are a union. Throws `RangeError` for a code with characters outside [0-9a-z].
 */
export function parseCategoryIds(ids: readonly string[]): CategoryFilter[] {
  return ids.map((raw) => {
    const id = resolveAlias(raw.trim());
    const include: string[] = [];
    const exclude: string[] = [];
    for (const part of id
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)) {
      const neg = part.startsWith('-');
      const code = (neg ? part.slice(1) : part).toLowerCase();
      if (!/^[0-9a-z]{1,12}$/.test(code)) throw new RangeError(`Invalid category code "${part}"`);
      (neg ? exclude : include).push(code);
    }
    if (include.length === 0) throw new RangeError(`Category id "${raw}" has no positive code`);
    return { include, exclude };
  });
}

/** True when a product with category `code` falls under any of the filters (union). */
export function matchesCategory(code: string, filters: readonly CategoryFilter[]): boolean {
  return filters.some((f) => f.include.some((p) => code.startsWith(p)) && !f.exclude.some((p) => code.startsWith(p)));
}

/**
 * Departments whose display name joins merchandising words that do not describe every item in
 * them (issue 11 §6): "Sneakers & Sportswear" holds rackets and yoga mats, so only "Sportswear"
 * is searchable text of its items; its sneakers are found by their own leaf's words.
 */
const DEPARTMENT_SEARCH_TERMS: Readonly<Record<string, string>> = { '7': 'Sportswear' };

/** A word's singular form for comparing names and keywords (`Jackets` → `jacket`, `Dresses` → `dress`, `Women's` → `women`). */
export function singularWord(word: string): string {
  return word
    .toLowerCase()
    .replace(/'s?$/, '')
    .replace(/(ch|sh|ss|x)es$/, '$1')
    .replace(/([^s])s$/, '$1');
}

/** The parts of a display name joined by `&` (`Coats & Jackets` → [`Coats`, `Jackets`]). */
function nameParts(term: string): string[] {
  return term
    .split(/\s*&\s*/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** The last word of a name part (its head noun: `Dress Shirts` → `Shirts`). */
function headWord(part: string): string {
  const words = part.split(/\s+/);
  return words[words.length - 1]!;
}

/** Kind words of one node: its single-word keywords and the head word of each `&` part of its name (`name`, default its display name), singular. */
function kindWordsOf(node: CategoryNode, name = node.term): string[] {
  return [...node.keywords.filter((k) => !/\s/.test(k)), ...nameParts(name).map(headWord)].map(singularWord);
}

/**
 * The searchable form of a node's display name (issue 11 §6). A group whose name joins kinds with
 * `&` where a part names one of its children ("Coats & Jackets" over Blazers, Jackets, Parkas;
 * "Knitwear & Sweatshirts" over Sweaters and Hoodies, whose keyword is `sweatshirt`) keeps only the
 * other parts: that part is its child's word, so "jackets" does not find every blazer and parka.
 */
function searchableName(node: CategoryNode): string {
  const parts = nameParts(node.term);
  const named = node.children.filter((c) => !c.other);
  if (parts.length < 2 || named.length === 0) return node.term;
  const childWords = new Set(named.flatMap((c) => kindWordsOf(c)));
  const kept = parts.filter((p) => !childWords.has(singularWord(headWord(p))));
  return kept.length ? kept.join(' & ') : node.term;
}

/**
 * Kinds filed under a node that one part of its name does not name (issue 11 §6), by node code
 * and name part: the leaf or group is named after one of the kinds it holds. A product whose own
 * words name one of these kinds (and not the part's own kind) does not get that part as search
 * words ({@link categorySearchTerms}), so "foundation" finds no concealer. Every other name part
 * names a class that covers what is filed under it ("Coats" covers blazers and parkas,
 * "Underwear" boxers and briefs, "Sweaters" cardigans, "Bracelets" bangles, "Heels" pumps) and is
 * kept. Each kind is a keyword of the node or of one of its children (checked when the module
 * loads); a phrase matches as consecutive words. The first four were found in the development
 * half of `npm run eval:search`; the rest by the same reading of every leaf of the tree whose
 * keywords hold a kind beside the one its name names (category-words rule 3): a crewneck
 * sweatshirt is no hoodie, a jogger no sweatshirt, a badminton set no tennis, a snowboard helmet
 * no ski gear, a sleeping bag no tent, a skateboard no rollerblading, an exercise ball no yoga
 * mat, a trail shoe no hiking boot, a lip gloss no lipstick, an eau de parfum no perfume and an
 * eau de toilette no cologne (four strengths of scent), a pump no heel (a "ballet pump" is a flat),
 * a car seat or a crib no stroller, a party or sequin mini dress no cocktail dress.
 */
export const NAME_PART_OTHER_KINDS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  '94': { Trousers: ['shorts'] }, // men's Trousers holds Jeans, Chinos and Shorts: shorts are no trousers
  '96': { Socks: ['boxer', 'brief'] }, // Underwear & Socks: boxers and briefs are no socks
  b11: { Foundation: ['concealer', 'bb cream', 'cc cream', 'tinted moisturizer'] },
  b21: { Cleanser: ['face wash'] },
  '822': { 'Cocktail Dresses': ['party dress', 'mini dress'] },
  '932': { Hoodies: ['sweatshirt'] },
  '712': { Sweatshirts: ['jogger', 'sweatpant', 'track pant'] },
  '722': { Tennis: ['badminton'] },
  '723': { 'Ski Protective Gear': ['snowboard'] },
  '724': { 'Camping Tents': ['sleeping bag', 'sleeping pad'] },
  '725': { Rollerblading: ['skateboard', 'longboard'] },
  '727': { 'Yoga Mats': ['exercise ball', 'stability ball'] },
  '728': { 'Hiking Boots': ['hiking shoe', 'trail shoe'] },
  b12: { Lipstick: ['lip gloss'] },
  b31: { "Women's Perfume": ['eau de parfum'] },
  b32: { "Men's Cologne": ['eau de toilette'] },
  k11: { Heels: ['pumps', 'pointed pump', 'court shoe'] },
  g6: { Strollers: ['car seat', 'crib'] },
};

for (const [code, parts] of Object.entries(NAME_PART_OTHER_KINDS)) {
  const node = categoryByCode(code);
  const held = new Set(node ? [node, ...node.children].flatMap((n) => n.keywords) : []);
  for (const [part, kinds] of Object.entries(parts)) {
    if (!node || !nameParts(searchableName(node)).includes(part)) throw new Error(`NAME_PART_OTHER_KINDS: "${part}" is no name part of ${code}`);
    for (const k of kinds) if (!held.has(k)) throw new Error(`NAME_PART_OTHER_KINDS: "${k}" is no keyword of ${code} or its children`);
  }
}

/**
 * What a product says of its own kind, the evidence {@link categorySearchTerms} judges it by:
 * its title, its merchant's GMC `product_type` and its GMC `google_product_category` as a path of
 * Google's taxonomy (a numeric id resolved by the caller, packages/feeds `googleCategoryPath`).
 */
export interface ProductKindEvidence {
  title: string;
  productType?: string | null;
  googleCategory?: string | null;
}

/**
 * Version of the rule that writes `products.category_terms` (core {@link categorySearchTerms} and
 * {@link productTypeSearchTerms}). Raised whenever either changes what it writes: the API brings
 * a catalogue written under another version up to this one when it starts
 * (apps/api `refreshCategoryTerms`). 2: category words per product (issue 11 §6). 3: more leaves
 * named after one of their kinds (`NAME_PART_OTHER_KINDS`), a modified name part judged as its phrase.
 */
export const CATEGORY_TERMS_RULE = 3;

/** Words of a text for judging its kind: lower case, hyphenated compounds kept whole, each singular (`singularWord`). */
function kindTokens(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu) ?? []).map(singularWord);
}

/** True when `words` holds the phrase `phrase` (already tokenised) as consecutive words. */
function hasPhrase(words: readonly string[], phrase: readonly string[]): boolean {
  if (phrase.length === 0) return false;
  for (let i = 0; i + phrase.length <= words.length; i++) if (phrase.every((w, j) => words[i + j] === w)) return true;
  return false;
}

/** Audience words a name part may start with ("Men's Cologne"), singular: not part of the kind it names. */
const AUDIENCE_WORDS = new Set(['women', 'men', 'girl', 'boy', 'kid', 'baby', 'unisex', 'lady']);

/**
 * The forms that name a name part's kind: its head word and that word's synonyms (core
 * `SEARCH_SYNONYMS`: trouser / pant), singular; for a part whose head is modified by other words
 * ("Cocktail Dresses", "Hiking Boots"; audience words aside) the whole phrase, since the head
 * alone names the class the part narrows (a party dress is a dress, not a cocktail dress).
 */
function partKindForms(part: string): string[][] {
  const words = kindTokens(part.replace(/['’]s\b/g, '')).filter((w) => !AUDIENCE_WORDS.has(w));
  if (words.length > 1) return [words];
  const head = singularWord(headWord(part));
  return [head, ...synonymsOf(head).map(singularWord)].map((w) => [w]);
}

/**
 * Whether a product gets one part of its node's searchable name as search words (see
 * {@link categorySearchTerms}). The evidence is read in order — title, product_type, Google
 * category — and the first source that names the part's kind, another part of the same name or
 * a kind of `NAME_PART_OTHER_KINDS` decides: kept when it names the part's kind, dropped
 * otherwise. Kept when no source says anything.
 */
function keepsNamePart(node: CategoryNode, part: string, parts: readonly string[], evidence: ProductKindEvidence): boolean {
  const others = parts.filter((p) => p !== part).map(partKindForms);
  const excluded = (NAME_PART_OTHER_KINDS[node.code ?? '']?.[part] ?? []).map(kindTokens);
  if (others.length === 0 && excluded.length === 0) return true; // a class name: covers everything filed under it
  const own = partKindForms(part);
  for (const source of [evidence.title, evidence.productType, evidence.googleCategory]) {
    if (!source) continue;
    const words = kindTokens(source);
    if (own.some((f) => hasPhrase(words, f))) return true;
    if (others.some((forms) => forms.some((f) => hasPhrase(words, f))) || excluded.some((k) => hasPhrase(words, k))) return false;
  }
  return true;
}

/**
 * The category words of a product's search text (`products.category_terms`, tsvector weight C;
 * issue 11 §6): the department's searchable name, then each group's and the leaf's display name
 * (a group's `&` part naming one of its children left out, see `searchableName`).
 * Keywords are not added: they are what the feed mapper recognises (a narrower kind such as
 * `chino` under Trousers), not synonyms; query synonyms live in `search-words.ts`. An 'Other' leaf
 * (the product carries its group's code) adds nothing of its own. '' for an unknown code.
 *
 * Per product (`product` given; below the department): a name of several `&` parts keeps only
 * the part whose kind the product's own words name ("Underwear & Socks" gives a sock "Socks",
 * "Hoodies & Sweatshirts" a hoodie "Hoodies"), and a part is left out for a product whose words
 * name a kind it does not name (`NAME_PART_OTHER_KINDS`: a boxer gets no "Socks", a concealer no
 * "Foundation", shorts no "Trousers"). The words judged are the product's title, then its
 * product_type, then its Google category (`ProductKindEvidence`); a node left with no part adds
 * nothing. Without `product`, every part (the category's own words).
 */
export function categorySearchTerms(code: string, product?: ProductKindEvidence): string {
  const node = categoryByCode(code);
  if (!node) return '';
  return categoryTrail(node)
    .map((n, i) => {
      if (i === 0) return DEPARTMENT_SEARCH_TERMS[n.code!] ?? n.term;
      const name = searchableName(n);
      if (!product) return name;
      const parts = nameParts(name);
      return parts.filter((p) => keepsNamePart(n, p, parts, product)).join(' & ');
    })
    .filter(Boolean)
    .join(' ');
}

/**
 * Words that name a kind of product (issue 11 §6, compound names): the single-word keywords and
 * name head words of every group and leaf (not the departments), singular, without audience words
 * (women, men, girls, …). `dress`, `shirt`, `shoe`, `jacket`, `puffer` are kinds; `casual`, `maxi`
 * are not. The search reads a kind directly followed by another kind ("Dress Shirt", "Shirt
 * Dress") as a modifier of the second one, unless it is a kind of the product's own category.
 */
export const PRODUCT_KIND_WORDS: readonly string[] = (() => {
  // Audience words, and keywords that are also GMC colours ("Khaki Trench Coat" is a coat in khaki, not a compound).
  const notKinds = new Set([
    'women',
    'womens',
    'lady',
    'ladie',
    'men',
    'mens',
    'girl',
    'boy',
    'kid',
    'kids',
    'baby',
    'children',
    'toddler',
    'unisex',
    'cream',
    'khaki',
    'denim',
  ]);
  const words = new Set<string>();
  for (const n of ALL_CATEGORIES) if (n.code && n.code.length > 1 && !n.other) for (const w of kindWordsOf(n)) if (!notKinds.has(w)) words.add(w);
  return [...words].sort();
})();

/**
 * Colour words the search reads as a product's colour (issue 11 §6): core `COLOUR_WORDS` less
 * those the tree also uses as a kind (the "Khaki" of khaki chinos, the "Cream" of eye cream).
 * A query word among them matches a product that states its colours (GMC `color`) only when
 * those colours or its brand's name hold it (apps/api search `snapshot.ts`), so a "Gold-Plated"
 * or "Rose Gold-Tone" necklace in silver is no "gold necklace". Found in the demo catalogue's
 * descriptors (jewellery's "14k Gold-Plated", "Sterling Silver"; chinos named "Khaki Chinos"),
 * which name a material, not the colour the feed states.
 */
export const SEARCH_COLOUR_WORDS: readonly string[] = (() => {
  const kinds = new Set(ALL_CATEGORIES.filter((n) => n.code).flatMap((n) => kindWordsOf(n)));
  return COLOUR_WORDS.filter((w) => !kinds.has(w));
})();

/**
 * The kind words of a product's own category (issue 11 §6): the single-word keywords and name
 * head words (of its searchable name) of every node on its trail, department included, singular
 * (`913` → men, clothing, coat, …, parka, puffer; not `jacket`). A kind word of its own category is never read as a modifier
 * ("Puffer Jacket" under Parkas is a puffer). [] for an unknown code.
 */
export function ownKindWords(code: string): string[] {
  const node = categoryByCode(code);
  return node ? [...new Set(categoryTrail(node).flatMap((n) => kindWordsOf(n, searchableName(n))))] : [];
}

/** Term paths of our own tree ("women's clothing > women's coats > blazers"), lower-case. */
const TERM_PATHS = new Map(
  ALL_CATEGORIES.filter((n) => n.code !== null).map((n) => [
    categoryTrail(n)
      .map((t) => t.term.toLowerCase())
      .join(' > '),
    n,
  ]),
);

/**
 * The node a `product_type` names when it is exactly a path of our own tree (terms joined by `>`,
 * case and spacing ignored; GMC `product_type` written in our taxonomy; an 'Other' leaf's path
 * ends in `> Other`), else undefined. The feed mapper's rule 0 and the search's product_type words read it.
 */
export function categoryByTermPath(productType: string): CategoryNode | undefined {
  return TERM_PATHS.get(
    productType
      .toLowerCase()
      .split('>')
      .map((t) => t.trim())
      .join(' > '),
  );
}

/** Separator between a product's category words and its merchant's `product_type` words in `category_terms`. */
export const PRODUCT_TYPE_SEPARATOR = ' ; ';

/**
 * The merchant's own category words of a product's search text (GMC `product_type`, issue 11 §6):
 * `PRODUCT_TYPE_SEPARATOR` then the path's segments, each `&` and each segment boundary written as
 * " and " (a stop word: the analyser leaves a gap, so "Tops > Jackets" is no compound "top
 * jacket"). '' when there is none, or when it is a path of our own tree (the category words say it
 * already). "Gear > Fitness Equipment" → " ; Gear and Fitness Equipment".
 */
export function productTypeSearchTerms(productType: string | null | undefined): string {
  const text = productType?.trim();
  if (!text || categoryByTermPath(text)) return '';
  const segments = text
    .split('>')
    .flatMap((s) => nameParts(s.replace(/[;|]/g, ' ')))
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  return segments.length ? `${PRODUCT_TYPE_SEPARATOR}${segments.join(' and ')}` : '';
}
