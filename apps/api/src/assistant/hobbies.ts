/**
 * A curated hobby lexicon (issue 18 §2): what a shopper means by an interest, in the categories of
 * our tree (packages/core categories.ts) and the words of our product names. It comes before the
 * word vectors (interests.ts), whose neighbours are noisy for hobbies (golf ≈ tennis, cooking ≈
 * moisturiser), and says what a gift for that hobby is: hiking → hiking backpacks, trail shoes and
 * hiking boots, trekking poles and headlamps, a water bottle, an outdoor jacket or a fleece.
 *
 * A target is a category code searched by prefix, or `code!` for the products filed directly
 * under a group (its 'Other' leaf, DESIGN.md "Category codes"); `words` keep only products whose
 * name holds one of them (a golf glove among the boxing gloves), and the phrase found names the
 * pick in its "why this" line ("Water bottle for hiking"). Targets are strongest first.
 * Clothing targets name both departments where the hobby has both; the recipient's gender drops
 * the other one (interests.ts `fitsRecipient`).
 */

/** One place to look for a hobby's gifts. */
export interface HobbyTarget {
  /** Category code (prefix), or `code!` for the group's own 'Other' products. */
  code: string;
  /** Lower-case words or phrases, one of which the product name must hold. */
  words?: readonly string[];
}

interface Hobby {
  /** Words a shopper uses for the hobby or for the person who has it ("runner", "golfer"). */
  aliases: readonly string[];
  targets: readonly HobbyTarget[];
  /** A kind of product rather than a pastime ("sneakers", "watches"): picks are not said to be "for" it. */
  kind?: true;
}

const WATER_BOTTLE: HobbyTarget = { code: '7!', words: ['water bottle'] };

const HOBBIES: Record<string, Hobby> = {
  hiking: {
    aliases: ['hike', 'hikes', 'hiker', 'hikers', 'trekking', 'backpacking', 'walking', 'trail', 'trails', 'mountains'],
    targets: [
      { code: '721' },
      { code: '728' },
      { code: '72!', words: ['trekking poles', 'headlamp'] },
      WATER_BOTTLE,
      { code: '93!', words: ['fleece'] },
      { code: '912', words: ['field jacket'] },
      { code: '812', words: ['utility jacket', 'quilted jacket'] },
    ],
  },
  camping: {
    aliases: ['camp', 'camper', 'campers', 'campfire'],
    targets: [{ code: '724' }, { code: '72!', words: ['camp chair', 'camp stove', 'headlamp'] }, { code: '721' }, WATER_BOTTLE],
  },
  climbing: {
    aliases: ['climber', 'bouldering', 'rock climbing'],
    targets: [{ code: '721' }, { code: '72!', words: ['headlamp'] }, WATER_BOTTLE, { code: '713' }],
  },
  outdoors: {
    aliases: ['the outdoors', 'outdoor', 'nature', 'outdoorsy'],
    targets: [
      { code: '721' },
      { code: '728' },
      { code: '724' },
      { code: '72!', words: ['trekking poles', 'headlamp', 'camp chair', 'camp stove'] },
      WATER_BOTTLE,
    ],
  },
  running: {
    aliases: ['run', 'runs', 'runner', 'runners', 'jogging', 'jogger', 'marathon', 'marathons', 'track'],
    targets: [{ code: '711' }, { code: '713' }, { code: '712' }, { code: '851' }, { code: '852' }, WATER_BOTTLE],
  },
  yoga: {
    aliases: ['yogi', 'pilates', 'stretching', 'meditation'],
    targets: [{ code: '727' }, { code: '714' }, { code: '851' }, { code: '852' }, { code: '85!' }],
  },
  fitness: {
    aliases: ['gym', 'workout', 'workouts', 'working out', 'lifting', 'weightlifting', 'crossfit', 'exercise', 'exercising', 'training', 'gym rat'],
    targets: [{ code: '71!' }, { code: '727' }, { code: '713' }, { code: '712' }, { code: '851' }, { code: '852' }, WATER_BOTTLE],
  },
  tennis: {
    aliases: ['badminton', 'squash', 'pickleball'],
    targets: [{ code: '722' }, { code: '923' }, { code: '713', words: ['training top', 'performance tee'] }],
  },
  golf: { aliases: ['golfer', 'golfers', 'golfing'], targets: [{ code: '7!', words: ['golf glove'] }, { code: '923' }, WATER_BOTTLE] },
  skiing: {
    aliases: ['ski', 'skier', 'skiers', 'snowboarding', 'snowboard', 'snowboarder', 'snow sports'],
    targets: [{ code: '723' }, { code: '913' }, { code: '813' }, { code: '93!', words: ['fleece'] }],
  },
  skateboarding: {
    aliases: ['skateboard', 'skateboarder', 'skating', 'skater', 'skate', 'rollerblading', 'roller skating', 'inline skating'],
    targets: [{ code: '725' }, { code: '726' }, { code: 'k24' }, { code: 'k15' }],
  },
  swimming: { aliases: ['swim', 'swimmer', 'swimmers', 'pool'], targets: [{ code: '715' }, { code: '86' }, { code: '943' }] },
  beach: {
    aliases: ['the beach', 'surfing', 'surfer', 'surf', 'sun', 'summer'],
    targets: [{ code: '86' }, { code: '715' }, { code: 'k14' }, { code: 'k25' }, { code: 'b24' }, { code: '943' }, { code: '844' }, { code: 'e11' }],
  },
  cycling: {
    aliases: ['biking', 'bike', 'bikes', 'cyclist', 'cyclists', 'bicycle', 'mountain biking'],
    targets: [{ code: '7!', words: ['cycling gloves'] }, { code: '85!', words: ['cycling unitard'] }, { code: '726' }, { code: '713' }, WATER_BOTTLE],
  },
  boxing: { aliases: ['boxer', 'kickboxing', 'martial arts', 'mma'], targets: [{ code: '7!', words: ['boxing gloves'] }, { code: '71!' }, { code: '713' }] },
  'team sports': {
    aliases: ['soccer', 'football', 'basketball', 'baseball', 'volleyball', 'hockey', 'sports', 'sport'],
    targets: [{ code: '713' }, { code: '711' }, { code: '712' }, { code: 'k24' }, WATER_BOTTLE],
  },
  dancing: { aliases: ['dance', 'dancer', 'ballet', 'ballerina'], targets: [{ code: '851' }, { code: '852' }, { code: '714' }, { code: 'k12' }] },
  travel: {
    aliases: ['traveling', 'travelling', 'travels', 'traveler', 'traveller', 'trips', 'vacations', 'flying'],
    targets: [{ code: 'e4' }, { code: 'e2' }, { code: 'e5' }, { code: 'e!', words: ['toiletry kit', 'cosmetic pouch'] }, { code: 'e3' }],
  },
  skincare: {
    aliases: ['skin care', 'skin', 'serums', 'face masks'],
    targets: [{ code: 'b2!' }, { code: 'b25' }, { code: 'b22' }, { code: 'b23' }, { code: 'b21' }, { code: 'b26' }, { code: 'b24' }],
  },
  makeup: {
    aliases: ['make-up', 'make up', 'cosmetics', 'lipstick', 'mascara', 'eyeshadow'],
    targets: [{ code: 'b14' }, { code: 'b12' }, { code: 'b1!' }, { code: 'b13' }, { code: 'b11' }],
  },
  beauty: { aliases: ['beauty products'], targets: [{ code: 'b1' }, { code: 'b2' }, { code: 'b3' }, { code: 'b!' }] },
  fragrance: {
    kind: true,
    aliases: ['perfume', 'perfumes', 'cologne', 'colognes', 'fragrances', 'scents'],
    targets: [{ code: 'b31' }, { code: 'b32' }, { code: 'b3!' }],
  },
  hair: {
    aliases: ['hairstyling', 'hair styling', 'hairstyles', 'hair care', 'haircare'],
    targets: [{ code: 'b43' }, { code: 'b4!' }, { code: 'b41' }, { code: 'b42' }],
  },
  pampering: {
    aliases: ['spa', 'self-care', 'self care', 'relaxing', 'relaxation', 'baths', 'bath'],
    targets: [{ code: 'b!', words: ['bath soak', 'body scrub', 'hand cream'] }, { code: 'b23' }, { code: 'b2!' }, { code: 'b3!' }, { code: '87' }],
  },
  jewelry: {
    kind: true,
    aliases: ['jewellery', 'jewels', 'accessories'],
    targets: [{ code: 'f1' }, { code: 'f2' }, { code: 'f4' }, { code: 'f3' }, { code: 'f!' }],
  },
  watches: { kind: true, aliases: ['watch', 'timepieces', 'wristwatches'], targets: [{ code: 'f5' }] },
  handbags: {
    kind: true,
    aliases: ['bags', 'purses', 'purse', 'handbag', 'totes'],
    targets: [{ code: 'e11' }, { code: 'e12' }, { code: 'e13' }, { code: 'e14' }, { code: 'e1!' }],
  },
  sneakers: { kind: true, aliases: ['sneaker', 'sneakerhead', 'kicks', 'trainers'], targets: [{ code: 'k24' }, { code: 'k15' }, { code: '711' }] },
  shoes: { kind: true, aliases: ['shoe', 'footwear'], targets: [{ code: 'k2' }, { code: 'k1' }] },
  toys: {
    aliases: ['lego', 'legos', 'dolls', 'doll', 'puzzles', 'games', 'stuffed animals', 'plushies', 'teddy bears', 'playing'],
    targets: [{ code: 'g5' }],
  },
  sleep: {
    aliases: ['lounging', 'loungewear', 'pajamas', 'napping', 'cozy nights'],
    targets: [{ code: '87' }, { code: '9!', words: ['lounge set', 'bathrobe'] }, { code: '712' }, { code: '834' }, { code: '932' }],
  },
  gardening: { aliases: ['garden', 'gardener', 'plants'], targets: [{ code: 'k!', words: ['garden shoe'] }] },
};

/**
 * Pastimes the catalogue does not serve (it sells clothing, shoes, beauty, bags, jewellery, baby and
 * kids' things, sports and outdoor gear: no instruments, books, kitchenware, drinks, art or craft
 * supplies, games, electronics, cameras, pet or car goods). Each is named by a few everyday words
 * chosen for the domain, not for any request: an interest whose word vector lies nearer these than
 * to every hobby above gets a question, never a guess (interests.ts `matchInterest`). The key is
 * what the reply says ("I don't carry anything for music").
 */
export const UNSERVED: Readonly<Record<string, readonly string[]>> = {
  music: ['music', 'musician', 'guitar', 'piano', 'singing', 'songs', 'concerts'],
  books: ['reading', 'books', 'novels', 'literature', 'writing', 'poetry'],
  'food and drink': ['cooking', 'food', 'recipes', 'cuisine', 'coffee', 'wine', 'beer', 'chocolate'],
  'art and crafts': ['art', 'painting', 'drawing', 'crafts', 'sewing', 'sculpture'],
  'games and tech': ['gaming', 'videogames', 'computers', 'gadgets', 'technology', 'electronics', 'poker', 'backgammon'],
  'film and TV': ['movies', 'films', 'television', 'cinema', 'comics', 'cartoons'],
  photography: ['camera', 'cameras'],
  pets: ['pets', 'dogs', 'cats', 'horses', 'animals', 'birds'],
  'cars and motorbikes': ['cars', 'motorcycles', 'trucks', 'racing'],
  'science and history': ['science', 'history', 'math', 'physics', 'politics'],
  'home and decor': ['decor', 'furniture', 'candles', 'interior', 'cleaning'],
};

/**
 * Every pastime of the lexicon with the words a shopper uses for it (name first), for the word
 * vectors (interests.ts). Kinds of product ("sneakers", "watches") are left out: an interest near a
 * kind of product ("sunglasses" ≈ sneakers) would get a substitute, not a gift for it.
 */
export function hobbyWords(): ReadonlyArray<{ hobby: string; words: readonly string[] }> {
  return Object.entries(HOBBIES)
    .filter(([, h]) => !h.kind)
    .map(([hobby, h]) => ({ hobby, words: [hobby, ...h.aliases] }));
}

/** Lower-case alias or name → hobby name. */
const BY_WORD = new Map<string, string>();
for (const [name, h] of Object.entries(HOBBIES)) {
  BY_WORD.set(name, name);
  for (const a of h.aliases) if (!BY_WORD.has(a)) BY_WORD.set(a, name);
}

/** The hobby an interest names ("runner" → running, "the outdoors" → outdoors), or null. */
export function hobbyOf(interest: string): string | null {
  const phrase = interest.toLowerCase().trim();
  if (BY_WORD.has(phrase)) return BY_WORD.get(phrase)!;
  // "trail running", "mountain hiking": the last word names the hobby.
  const last = phrase.split(/\s+/).pop() ?? '';
  return BY_WORD.get(last) ?? null;
}

/**
 * Where to look for gifts for a hobby named by `interest` (strongest first) and whether picks may be
 * said to be "for" it (not for a kind of product: "Running Shoes for sneakers"); null when the
 * lexicon does not know it.
 */
export function hobbyTargets(interest: string): { targets: readonly HobbyTarget[]; claim: boolean } | null {
  const h = hobbyOf(interest);
  return h ? { targets: HOBBIES[h]!.targets, claim: !HOBBIES[h]!.kind } : null;
}

/**
 * Pastimes the catalogue serves only by a neighbouring hobby (lower-case interest → hobby): a snorkeler
 * can use swimwear and goggles, but nothing we carry is made for snorkeling, so the picks are searched
 * as that hobby's and never said to be "for" the pastime (interests.ts `matchInterest`, `near`). The
 * word vectors put snorkeling nearest to cycling; this list corrects such neighbours by hand.
 */
export const NEAR_HOBBIES: Readonly<Record<string, string>> = {
  snorkel: 'swimming',
  snorkeling: 'swimming',
  snorkelling: 'swimming',
};

/** Nouns for people with a hobby ("my brother is a runner", "a big golfer") → the interest they mean. */
export const HOBBY_PEOPLE: Readonly<Record<string, string>> = {
  runner: 'running',
  jogger: 'jogging',
  hiker: 'hiking',
  camper: 'camping',
  climber: 'climbing',
  golfer: 'golf',
  skier: 'skiing',
  snowboarder: 'snowboarding',
  swimmer: 'swimming',
  surfer: 'surfing',
  cyclist: 'cycling',
  biker: 'biking',
  skater: 'skating',
  skateboarder: 'skateboarding',
  dancer: 'dancing',
  ballerina: 'ballet',
  yogi: 'yoga',
  traveler: 'travel',
  traveller: 'travel',
  gardener: 'gardening',
  sneakerhead: 'sneakers',
  'gym rat': 'gym',
  // Pastimes the catalogue has little for: named, so that the reply can say so.
  reader: 'reading',
  bookworm: 'reading',
  gamer: 'gaming',
  baker: 'baking',
  musician: 'music',
  photographer: 'photography',
  fisherman: 'fishing',
};
