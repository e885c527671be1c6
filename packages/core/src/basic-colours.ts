/**
 * Basic colours of a product's stated colours (GMC `color`), for a listing's colour filter: each
 * colour word of core `COLOUR_WORDS` (search-words.ts) belongs to one of {@link BASIC_COLOURS},
 * so "Navy" is Blue, "Off White" and "Ivory" are White, "Heather Grey" is Gray. GMC lets a feed
 * give up to three colours of one item separated by `/` ("Black/White/Red"); each counts, and
 * "Multicolor", "Multi" or "Rainbow" is Multicolour. A value with no colour word ("As shown",
 * "Natural") has no basic colour.
 */
import { COLOUR_WORDS } from './search-words.ts';

/** The colour filter's values, in the order a listing shows them (their URL values). */
export const BASIC_COLOURS = [
  'black',
  'white',
  'gray',
  'silver',
  'gold',
  'red',
  'pink',
  'orange',
  'yellow',
  'green',
  'blue',
  'purple',
  'brown',
  'beige',
  'multicolour',
] as const;
export type BasicColour = (typeof BASIC_COLOURS)[number];

/** What a shopper reads for each basic colour (US English). */
export const BASIC_COLOUR_LABELS: Readonly<Record<BasicColour, string>> = {
  black: 'Black',
  white: 'White',
  gray: 'Gray',
  silver: 'Silver',
  gold: 'Gold',
  red: 'Red',
  pink: 'Pink',
  orange: 'Orange',
  yellow: 'Yellow',
  green: 'Green',
  blue: 'Blue',
  purple: 'Purple',
  brown: 'Brown',
  beige: 'Beige',
  multicolour: 'Multicolor',
};

/** The basic colour of every word of {@link COLOUR_WORDS} (a word missing here fails the unit test). */
const FAMILY: Readonly<Record<string, BasicColour>> = {
  black: 'black',
  white: 'white',
  ivory: 'white',
  cream: 'white',
  ecru: 'white',
  gray: 'gray',
  grey: 'gray',
  charcoal: 'gray',
  graphite: 'gray',
  pewter: 'gray',
  gunmetal: 'gray',
  titanium: 'gray',
  silver: 'silver',
  gold: 'gold',
  champagne: 'gold',
  red: 'red',
  burgundy: 'red',
  maroon: 'red',
  crimson: 'red',
  scarlet: 'red',
  mulberry: 'red',
  pink: 'pink',
  rose: 'pink',
  fuchsia: 'pink',
  magenta: 'pink',
  coral: 'pink',
  orange: 'orange',
  peach: 'orange',
  apricot: 'orange',
  rust: 'orange',
  copper: 'orange',
  yellow: 'yellow',
  mustard: 'yellow',
  green: 'green',
  olive: 'green',
  lime: 'green',
  mint: 'green',
  sage: 'green',
  emerald: 'green',
  blue: 'blue',
  navy: 'blue',
  cyan: 'blue',
  teal: 'blue',
  turquoise: 'blue',
  cobalt: 'blue',
  indigo: 'blue',
  aqua: 'blue',
  purple: 'purple',
  violet: 'purple',
  lavender: 'purple',
  lilac: 'purple',
  plum: 'purple',
  mauve: 'purple',
  brown: 'brown',
  bronze: 'brown',
  camel: 'brown',
  taupe: 'brown',
  beige: 'beige',
  khaki: 'beige',
  tan: 'beige',
};

const MULTI = new Set(['multicolor', 'multicolour', 'multicolored', 'multicoloured', 'multi', 'rainbow']);

/** Whether every word of {@link COLOUR_WORDS} has a basic colour (for the unit test). */
export const unmappedColourWords = (): string[] => COLOUR_WORDS.filter((w) => !(w in FAMILY));

/**
 * The basic colours of one GMC `color` value, in {@link BASIC_COLOURS} order, each once: every
 * `/`-separated colour counts, each by its colour words ("Dark Navy Blue" → blue; "Black & White"
 * → black, white); "Multicolor" (or "Multi-Color", "Rainbow") → multicolour. [] for a value with
 * no colour word.
 */
export function basicColours(gmcColor: string): BasicColour[] {
  const found = new Set<BasicColour>();
  const lower = gmcColor.toLowerCase();
  if (MULTI.has(lower.replace(/[\s-]+/g, '')) || /\bmulti[\s-]?colou?r(ed)?\b|\brainbow\b/.test(lower)) found.add('multicolour');
  for (const word of lower.split(/[^a-z]+/)) {
    const family = FAMILY[word];
    if (family) found.add(family);
  }
  return BASIC_COLOURS.filter((c) => found.has(c));
}
