/**
 * Words of gift requests (issue 18 §2): who a gift is for, occasions, colours, styles and the
 * interests ShopGeni recognises by name. These lists feed NLP.js's enumerated named entities
 * (understand.ts); they say what the words mean, the library finds them in the text.
 */
import type { GiftSlots } from '@b-deals/contracts';

/** A recipient word's meaning: relation, and gender or age group when the word implies them. */
export interface RecipientSense {
  relation: string;
  gender?: GiftSlots['gender'];
  ageGroup?: GiftSlots['ageGroup'];
  /** The word may name a baby ("a christening gift for my grandson"); other people named with a baby occasion are its parents. */
  young?: true;
}

/** Recipient option (the canonical word) → its synonyms and meaning. */
export const RECIPIENTS: Record<string, { words: string[] } & RecipientSense> = {
  mom: {
    words: ['mom', 'mother', 'mum', 'mommy', 'mama', 'stepmom', 'mother in law', 'mother-in-law'],
    relation: 'parent',
    gender: 'female',
    ageGroup: 'adult',
  },
  dad: { words: ['dad', 'father', 'daddy', 'papa', 'stepdad', 'father in law', 'father-in-law'], relation: 'parent', gender: 'male', ageGroup: 'adult' },
  wife: { words: ['wife'], relation: 'partner', gender: 'female', ageGroup: 'adult' },
  husband: { words: ['husband', 'hubby'], relation: 'partner', gender: 'male', ageGroup: 'adult' },
  girlfriend: { words: ['girlfriend', 'gf', 'fiancee'], relation: 'partner', gender: 'female', ageGroup: 'adult' },
  boyfriend: { words: ['boyfriend', 'bf', 'fiance'], relation: 'partner', gender: 'male', ageGroup: 'adult' },
  partner: { words: ['partner', 'spouse', 'significant other'], relation: 'partner', ageGroup: 'adult' },
  sister: { words: ['sister', 'sis'], relation: 'sibling', gender: 'female' },
  brother: { words: ['brother', 'bro'], relation: 'sibling', gender: 'male' },
  daughter: { words: ['daughter', 'stepdaughter'], relation: 'child', gender: 'female', young: true },
  son: { words: ['son', 'stepson'], relation: 'child', gender: 'male', young: true },
  grandma: { words: ['grandma', 'grandmother', 'granny', 'nana', 'grandmom'], relation: 'grandparent', gender: 'female', ageGroup: 'senior' },
  grandpa: { words: ['grandpa', 'grandfather', 'granddad', 'grandad', 'gramps'], relation: 'grandparent', gender: 'male', ageGroup: 'senior' },
  aunt: { words: ['aunt', 'auntie'], relation: 'relative', gender: 'female', ageGroup: 'adult' },
  uncle: { words: ['uncle'], relation: 'relative', gender: 'male', ageGroup: 'adult' },
  niece: { words: ['niece'], relation: 'relative', gender: 'female', young: true },
  nephew: { words: ['nephew'], relation: 'relative', gender: 'male', young: true },
  granddaughter: { words: ['granddaughter', 'grand daughter'], relation: 'grandchild', gender: 'female', young: true },
  grandson: { words: ['grandson', 'grand son'], relation: 'grandchild', gender: 'male', young: true },
  grandchild: { words: ['grandchild', 'grandkid', 'grandbaby'], relation: 'grandchild', young: true },
  goddaughter: { words: ['goddaughter', 'god daughter'], relation: 'godchild', gender: 'female', young: true },
  godson: { words: ['godson', 'god son'], relation: 'godchild', gender: 'male', young: true },
  godchild: { words: ['godchild', 'god child'], relation: 'godchild', young: true },
  cousin: { words: ['cousin'], relation: 'relative' },
  friend: { words: ['friend', 'best friend', 'bestie', 'buddy', 'pal', 'roommate', 'neighbor', 'neighbour'], relation: 'friend' },
  colleague: { words: ['coworker', 'co-worker', 'colleague', 'boss', 'teammate', 'employee', 'teacher'], relation: 'colleague', ageGroup: 'adult' },
  baby: { words: ['baby', 'newborn', 'infant'], relation: 'child', ageGroup: 'baby', young: true },
  toddler: { words: ['toddler'], relation: 'child', ageGroup: 'kid', young: true },
  kid: { words: ['kid', 'kids', 'child', 'children', 'little one'], relation: 'child', ageGroup: 'kid', young: true },
  teenager: { words: ['teenager', 'teen', 'teens', 'teenage', 'adolescent'], relation: 'child', ageGroup: 'teen' },
  'teen girl': { words: ['teen girl', 'teenage girl'], relation: 'child', gender: 'female', ageGroup: 'teen' },
  'teen boy': { words: ['teen boy', 'teenage boy'], relation: 'child', gender: 'male', ageGroup: 'teen' },
  girl: { words: ['girl', 'little girl'], relation: 'child', gender: 'female', ageGroup: 'kid', young: true },
  boy: { words: ['boy', 'little boy'], relation: 'child', gender: 'male', ageGroup: 'kid', young: true },
  woman: { words: ['woman', 'lady', 'her'], relation: 'other', gender: 'female' },
  man: { words: ['man', 'guy', 'gentleman', 'him'], relation: 'other', gender: 'male' },
  self: { words: ['myself', 'me', 'treat myself'], relation: 'self' },
};

/** Recipient words that describe a person rather than a relation: a relation named too wins ("my teen brother"). */
export const GENERIC_RECIPIENTS = new Set(['teenager', 'kid', 'toddler', 'baby', 'girl', 'boy', 'woman', 'man', 'teen girl', 'teen boy']);

/** Gendered words that only set a gender ("for a female teenager"). */
export const GENDER_WORDS: Record<string, NonNullable<GiftSlots['gender']>> = {
  female: 'female',
  feminine: 'female',
  women: 'female',
  womens: 'female',
  male: 'male',
  masculine: 'male',
  men: 'male',
  mens: 'male',
};

/** Occasion option → synonyms. */
export const OCCASIONS: Record<string, string[]> = {
  birthday: ['birthday', 'bday', 'b-day', 'turning'],
  christmas: ['christmas', 'xmas', 'holiday', 'holidays', 'stocking', 'stocking stuffer', 'secret santa'],
  anniversary: ['anniversary'],
  "valentine's day": ["valentine's day", 'valentines day', 'valentine', 'valentines'],
  "mother's day": ["mother's day", 'mothers day'],
  "father's day": ["father's day", 'fathers day'],
  graduation: ['graduation', 'graduating', 'grad'],
  wedding: ['wedding', 'bridal shower', 'engagement'],
  'baby shower': ['baby shower'],
  'new baby': ['new baby', 'new arrival', 'newborn gift', 'welcome baby', 'new parents', 'mom to be', 'mom-to-be', 'parents to be', 'parents-to-be'],
  christening: ['christening', 'baptism', 'baptismal', 'naming ceremony'],
  'first birthday': ['first birthday', '1st birthday'],
  housewarming: ['housewarming', 'new home', 'new house'],
  retirement: ['retirement', 'retiring'],
  'thank you': ['thank you', 'thanks', 'appreciation'],
  'back to school': ['back to school'],
  hanukkah: ['hanukkah', 'chanukah'],
  easter: ['easter'],
  'get well': ['get well'],
};

/**
 * Occasions that say who the gift is for (issue 18 follow-up, point 3): a baby shower, a new baby and
 * a christening are a baby's (`age` unknown), a first birthday a one-year-old's. Understanding fills
 * the recipient and age slots from them when the message names no child (understand.ts).
 */
export const OCCASION_PERSON: Readonly<Record<string, { age: number | null }>> = {
  'baby shower': { age: null },
  'new baby': { age: null },
  christening: { age: null },
  'first birthday': { age: 1 },
};

/** Colour option → synonyms. */
export const COLOURS: Record<string, string[]> = {
  black: ['black'],
  white: ['white', 'ivory', 'cream'],
  red: ['red', 'burgundy'],
  blue: ['blue', 'navy', 'teal'],
  green: ['green', 'olive', 'sage'],
  pink: ['pink', 'blush', 'rose'],
  purple: ['purple', 'lilac', 'lavender'],
  yellow: ['yellow', 'mustard'],
  orange: ['orange'],
  brown: ['brown', 'tan', 'camel'],
  grey: ['grey', 'gray', 'charcoal'],
  beige: ['beige', 'nude'],
  gold: ['gold', 'golden'],
  silver: ['silver'],
};

/** Style option → synonyms. */
export const STYLES: Record<string, string[]> = {
  classic: ['classic', 'timeless', 'traditional'],
  minimalist: ['minimalist', 'minimal', 'simple', 'understated'],
  elegant: ['elegant', 'fancy', 'classy', 'sophisticated', 'dressy'],
  luxury: ['luxury', 'luxurious', 'designer', 'high-end', 'premium'],
  casual: ['casual', 'everyday', 'laid-back'],
  sporty: ['sporty', 'athletic', 'active'],
  trendy: ['trendy', 'fashionable', 'stylish', 'chic'],
  vintage: ['vintage', 'retro'],
  cute: ['cute', 'adorable', 'fun', 'quirky'],
  practical: ['practical', 'useful', 'functional'],
  cozy: ['cozy', 'cosy', 'comfy', 'comfortable', 'warm'],
};

/**
 * Interests recognised by name, with the words the category tree uses for them; an interest
 * not listed here still maps through its word vector (interests.ts).
 */
export const INTERESTS: string[] = [
  'hiking',
  'camping',
  'backpacking',
  'climbing',
  'running',
  'jogging',
  'marathon',
  'yoga',
  'pilates',
  'fitness',
  'gym',
  'workout',
  'working out',
  'lifting',
  'tennis',
  'badminton',
  'skiing',
  'snowboarding',
  'skating',
  'skateboarding',
  'rollerblading',
  'swimming',
  'surfing',
  'cycling',
  'biking',
  'golf',
  'soccer',
  'basketball',
  'football',
  'sports',
  'outdoors',
  'the outdoors',
  'nature',
  'travel',
  'traveling',
  'travelling',
  'fashion',
  'clothes',
  'shoes',
  'sneakers',
  'makeup',
  'skincare',
  'skin care',
  'beauty',
  'perfume',
  'fragrance',
  'cologne',
  'jewelry',
  'jewellery',
  'watches',
  'bags',
  'handbags',
  'hair',
  'hairstyling',
  'toys',
  'puzzles',
  'lego',
  'dolls',
  'games',
  'gaming',
  'reading',
  'books',
  'music',
  'art',
  'painting',
  'dancing',
  'ballet',
  'cooking',
  'baking',
  'coffee',
  'gardening',
  'photography',
  'tech',
  'self-care',
  'spa',
  'pampering',
  'lingerie',
  'sleep',
  'lounging',
  'style',
  'dressing up',
  'parties',
  'partying',
  'the beach',
  'beach',
  'swimwear',
  'commuting',
  'work',
  'office',
  'business',
];

/** Words that mean "nothing to say" and are never taken as an interest. */
export const NOT_INTERESTS = new Set([
  'gift',
  'gifts',
  'present',
  'something',
  'anything',
  'stuff',
  'things',
  'it',
  'them',
  'that',
  'this',
  'a',
  'the',
  'to',
  'and',
  'buy',
  'get',
]);
