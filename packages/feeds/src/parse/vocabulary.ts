/**
 * Normalises the enumerated GMC attributes `availability`, `condition`, `gender` and
 * `age_group` from the spellings found in real feeds: GMC values (`in stock`, `in_stock`),
 * schema.org ItemAvailability / OfferItemCondition (`InStock`, `https://schema.org/InStock`),
 * and shop wording in English, French, Spanish, German, Italian, Dutch, Portuguese and Chinese.
 */
import type { Availability, Condition } from '@b-deals/core';
import { perDistinctValue } from './text.ts';

/** Lower case, accents removed, schema.org URL prefix and camelCase split, separators → one space; once per distinct value. */
const key = perDistinctValue(spell);

function spell(raw: string): string {
  return raw
    .trim()
    .replace(/^https?:\/\/(www\.)?schema\.org\//i, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[\s_\-.!]+/g, ' ')
    .trim();
}

const AVAILABILITY: Record<string, Availability> = {};
const add = <T extends string>(table: Record<string, T>, value: T, words: string): void => {
  for (const w of words.split('|')) table[key(w)] = value;
};
add(
  AVAILABILITY,
  'in_stock',
  'in stock|instock|available|yes|true|limited availability|in store only|online only|' +
    'en stock|disponible|en existencia|hay existencias|' +
    'auf lager|lieferbar|verfugbar|vorratig|sofort lieferbar|' +
    'disponibile|in magazzino|in stock disponibile|' +
    'op voorraad|leverbaar|beschikbaar|' +
    'em estoque|disponivel|em stock|' +
    '有货|現貨|现货|有庫存|有库存',
);
add(
  AVAILABILITY,
  'out_of_stock',
  'out of stock|outofstock|sold out|soldout|discontinued|unavailable|not available|no|false|' +
    'rupture de stock|en rupture|epuise|indisponible|' +
    'agotado|agotada|sin stock|sin existencias|no disponible|' +
    'ausverkauft|nicht lieferbar|nicht auf lager|nicht verfugbar|vergriffen|' +
    'esaurito|esaurita|non disponibile|' +
    'niet op voorraad|uitverkocht|niet leverbaar|' +
    'esgotado|esgotada|indisponivel|fora de estoque|sem estoque|' +
    '缺货|缺貨|无货|無貨|售罄|已售完',
);
add(
  AVAILABILITY,
  'preorder',
  'preorder|pre order|presale|pre sale|precommande|preventa|reserva|vorbestellung|vorbestellbar|' +
    'preordine|voorbestellen|voorbestelling|pre venda|encomenda|预售|預售|预订|預訂',
);
add(
  AVAILABILITY,
  'backorder',
  'backorder|back order|back ordered|backordered|sur commande|bajo pedido|nachbestellt|' +
    'lieferbar in kurze|su ordinazione|nabestelling|sob encomenda|缺货预订|需订货',
);

/**
 * GMC `availability` from any known spelling, or from a stock count (`12` → in_stock, `0` →
 * out_of_stock). Returns null when missing or not recognised; the caller then uses `in_stock`
 * and warns `unknown_availability` (a feed lists what a shop sells; items it stops selling
 * usually leave the feed, so in stock is the likelier truth, and the warning flags the feed).
 */
export function normalizeAvailability(raw: string | undefined): Availability | null {
  if (raw === undefined) return null;
  const k = key(raw);
  if (/^-?\d+$/.test(k)) return Number(k) > 0 ? 'in_stock' : 'out_of_stock';
  return AVAILABILITY[k] ?? null;
}

const CONDITION: Record<string, Condition> = {};
add(CONDITION, 'new', 'new|new condition|brand new|neu|neuf|nuevo|nueva|nuovo|nieuw|novo|全新');
add(CONDITION, 'used', 'used|used condition|pre owned|preowned|second hand|gebraucht|occasion|usado|usada|usato|gebruikt|二手|中古');
add(
  CONDITION,
  'refurbished',
  'refurbished|refurbished condition|renewed|reconditionne|generalüberholt|generaluberholt|reacondicionado|ricondizionato|gereviseerd|recondicionado|翻新',
);

/** GMC `condition` (`new`, `used`, `refurbished`) from GMC, schema.org or shop wording; null when not recognised. */
export function normalizeCondition(raw: string): Condition | null {
  return CONDITION[key(raw)] ?? null;
}

const GENDER: Record<string, 'male' | 'female' | 'unisex'> = {};
add(GENDER, 'male', 'male|men|mens|man|m|boys|boy|herren|homme|hombre|uomo|heren|masculino|男');
add(GENDER, 'female', 'female|women|womens|woman|w|f|ladies|girls|girl|damen|femme|mujer|donna|dames|feminino|女');
add(GENDER, 'unisex', 'unisex|both|all|neutral');

/** GMC `gender` (`male`, `female`, `unisex`); null when absent or not recognised. */
export function normalizeGender(raw: string | undefined): 'male' | 'female' | 'unisex' | null {
  return raw === undefined ? null : (GENDER[key(raw.replace(/['’]/g, ''))] ?? null);
}

const AGE_GROUP: Record<string, string> = {};
add(AGE_GROUP, 'newborn', 'newborn|newborns|0 3 months');
add(AGE_GROUP, 'infant', 'infant|infants|baby|babies');
add(AGE_GROUP, 'toddler', 'toddler|toddlers');
add(AGE_GROUP, 'kids', 'kids|kid|children|child|youth|junior|enfant|enfants|kinder|ninos|bambini|kinderen|criancas');
add(AGE_GROUP, 'adult', 'adult|adults|grown up|erwachsene|adulte|adulto');

/** GMC `age_group` (`newborn`, `infant`, `toddler`, `kids`, `adult`); null when absent or not recognised. */
export function normalizeAgeGroup(raw: string | undefined): string | null {
  return raw === undefined ? null : (AGE_GROUP[key(raw)] ?? null);
}
