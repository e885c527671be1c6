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

/**
 * Names US shoppers give sneakers by what they wear them for, and the high top (issue 11 §6): keywords of both
 * Sneakers leaves, so a feed's "Tennis Shoe" is filed as a sneaker and a search for "tennis shoes"
 * or "gym shoes" that finds nothing as typed shows the sneakers, saying so (category phrases).
 * Running shoes and hiking shoes have leaves of their own.
 */
const SNEAKER_PHRASES = [
  ...['athletic', 'tennis', 'gym', 'training', 'walking', 'workout', 'basketball'].flatMap((use) => [`${use} shoe`, `${use} sneaker`, `${use} trainer`]),
  'high top',
];

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
      ['Watches', '5', ['watch', 'wristwatch', 'smartwatch', 'fitness tracker', 'activity tracker']],
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
          ['Sneakers', '5', ['sneaker', 'trainer', ...SNEAKER_PHRASES]],
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
          ['Sneakers', '4', ['sneaker', 'trainer', ...SNEAKER_PHRASES]],
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
      // Listed, never filed: the sneakers of Shoes (ALSO_LISTED_UNDER). No keywords, so the feed mapper files no item here.
      ['Sneakers', '3', []],
    ],
    'sneakers-sportswear',
  ],
];

/**
 * Leaves whose products a second department lists as well (spec §3: Sneakers & Sportswear is where
 * "sports shoes" are): a product keeps its one category, and the feed mapper adds the leaf here to
 * the leaves it is listed under too (packages/feeds `mapCategory`'s `alsoIn`, decision 0026). A
 * women's or men's sneaker (k15, k24), or a sneaker for either gender listed under both, stays in
 * its Shoes department and is listed under Sneakers & Sportswear › Sneakers (73), a leaf of the
 * department itself, so its page offers it beside Sports and Outdoor.
 */
export const ALSO_LISTED_UNDER: Readonly<Record<string, string>> = { k15: '73', k24: '73' };

/** Codes of the leaves that only list another department's products again ({@link ALSO_LISTED_UNDER}'s values): nothing is filed there. */
export const LISTING_LEAF_CODES: ReadonlySet<string> = new Set(Object.values(ALSO_LISTED_UNDER));

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

/** Code of the Baby & Kids department (spec §3): every code starting with it is a child's product's. */
export const BABY_KIDS_CODE = 'g';

/** Leaves a product can be filed under (named leaves and 'Other' leaves; not the {@link LISTING_LEAF_CODES}). */
export const LEAF_CATEGORIES: readonly CategoryNode[] = ALL_CATEGORIES.filter((c) => c.code && c.children.length === 0 && !LISTING_LEAF_CODES.has(c.code));

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
