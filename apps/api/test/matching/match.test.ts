import { describe, expect, it } from 'vitest';
import { gtinCheckDigit } from '@b-deals/core';
import {
  BrandLexicon,
  MATCH_THRESHOLD,
  WordStats,
  blockingKeys,
  brandKey,
  compareModels,
  extractModelNumbers,
  gtinKey,
  inferBrand,
  isModelToken,
  matchScore,
  modelKey,
  prepareRecord,
  type MatchInput,
} from '../../src/matching/index.ts';

const lexicon = new BrandLexicon(['Sony', 'Hewlett-Packard', 'SanDisk', 'Logitech', 'Western Digital']);

/** Prepares both offers and scores them with word statistics over just the two. */
function score(a: MatchInput, b: MatchInput) {
  const ra = prepareRecord(a, lexicon);
  const rb = prepareRecord(b, lexicon);
  const stats = new WordStats();
  stats.add(ra.words, ra.models);
  stats.add(rb.words, rb.models);
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
  });

  it('compares model sets: same, close, different, unknown; generic keys neither make nor break', () => {
    expect(compareModels(['TN450'], ['TN450', '512953'])).toBe('same');
    expect(compareModels(['51644C'], ['NEW51644C'])).toBe('close');
    expect(compareModels(['GBU421'], ['GBU421W6'])).toBe('different');
    expect(compareModels(['E92BP6R'], ['E95FP8'])).toBe('different');
    expect(compareModels([], ['E95FP8'])).toBe('unknown');
    // shared line name, different variant codes
    expect(compareModels(['3N1MGC', '3IN1X'], ['3N1NWA', '3IN1X'], (k) => k === '3IN1X')).toBe('different');
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
    // …but the same specific part number outweighs a brand written as the maker's parent company
    expect(score(base, { ...base, brand: 'Western Digital' }).veto).toBeNull();
    expect(score(base, { ...base, title: 'SanDisk Ultra 128GB microSDXC card SDSQUNR-064G' }).veto).toBe('capacity');
    expect(score({ ...base, color: 'Black' }, { ...base, color: 'Red' }).veto).toBe('color');
    expect(score({ ...base, title: `${base.title} 2-pack` }, { ...base, title: `${base.title} 3-pack` }).veto).toBe('pack_size');
    expect(score(base, { ...base, condition: 'refurbished' }).veto).toBe('condition');
    expect(score(base, base)).toMatchObject({ veto: null, models: 'same' });
  });

  it('keeps title-only pairs below the threshold (precision first: hard negatives look alike)', () => {
    const s = score({ title: 'Logitech wireless mouse black', brand: 'Logitech' }, { title: 'Logitech wireless mouse, black', brand: 'Logitech' });
    expect(s.method).toBe('title');
    expect(s.score).toBeLessThan(MATCH_THRESHOLD);
  });
});

describe('blockingKeys', () => {
  it('gives GTIN, model and rare-word keys, so offers sharing none are never compared', () => {
    const a = prepareRecord({ title: 'Sony PS-LX350H Belt-Drive Turntable', brand: 'Sony' }, lexicon);
    const b = prepareRecord({ title: 'Sony Turntable - PSLX350H' }, lexicon);
    const c = prepareRecord({ title: 'Logitech M310 wireless mouse' }, lexicon);
    const stats = new WordStats();
    for (const r of [a, b, c]) stats.add(r.words, r.models);
    const ka = blockingKeys(a, stats);
    expect(ka).toContain('m:PSLX350H');
    expect(blockingKeys(b, stats).some((k) => ka.includes(k))).toBe(true);
    expect(blockingKeys(c, stats).some((k) => ka.includes(k))).toBe(false);
  });
});
