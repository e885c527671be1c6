/**
 * Accents and other Unicode folded in search (issue 11 §6; core `SEARCH_FOLDING` / `foldSearchText`, search
 * `folded` and `analysed`): a US shopper types "serum visage" for a French store's "Sérum Visage", "cafe" for
 * "Café", a letter and its combining mark, or full-width letters, and each finds what its plain form finds,
 * through POST /inventory/api/v1/search/condition; the typo corrector's vocabulary and hot words fold alike.
 */
import { describe, expect, it } from 'vitest';
import type { SearchResponse } from '@b-deals/contracts';
import { testDrivers } from '@b-deals/db/testing';
import { SEARCH_VECTOR_RULE, foldSearchText } from '@b-deals/core';
import type { TestItem } from '@b-deals/feeds/testing';
import { refreshSearchVectors } from '../src/catalog/index.ts';
import { hotWords, recordSearchTerm } from '../src/search/index.ts';
import { correctWords } from '../src/search/typo-correction.ts';
import { folded } from '../src/search/vocabulary.ts';
import { shopCatalogueApp } from './test-app.ts';

const beauty = (id: string, title: string): TestItem => ({
  id,
  title,
  price: '30.00 EUR',
  brand: 'Eclat',
  category: 'Health & Beauty > Personal Care > Cosmetics > Skin Care',
});
const apparel = (id: string, title: string, category: string): TestItem => ({
  id,
  title,
  price: '80.00 USD',
  brand: 'Northvale',
  category: `Apparel & Accessories > ${category}`,
});

describe.each(testDrivers())('accents folded in search on %s', (driver) => {
  const shop = shopCatalogueApp(driver, [
    beauty('s1', 'Sérum Visage Éclat Vitamine C'),
    beauty('c1', 'Crème Hydratante Nuit'),
    beauty('h1', 'Argan Hair Serum'),
    apparel('j1', 'Café Racer Leather Jacket', 'Clothing > Outerwear > Coats & Jackets'),
    apparel('d1', 'Naïve Floral Print Dress', 'Clothing > Dresses'),
    apparel('w1', 'ＭＯＣＨＡ Cable Knit Sweater', 'Clothing > Shirts & Tops'),
    apparel('r1', 'Brightline™ Trail Running Shoe', 'Shoes'),
    apparel('k1', 'Leather Care Kit', 'Shoe Accessories'),
  ]);
  const names = async (q: string) =>
    ((await shop.app.inject({ method: 'POST', url: '/inventory/api/v1/search/condition', payload: { q } })).json() as SearchResponse).items
      .map((i) => i.name)
      .sort();

  it('finds accented titles by words typed without accents, and plain titles by accented words', async () => {
    expect(await names('serum visage')).toEqual(['Sérum Visage Éclat Vitamine C']);
    expect(await names('serum')).toEqual(['Argan Hair Serum', 'Sérum Visage Éclat Vitamine C']);
    expect(await names('creme hydratante')).toEqual(['Crème Hydratante Nuit']);
    expect(await names('sérum')).toEqual(['Argan Hair Serum', 'Sérum Visage Éclat Vitamine C']);
  });

  it('reads a word however its accents, case, combining marks or full-width letters are typed, and never corrects one that matches', async () => {
    const cafe = ['Café Racer Leather Jacket'];
    // "cafe" plain, accented, upper-case, as "e" + U+0301 (a combining acute), and in full-width letters.
    for (const q of ['cafe', 'Café', 'CAFÉ', 'cafe\u0301 racer', 'ｃａｆｅ']) expect(await names(q), q).toEqual(cafe);
    expect(await names('nai\u0308ve dress')).toEqual(['Naïve Floral Print Dress']);
    expect(await names('naive')).toEqual(['Naïve Floral Print Dress']);
    // Product text in full-width letters is folded as the query is (NFKC), and ™ still ends the brand's word.
    expect(await names('mocha sweater')).toEqual(['ＭＯＣＨＡ Cable Knit Sweater']);
    expect(await names('brightline')).toEqual(['Brightline™ Trail Running Shoe']);
    const answer = (await shop.app.inject({ method: 'POST', url: '/inventory/api/v1/search/condition', payload: { q: 'ｃａｆé' } })).json() as SearchResponse;
    expect(answer.correctedQuery).toBeNull();
  });

  it('keeps the typo vocabulary folded, so a word matching once folded is a word of the catalogue and never corrected', async () => {
    const vocabulary = await shop.db.query<{ word: string }>(`SELECT word FROM search_words WHERE word LIKE 'caf%' OR word LIKE 'mocha%' ORDER BY word`);
    expect(vocabulary.rows.map((r) => r.word)).toEqual(['cafe', 'mocha']);
    // Even where it counts no product (under a shopper's filters), "cafe" is no typo of the catalogue's "care".
    const never = { count: async () => 0, stopWord: async () => false };
    expect(await correctWords(shop.db, ['cafe'], never)).toEqual(['cafe']);
    expect(await correctWords(shop.db, ['carre'], never)).toEqual(['care']);
  });

  it('folds product text in SQL into the lexemes core foldSearchText gives the same text in TypeScript', async () => {
    const texts = [
      'Café',
      'ＭＯＣＨＡ ﬁne',
      'Brightline™ Shoe',
      'nai\u0308ve',
      'kids\u02bc',
      'Ławka Øresund',
      'Phở',
      'İstanbul',
      'O’Neill Women’s',
      'plain text',
    ];
    const res = await shop.db.query<{ sql: string; ts: string }>(
      `SELECT to_tsvector('english', ${folded('x.t')})::text AS sql, to_tsvector('english', x.f)::text AS ts
         FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS x(t, f, i) ORDER BY x.i`,
      [texts, texts.map(foldSearchText)],
    );
    for (const [i, r] of res.rows.entries()) expect(r.sql, texts[i]).toBe(r.ts);
    expect(res.rows[0]!.sql).toBe("'cafe':1");
  });

  it('counts "Café", "cafe" and "CAFÉ" as one hot word', async () => {
    for (const [i, term] of ['Café racer', 'cafe racer', 'CAFÉ  racer'].entries()) await recordSearchTerm(shop.db, term, `visitor-${i}`);
    expect(await hotWords(shop.db)).toContain('cafe racer');
  });

  it('rewrites at start the vectors of accented products written under the earlier analysis', async () => {
    // The earlier analysis: no folding, so "Sérum" is the lexeme "sérum".
    await shop.db.query(`INSERT INTO rule_versions (name, version) VALUES ('search_vector', $1) ON CONFLICT (name) DO UPDATE SET version = EXCLUDED.version`, [
      SEARCH_VECTOR_RULE - 1,
    ]);
    await shop.db.query(`UPDATE products SET search = setweight(to_tsvector('english', title), 'A')`);
    await shop.db.query(`UPDATE search_words SET word = 'café' WHERE word = 'cafe'`);
    // The accented, full-width and ™ titles.
    expect(await refreshSearchVectors(shop.db)).toBe(6);
    const rows = await shop.db.query<{ search: string }>(
      `SELECT search::text AS search FROM products WHERE title LIKE 'Sérum%' OR title LIKE 'ＭＯＣＨＡ%' ORDER BY title`,
    );
    expect(rows.rows.map((r) => r.search.match(/'(serum|mocha)'/)?.[1])).toEqual(['serum', 'mocha']);
    const vocabulary = await shop.db.query<{ word: string }>(`SELECT word FROM search_words WHERE word LIKE 'caf%'`);
    expect(vocabulary.rows.map((r) => r.word)).toEqual(['cafe']);
    expect(await refreshSearchVectors(shop.db)).toBe(0);
  });
});
