/**
 * Accents folded in search (issue 11 §6; core `ACCENT_FOLDING`, search `analysed`): a US shopper
 * types "serum visage" for a French store's "Sérum Visage", and the accented query finds the plain
 * title too, through POST /inventory/api/v1/search/condition.
 */
import { describe, expect, it } from 'vitest';
import type { SearchResponse } from '@b-deals/contracts';
import { testDrivers } from '@b-deals/db/testing';
import { SEARCH_VECTOR_RULE } from '@b-deals/core';
import type { TestItem } from '@b-deals/feeds/testing';
import { refreshSearchVectors } from '../src/catalog/index.ts';
import { shopCatalogueApp } from './test-app.ts';

const beauty = (id: string, title: string): TestItem => ({
  id,
  title,
  price: '30.00 EUR',
  brand: 'Eclat',
  category: 'Health & Beauty > Personal Care > Cosmetics > Skin Care',
});

describe.each(testDrivers())('accents folded in search on %s', (driver) => {
  const shop = shopCatalogueApp(driver, [
    beauty('s1', 'Sérum Visage Éclat Vitamine C'),
    beauty('c1', 'Crème Hydratante Nuit'),
    beauty('h1', 'Argan Hair Serum'),
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

  it('rewrites at start the vectors of accented products written under the earlier analysis', async () => {
    // The earlier analysis: no folding, so "Sérum" is the lexeme "sérum".
    await shop.db.query(`INSERT INTO rule_versions (name, version) VALUES ('search_vector', $1) ON CONFLICT (name) DO UPDATE SET version = EXCLUDED.version`, [
      SEARCH_VECTOR_RULE - 1,
    ]);
    await shop.db.query(`UPDATE products SET search = setweight(to_tsvector('english', title), 'A')`);
    expect(await refreshSearchVectors(shop.db)).toBe(2);
    const rows = await shop.db.query<{ search: string }>(`SELECT search::text AS search FROM products WHERE title LIKE 'Sérum%'`);
    expect(rows.rows[0]!.search).toContain("'serum'");
    expect(await refreshSearchVectors(shop.db)).toBe(0);
  });
});
