import { describe, expect, it } from 'vitest';
import { gtinCheckDigit } from '@b-deals/core';
import {
  BrandLexicon,
  MATCH_THRESHOLD,
  WordStats,
  MemoryBlockingIndex,
  blockCandidates,
  indexKeys,
  brandKey,
  FEATURES,
  MATCH_MODEL,
  applyModel,
  compareModels,
  extractModelNumbers,
  fittedModelNumbers,
  modelNumbers,
  pairFeatures,
  prefixedModel,
  trigramJaccard,
  gtinKey,
  inferBrand,
  isModelToken,
  matchScore,
  modelKey,
  prepareRecord,
  type MatchInput,
} from '../../src/matching/index.ts';

const lexicon = new BrandLexicon(['Sony', 'Hewlett-Packard', 'SanDisk', 'Logitech', 'Western Digital', 'Roocase', 'Xantech', 'Inland']);

/** Prepares both offers and their word statistics over just the two. */
function prepare(a: MatchInput, b: MatchInput) {
  const ra = prepareRecord(a, lexicon);
  const rb = prepareRecord(b, lexicon);
  const stats = new WordStats();
  stats.add(ra.words, ra.models);
  stats.add(rb.words, rb.models);
  return { ra, rb, stats };
}

/** Scores two offers with word statistics over just the two. */
function score(a: MatchInput, b: MatchInput) {
  const { ra, rb, stats } = prepare(a, b);
  return matchScore(ra, rb, stats);
}

describe('identifiers', () => {
  it('keys GTIN-8/12/13/14 as GTIN-14, so UPC-A equals its EAN-13 form', () => {
    const upc = '01234567890' + gtinCheckDigit('01234567890');
    expect(gtinKey(upc)).toBe(`00${upc}`);
    expect(gtinKey(`0${upc}`)).toBe(gtinKey(upc));
    expect(gtinKey(`00${upc}`)).toBe(gtinKey(upc));
    const ean8 = '9638507' + gtinCheckDigit('9638507');
    expect(gtinKey(ean8)).toBe(`000000${ean8}`);
    expect(gtinKey(upc.slice(0, -1) + ((Number(upc.at(-1)) + 1) % 10))).toBeNull(); // wrong check digit
    expect(gtinKey('12345')).toBeNull();
  });

  it('normalises model numbers across case, hyphens, spaces, slashes and dots', () => {
    for (const form of ['PS-LX350H', 'ps lx350h', 'PSLX350H', 'PS/LX350H', 'ps.lx350h']) expect(modelKey(form)).toBe('PSLX350H');
  });

  it('takes model numbers from titles but not measurements, standards or years', () => {
    expect(extractModelNumbers('Sony PS-LX350H Belt-Drive Turntable')).toEqual(['PSLX350H']);
    expect(extractModelNumbers('RCA 22 class 1080p 60Hz LCD HDTV 22LA45RQ, 16GB, USB 3.0, 2011')).toEqual(['22LA45RQ']);
    expect(extractModelNumbers('Sony PS LX350H turntable').sort()).toEqual(['LX350H', 'PSLX350H']);
    expect(isModelToken('880306')).toBe(true);
    expect(isModelToken('2-way')).toBe(false);
    expect(isModelToken('DDR3')).toBe(false);
    expect(isModelToken('5590-digital-flatbed-scanner')).toBe(false);
    // a count and a word describes the product: two brands' 4-person tents share no model
    expect(isModelToken('4-Person')).toBe(false);
    expect(isModelToken('3-piece')).toBe(false);
    expect(isModelToken('PS-LX350H')).toBe(true);
  });

  it('compares model sets: same, close, different, unknown; generic keys do not make a match', () => {
    expect(compareModels(['TN450'], ['TN450', '512953'])).toBe('same');
    expect(compareModels(['51644C'], ['NEW51644C'])).toBe('close');
    expect(compareModels(['GBU421'], ['GBU421W6'])).toBe('different');
    expect(compareModels(['E92BP6R'], ['E95FP8'])).toBe('different');
    expect(compareModels([], ['E95FP8'])).toBe('unknown');
    // shared line name, different variant codes
    expect(compareModels(['3N1MGC', '3IN1X'], ['3N1NWA', '3IN1X'], (k) => k === '3IN1X')).toBe('different');
    // a generic key in common is not a match by itself
    expect(compareModels(['TF101'], ['TF101'], () => true)).toBe('unknown');
  });

  it('lets generic model numbers break a match though they cannot make one', () => {
    // Ink tanks of one line: each key is common, but they are two products.
    expect(compareModels(['CLI226'], ['CLI221'], () => true)).toBe('different');
  });

  it('does not oppose an all-digit catalogue number to a letters-and-digits model', () => {
    // A merchant's item number and the maker's model are numbered in different systems.
    expect(compareModels(['212537'], ['TF101'])).toBe('unknown');
    expect(compareModels(['136902'], ['638623'])).toBe('different');
    expect(compareModels(['E92BP6R'], ['E95FP8'])).toBe('different');
  });

  it('reads the model numbers of a "for …" phrase as the device an accessory fits, not its own', () => {
    expect(fittedModelNumbers('Roocase executive leather portfolio case for Samsung Galaxy Tab P1000')).toEqual(['P1000']);
    expect(fittedModelNumbers('LD compatible toner cartridge for Lexmark E352H11A, black')).toEqual(['E352H11A']);
    // a part number written after the phrase is the product's own
    expect(fittedModelNumbers('Sigma 18-250mm zoom lens for Nikon digital SLR cameras 880306')).toEqual([]);
    expect(fittedModelNumbers('Incipio feather case for Apple iPad 2 - black IPAD-225')).toEqual([]);
    const m = modelNumbers({ title: 'Roocase portfolio case for Samsung Galaxy Tab P1000' });
    expect(m).toEqual({ mpn: null, models: [], fits: ['P1000'] });
    expect(modelNumbers({ title: 'Roocase portfolio case for Galaxy Tab P1000', mpn: 'P1000' }).models).toEqual(['P1000']);
  });
});

describe('brands', () => {
  it('folds aliases and legal suffixes into one key', () => {
    expect(brandKey('Hewlett-Packard')).toBe(brandKey('HP'));
    expect(brandKey('HP Inc.')).toBe('hp');
    expect(brandKey('Da-Lite')).toBe(brandKey('da lite'));
  });

  it('infers a missing brand from the title against the known brands', () => {
    expect(inferBrand('Western Digital 1TB My Passport', lexicon)).toBe('westerndigital');
    expect(inferBrand('New HP 61XL black ink', lexicon)).toBe('hp');
    expect(inferBrand('Generic turntable belt', lexicon)).toBeNull();
    expect(prepareRecord({ title: 'Hewlett-Packard LaserJet toner CE278A' }, lexicon).brand).toBe('hp');
  });

  it('knows Tektronix printer supplies as Xerox', () => {
    expect(brandKey('Tektronix')).toBe(brandKey('Xerox'));
  });
});

describe('matchScore', () => {
  it('matches the same turntable written two ways (model number agreement)', () => {
    const s = score(
      { title: 'Sony Turntable - PSLX350H', priceCents: 9999 },
      { title: 'Sony PS-LX350H Belt-Drive Turntable', brand: 'Sony', priceCents: 10499 },
    );
    expect(s).toMatchObject({ method: 'model', veto: null, models: 'same' });
    expect(s.score).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
  });

  it('equal GTINs match; different GTINs veto', () => {
    const g = '0' + '01234567890' + gtinCheckDigit('01234567890');
    const h = '0' + '01234567891' + gtinCheckDigit('01234567891');
    expect(score({ title: 'a', gtin: g }, { title: 'b', gtin: g.slice(1) })).toMatchObject({
      score: 1,
      method: 'gtin',
    });
    expect(score({ title: 'Sony X', gtin: g }, { title: 'Sony X', gtin: h })).toMatchObject({
      score: 0,
      veto: 'gtin',
    });
  });

  it('vetoes conflicts: model number, brand, capacity, colour, pack size, condition', () => {
    const base = { title: 'SanDisk Ultra 64GB microSDXC card SDSQUNR-064G', brand: 'SanDisk' };
    expect(score(base, { ...base, title: 'SanDisk Ultra 64GB microSDXC card SDSQUAR-064G' }).veto).toBe('model');
    expect(score({ title: 'Ultra 64GB microSDXC card', brand: 'SanDisk' }, { title: 'Ultra 64GB microSDXC card', brand: 'Lexar' }).veto).toBe('brand');
    // "4-Person" is no part number that could outweigh two different brands; colours tell variants apart
    expect(
      score({ title: 'Trailhead 4-Person Dome Tent, Olive', brand: 'Kestrel' }, { title: 'Trailhead 4-Person Dome Tent, Olive', brand: 'Ridgeway' }).veto,
    ).toBe('brand');
    expect(score({ title: 'Relaxed Linen Shirt - Olive', brand: 'Kestrel' }, { title: 'Relaxed Linen Shirt - Mustard', brand: 'Kestrel' }).veto).toBe('color');
    // Colours of real feeds beyond the basic ones (a pair `npm run matches -- review` showed: "… lilac" / "… gray")
    expect(
      score({ title: 'iHome iH16 alarm clock speaker lilac', brand: 'iHome' }, { title: 'iHome iH16 alarm clock speaker gray', brand: 'iHome' }).veto,
    ).toBe('color');
    expect(score({ title: 'Classic Court Sneaker - Cobalt', brand: 'Kestrel' }, { title: 'Classic Court Sneaker - Crimson', brand: 'Kestrel' }).veto).toBe(
      'color',
    );
    // …but the same specific part number outweighs a brand written as the maker's parent company
    expect(score(base, { ...base, brand: 'Western Digital' }).veto).toBeNull();
    // …or one title naming the other's brand (Motorola's Netopia line)…
    expect(
      score(
        { title: 'Motorola Netopia 3346N-ENT broadband router', brand: 'Motorola', mpn: '3346N-ENT' },
        { title: 'Netopia ADSL2 modem 4-port switch', brand: 'Netopia', mpn: '3346N-ENT' },
      ).veto,
    ).toBeNull();
    // …never two brands' unlike products that happen to share a code (the demo's "STU1-0004-SKY" of two "Studio …" brands)
    expect(
      score(
        { title: "Studio Corvin Men's Garment-Dyed Khaki Chinos, Sky Blue", brand: 'Studio Corvin', mpn: 'STU1-0004-SKY', color: 'Sky Blue' },
        { title: 'Studio Fenn Cozy Bib Set - Sky Blue', brand: 'Studio Fenn', mpn: 'STU1-0004-SKY', color: 'Sky Blue' },
      ).veto,
    ).toBe('brand');
    expect(score(base, { ...base, title: 'SanDisk Ultra 128GB microSDXC card SDSQUNR-064G' }).veto).toBe('capacity');
    expect(score({ ...base, color: 'Black' }, { ...base, color: 'Red' }).veto).toBe('color');
    expect(score({ ...base, title: `${base.title} 2-pack` }, { ...base, title: `${base.title} 3-pack` }).veto).toBe('pack_size');
    expect(score(base, { ...base, condition: 'refurbished' }).veto).toBe('condition');
    expect(score(base, base)).toMatchObject({ veto: null, models: 'same' });
  });

  it('vetoes one word counted differently (25-pin / 9-pin, 8-port / 16port), not a count only one side gives', () => {
    const connector = (count: string) => ({ title: `Comprehensive ${count} male connector with hood, set of 25`, brand: 'Comprehensive', priceCents: 6900 });
    expect(score(connector('25-pin'), connector('9-pin')).veto).toBe('count');
    expect(score(connector('25-pin'), connector('25-pin')).veto).toBeNull();
    const sw = (count: string) => ({ title: `Netgear ProSafe ${count} Gigabit desktop switch`, brand: 'Netgear' });
    expect(score(sw('8-port'), sw('16port')).veto).toBe('count');
    expect(score(sw('8-port'), sw('8port')).veto).toBeNull();
    expect(score(sw('8-port'), { title: 'Netgear ProSafe Gigabit desktop switch', brand: 'Netgear' }).veto).toBeNull();
  });

  it('keeps title-only pairs that differ in a size below the threshold (precision first: hard negatives look alike)', () => {
    const s = score(
      { title: 'Da-Lite Model B manual projection screen 50 x 67 video format', brand: 'Da-Lite', priceCents: 18199 },
      { title: 'Da-Lite Model B manual projection screen 60 x 80 video format', brand: 'Da-Lite', priceCents: 18900 },
    );
    expect(s.method).toBe('title');
    expect(s.score).toBeLessThan(MATCH_THRESHOLD);
  });

  it("keeps apart one brand's different products at one price whose titles share only the brand's word (fashion feeds carry no model numbers)", () => {
    const fashion = new BrandLexicon(['Wombat Gear']);
    const a = prepareRecord({ title: 'Wombat Day Pack', brand: 'Wombat Gear', priceCents: 4900 }, fashion);
    const b = prepareRecord({ title: 'Wombat Summit Rucksack', brand: 'Wombat Gear', priceCents: 4900 }, fashion);
    const stats = new WordStats();
    stats.add(a.words, a.models);
    stats.add(b.words, b.models);
    const s = matchScore(a, b, stats);
    expect(s.veto).toBeNull();
    expect(s.score).toBeLessThan(MATCH_THRESHOLD);
  });

  it('vetoes accessories made for different devices', () => {
    const s = score(
      { title: 'Roocase executive portfolio leather case for Asus Eee Pad TF101', brand: 'Roocase' },
      { title: 'Roocase executive portfolio leather case for Samsung Galaxy Tab P1000', brand: 'Roocase' },
    );
    expect(s.veto).toBe('fits');
  });

  it("finds one offer's mpn in the other's title when the title's token reads as a measure", () => {
    const { ra, rb, stats } = prepare(
      { title: 'Xantech 282D designer emitter single', mpn: '282D', brand: 'Xantech' },
      { title: 'Xantech 282d designer emitter single', brand: 'Xantech' },
    );
    expect(rb.models).toEqual([]); // `282d` reads as 282 days
    expect(rb.titleKeys).toContain('282D');
    expect(pairFeatures(ra, rb, stats).features.mpn_in_title).toBe(1);
    expect(pairFeatures(ra, { ...rb, titleKeys: [] }, stats).features.mpn_in_title).toBe(0);
  });

  it('joins offers whose titles agree word for word, or whose terser title sits whole in the other, though only one writes a model number', () => {
    // The same emitter at two merchants, one writing its model number only in the title, at prices 40 % apart.
    const same = prepare(
      { title: 'Xantech 282D designer emitter single', mpn: '282D', brand: 'Xantech', priceCents: 1999 },
      { title: 'Xantech 282d designer emitter single', brand: 'Xantech', priceCents: 2799 },
    );
    const f = pairFeatures(same.ra, same.rb, same.stats).features;
    expect(f).toMatchObject({ title_same: 1, title_inside: 1, model_in_title: 1, model_one_side: 1 });
    expect(matchScore(same.ra, same.rb, same.stats).score).toBeGreaterThanOrEqual(MATCH_THRESHOLD);

    const inside = prepare(
      { title: 'Deluxe leg saver back brace for standard fast-fold screens', priceCents: 6400 },
      { title: 'Leg saver back brace for standard fast-fold screens', priceCents: 5900 },
    );
    expect(pairFeatures(inside.ra, inside.rb, inside.stats).features).toMatchObject({ title_same: 0, title_inside: 1 });
    // A word of the terser title that the other lacks, and it is no longer inside.
    const apart = prepare({ title: 'Leg saver back brace for standard fast-fold screens' }, { title: 'Leg saver knee brace for standard screens' });
    expect(pairFeatures(apart.ra, apart.rb, apart.stats).features).toMatchObject({ title_same: 0, title_inside: 0, model_in_title: 0 });
  });

  it('records a long model number of one brand on both offers as one feature (model_brand_same)', () => {
    const { ra, rb, stats } = prepare({ title: 'Sony PS-LX350H Belt-Drive Turntable', brand: 'Sony' }, { title: 'Sony PSLX350H record player', brand: 'Sony' });
    expect(pairFeatures(ra, rb, stats).features).toMatchObject({ model_same_long: 1, brand_same: 1, model_brand_same: 1 });
    // A brand unknown on one side, or a short model number, is not that evidence.
    const unbranded = prepare({ title: 'PS-LX350H Belt-Drive Turntable' }, { title: 'Sony PSLX350H record player', brand: 'Sony' });
    expect(pairFeatures(unbranded.ra, unbranded.rb, unbranded.stats).features.model_brand_same).toBe(0);
    const short = prepare({ title: 'Sony SS-B100 speakers', brand: 'Sony' }, { title: 'Sony SSB100 bookshelf speakers', brand: 'Sony' });
    expect(pairFeatures(short.ra, short.rb, short.stats).features).toMatchObject({ model_same: 1, model_same_long: 0, model_brand_same: 0 });
  });

  it("records a reseller code before the maker's model number as its own feature (model_prefixed), not a code after it", () => {
    const { ra, rb, stats } = prepare(
      { title: 'Verbatim SmartDisk Acclaim 320GB portable hard drive blue', brand: 'Verbatim', mpn: 'VER97185' },
      { title: 'Verbatim Acclaim 320 GB USB 2.0 portable external hard drive 97185 blue', brand: 'Verbatim', mpn: '97185' },
    );
    expect(pairFeatures(ra, rb, stats)).toMatchObject({ models: 'close', features: { model_close: 1, model_prefixed: 1 } });
    expect(prefixedModel(['NEW108R00602', '513983'], ['108R00602'])).toBe(true);
    // A code appended names a variant (a colour); more than four characters in front is another number; a key under five characters is too short to tell.
    expect(prefixedModel(['PSDHC4G4EF'], ['PSDHC4G4EFGRAY'])).toBe(false);
    expect(prefixedModel(['ABCDE97185'], ['97185'])).toBe(false);
    expect(prefixedModel(['NEW7653'], ['7653'])).toBe(false);
    // A generic key (a line many products share) is no evidence.
    expect(prefixedModel(['VER97185'], ['97185'], (k) => k === '97185')).toBe(false);
    const suffixed = prepare(
      { title: 'PNY 4GB SDHC memory card class 4', mpn: 'PSDHC4G4EF' },
      { title: 'PNY 4GB class 4 gray SD card', mpn: 'PSDHC4G4EFGRAY' },
    );
    expect(pairFeatures(suffixed.ra, suffixed.rb, suffixed.stats).features).toMatchObject({ model_close: 1, model_prefixed: 0 });
  });

  it('compares whole titles by character trigrams, so words written together or apart agree', () => {
    expect(trigramJaccard('Inland Titan Pro notebook case', 'inland titanpro notebook case')).toBe(1);
    expect(trigramJaccard('micro swivel attache', 'micro swivel attach')).toBeGreaterThan(0.8);
    expect(trigramJaccard('micro swivel attache', 'wireless laser mouse')).toBeLessThan(0.1);
  });

  it('records colour named on one side only, and a generic model number in common, as features', () => {
    const { ra, rb, stats } = prepare({ title: 'Wintec FileMate 4GB swivel flash drive black' }, { title: 'Wintec FileMate 4GB swivel flash drive' });
    expect(pairFeatures(ra, rb, stats).features.color_one_side).toBe(1);
    expect(pairFeatures(ra, ra, stats).features.color_one_side).toBe(0);
    const a = prepareRecord({ title: 'Logitech lapdesk N315' }, lexicon);
    const b = prepareRecord({ title: 'Logitech portable lapdesk N315' }, lexicon);
    const many = new WordStats();
    for (let i = 0; i < 3; i++) many.add([], ['N315']);
    expect(pairFeatures(a, b, many).features.model_same_generic).toBe(1);
    expect(pairFeatures(a, b, many).models).toBe('unknown');
    expect(pairFeatures(a, b, new WordStats()).features.model_same_generic).toBe(0);
  });

  it('scores with the committed learned model: a weight for every feature, a threshold inside 0..1', () => {
    for (const f of FEATURES) expect(Number.isFinite(MATCH_MODEL.weights[f])).toBe(true);
    expect(MATCH_THRESHOLD).toBe(MATCH_MODEL.threshold);
    expect(MATCH_THRESHOLD).toBeGreaterThan(0);
    expect(MATCH_THRESHOLD).toBeLessThan(1);
    const zero = Object.fromEntries(FEATURES.map((f) => [f, 0])) as Parameters<typeof applyModel>[0];
    expect(applyModel(zero)).toBeCloseTo(1 / (1 + Math.exp(-MATCH_MODEL.bias)), 10);
    // agreement raises the score, disagreement lowers it
    expect(applyModel({ ...zero, model_same: 1 })).toBeGreaterThan(applyModel(zero));
    expect(applyModel({ ...zero, numbers_missing: 2 })).toBeLessThan(applyModel(zero));
  });
});

describe('blockCandidates', () => {
  const catalogue = (titles: MatchInput[]) => {
    const index = new MemoryBlockingIndex();
    titles.forEach((t, i) => index.add(i + 1, prepareRecord(t, lexicon)));
    return index;
  };

  it('indexes model numbers and title words, and finds a product sharing a model number', async () => {
    const a = prepareRecord({ title: 'Sony PS-LX350H Belt-Drive Turntable', brand: 'Sony' }, lexicon);
    expect(indexKeys(a)).toEqual(expect.arrayContaining(['m:PSLX350H', 'w:turntable', 'w:belt', 'w:drive']));
    const index = catalogue([{ title: 'Logitech M310 wireless mouse' }, { title: 'Sony Turntable - PSLX350H' }]);
    expect(await blockCandidates([a], index)).toEqual([[2]]);
  });

  it('makes a product sharing rare title words a candidate without any model number', async () => {
    const index = catalogue([{ title: 'Crosley Cruiser Deluxe Portable Turntable' }, { title: 'Logitech wireless mouse' }, { title: 'Roocase leather folio' }]);
    const listing = prepareRecord({ title: 'Cruiser Deluxe turntable by Crosley' }, lexicon);
    expect(listing.models).toEqual([]);
    expect(await blockCandidates([listing], index)).toEqual([[1]]);
  });

  it('never blocks on a common word, and bounds the candidates, best first', async () => {
    const many = Array.from({ length: 8 }, (_, i) => ({ title: `Wireless mouse edition ${String.fromCharCode(97 + i)}qz` }));
    const index = catalogue([...many, { title: 'Xantech wireless emitter kit' }]);
    const listing = prepareRecord({ title: 'Wireless emitter' }, lexicon);
    // 'wireless' is held by 9 products: above a bound of 5 it is common and makes no candidates.
    expect(await blockCandidates([listing], index, { maxKeyProducts: 5 })).toEqual([[9]]);
    const mouse = prepareRecord({ title: 'Wireless mouse' }, lexicon);
    expect(await blockCandidates([mouse], index, { maxKeyProducts: 5 })).toEqual([[]]);
    // Under a looser bound the word blocks, but never more than maxCandidates products, the one sharing the rarer word first.
    const [found] = await blockCandidates([listing], index, { maxKeyProducts: 100, maxCandidates: 3 });
    expect(found).toHaveLength(3);
    expect(found![0]).toBe(9);
    // exclusions (own product, rejected pairs) never take a place
    expect(await blockCandidates([listing], index, { maxKeyProducts: 5 }, (_, id) => id === 9)).toEqual([[]]);
  });
});
