/**
 * Words the english stemmer writes as an unrelated word's stem (issue 11 §6; core `UNSTEMMED_WORDS`, search
 * `analysed`): "fitness" is stemmed `fit`, the stem of "fitted" and "slim-fit", so it found every fitted
 * jacket; written as its marker in product text and queries alike, it finds only itself, also as the synonym
 * of "workout", "gym" and "training". A catalogue written under the earlier analysis is rewritten at start
 * (`refreshSearchVectors`). Through the API, on each test driver.
 */
import { describe, expect, it } from 'vitest';
import { SEARCH_VECTOR_RULE } from '@b-deals/core';
import { testDrivers } from '@b-deals/db/testing';
import type { TestItem } from '@b-deals/feeds/testing';
import { refreshSearchVectors } from '../src/catalog/index.ts';
import { productSearchVector } from '../src/search/index.ts';
import { shopCatalogueApp } from './test-app.ts';

const item = (id: string, title: string, productType: string): TestItem => ({ id, title, price: '40.00 USD', brand: 'Fieldmark', productType });

const CATALOGUE: TestItem[] = [
  item('fitness-tank', 'Fieldmark Fitness Tank', "Women's Clothing > Tops"),
  item('fitted-jacket', 'Fieldmark Two-Tone Fitted Jacket', "Women's Clothing > Coats > Jackets"),
  item('slim-fit-shirt', 'Fieldmark Slim-Fit Oxford Shirt', "Men's Clothing > Shirts > Dress Shirts"),
  item('training-tank', 'Fieldmark Training Tank', "Women's Clothing > Tops"),
];

describe.each(testDrivers())('words the stemmer would conflate on %s', (driver) => {
  const shop = shopCatalogueApp(driver, CATALOGUE);
  const names = async (q: string): Promise<string[]> => {
    const res = (await shop.app.inject({ method: 'POST', url: '/inventory/api/v1/search/condition', payload: { q } })).json() as {
      items: Array<{ name: string }>;
      broadened: unknown;
    };
    return res.broadened ? [] : res.items.map((i) => i.name).sort();
  };

  it('finds by "fitness" the products that say fitness, not the fitted ones', async () => {
    // "fitness" and "training" find each other (synonyms), and no fitted jacket or slim-fit shirt.
    expect(await names('fitness')).toEqual(['Fieldmark Fitness Tank', 'Fieldmark Training Tank']);
    expect(await names('training')).toEqual(['Fieldmark Fitness Tank', 'Fieldmark Training Tank']);
    expect(await names('fitted')).toEqual(['Fieldmark Slim-Fit Oxford Shirt', 'Fieldmark Two-Tone Fitted Jacket']);
  });

  it('rewrites at start the vectors written under the earlier analysis', async () => {
    await shop.db.query(`INSERT INTO rule_versions (name, version) VALUES ('search_vector', $1) ON CONFLICT (name) DO UPDATE SET version = EXCLUDED.version`, [
      SEARCH_VECTOR_RULE - 1,
    ]);
    // The earlier analysis: "fitness" stemmed `fit`.
    await shop.db.query(
      `WITH r AS (SELECT p.id, p.title, '' AS brand_name, p.category_terms, p.description FROM products p)
       UPDATE products p SET search = setweight(to_tsvector('english', r.title), 'A') FROM r WHERE p.id = r.id`,
    );
    expect(productSearchVector('r')).toContain('fitnessword');
    expect(await refreshSearchVectors(shop.db)).toBe(1);
    const rows = await shop.db.query<{ search: string }>(`SELECT search::text AS search FROM products WHERE title LIKE '%Fitness%'`);
    expect(rows.rows[0]!.search).toContain("'fitnessword'");
    expect(await refreshSearchVectors(shop.db)).toBe(0);
  });
});
