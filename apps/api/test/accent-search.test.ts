/**
 * Accents folded in search (issue 11 §6; core `ACCENT_FOLDING`, search `analysed`): a US shopper
 * types "serum visage" for a French store's "Sérum Visage", and the accented query finds the plain
 * title too, through POST /inventory/api/v1/search/condition.
 */
import { describe, expect, it } from 'vitest';
import type { SearchResponse } from '@b-deals/contracts';
import { testDrivers } from '@b-deals/db/testing';
import type { TestItem } from '@b-deals/feeds/testing';
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
});
