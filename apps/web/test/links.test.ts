import { describe, expect, it } from 'vitest';
import { deepLinkPath, resolveHref } from '../app/lib/links';
import { currentNewBadge, readSeen } from '../app/lib/new-badges';
import { searchSuggestions } from '../app/lib/suggestions';
import { clampInput, groupAZ, labelText } from '../app/lib/text';

const OWN = ['b-deals.com', 'www.b-deals.com'];

describe('deepLinkPath (spec §2.4)', () => {
  it('maps a product-list deep link to /searchList/{rest}, keeping the query', () => {
    expect(deepLinkPath('bdeals://productList/dresses?sort=latest')).toBe('/searchList/dresses?sort=latest');
    expect(deepLinkPath('bdeals://product-list/?q=red%20shoes')).toBe('/searchList/?q=red%20shoes');
  });
  it('ignores other deep links and web URLs', () => {
    expect(deepLinkPath('bdeals://product/12')).toBeNull();
    expect(deepLinkPath('https://b-deals.com/productList/x')).toBeNull();
  });
});

describe('resolveHref (spec §2.4)', () => {
  it('turns links to our own host into internal paths', () => {
    expect(resolveHref('https://www.B-Deals.com/outlet/?tab=x#top', OWN)).toEqual({ internal: true, to: '/outlet/?tab=x#top' });
    expect(resolveHref('/euro/', OWN)).toEqual({ internal: true, to: '/euro/' });
  });
  it('keeps other hosts external and neutralises script URLs', () => {
    expect(resolveHref('https://shop.example/sale', OWN)).toEqual({ internal: false, href: 'https://shop.example/sale' });
    expect(resolveHref('//evil.example/x', OWN)).toEqual({ internal: true, to: '/' });
    expect(resolveHref('javascript:alert(1)', OWN)).toEqual({ internal: true, to: '/' });
  });
  it('maps deep links too', () => {
    expect(resolveHref('bdeals://productList/bags', OWN)).toEqual({ internal: true, to: '/searchList/bags' });
  });
});

describe('labelText', () => {
  it('joins up to three terms with & and adds "and more" beyond', () => {
    expect(labelText([])).toBe('');
    expect(labelText(['Nike'])).toBe('Nike');
    expect(labelText(['A', 'B', 'C'])).toBe('A & B & C');
    expect(labelText(['A', 'B', 'C', 'D', 'E'])).toBe('A & B & C and more');
  });
});

describe('clampInput (spec §5)', () => {
  it('clamps to the bounds and clears what is not a number', () => {
    expect(clampInput('5', 10, 100)).toBe('10');
    expect(clampInput('500', 10, 100)).toBe('100');
    expect(clampInput('42', 10, 100)).toBe('42');
    expect(clampInput('', 10, 100)).toBe('');
    expect(clampInput('abc', 0)).toBe('');
  });
});

describe('searchSuggestions', () => {
  const words = ['jeans', 'black jeans', 'skinny jeans', 'mom jeans', 'jeans jacket', 'wide jeans', 'white jeans'];
  it('caps categories at 10 and terms at 5, leaving out the typed word itself', () => {
    const s = searchSuggestions('jeans', words);
    expect(s.terms).toHaveLength(5);
    expect(s.terms).not.toContain('jeans');
    expect(s.categories.map((c) => c.node.term)).toEqual(['Jeans', 'Jeans']);
    expect(searchSuggestions('s', []).categories).toHaveLength(10);
  });
  it('names the department of each category, so repeated names can be told apart (issue 20 §8)', () => {
    for (const typed of ['jea', 'shorts', 'boots']) {
      const labels = searchSuggestions(typed, []).categories.map((c) => `${c.node.term} in ${c.context}`);
      expect(labels.length, typed).toBeGreaterThan(1);
      expect(new Set(labels).size, typed).toBe(labels.length);
    }
    expect(
      searchSuggestions('jea', [])
        .categories.map((c) => c.context?.split(' › ')[0])
        .sort(),
    ).toEqual(["Men's Clothing", "Women's Clothing"]);
    expect(searchSuggestions('boots', []).categories.map((c) => c.context)).toContain("Shoes › Men's Shoes");
  });
  it('suggests nothing for empty text', () => {
    expect(searchSuggestions('  ', words)).toEqual({ categories: [], terms: [] });
  });
  it('reads text, names and words folded as the search does: accents, curly apostrophes, full-width letters', () => {
    expect(searchSuggestions('women’s coats', []).categories.map((c) => c.node.term)).toEqual(["Women's Coats"]);
    expect(searchSuggestions('ＪＥＡＮＳ', []).categories.map((c) => c.node.term)).toEqual(['Jeans', 'Jeans']);
    expect(searchSuggestions('creme', ['crème hydratante', 'cream blazer']).terms).toEqual(['crème hydratante']);
    expect(searchSuggestions('CRÈME', ['creme hydratante']).terms).toEqual(['creme hydratante']);
  });
});

describe('groupAZ', () => {
  it('groups by folded first letter, # last', () => {
    const g = groupAZ(['Émile', 'apple', '3sixty', 'Zed', 'avocado'], (s) => s);
    expect(g.map((x) => x.letter)).toEqual(['A', 'E', 'Z', '#']);
    expect(g[0]!.items).toEqual(['apple', 'avocado']);
  });
});

describe('NEW badges (spec §4)', () => {
  it('advance in the order Top Selling → Sports & Outdoors → Lowest Price, then none', () => {
    expect(currentNewBadge({})).toBe('/top-selling/');
    expect(currentNewBadge({ '/top-selling/': 1 })).toBe('/sports-outdoors/');
    expect(currentNewBadge({ '/sports-outdoors/': 1 })).toBe('/top-selling/');
    expect(currentNewBadge({ '/top-selling/': 1, '/sports-outdoors/': 2 })).toBe('/lowest-price/');
    expect(currentNewBadge({ '/top-selling/': 1, '/sports-outdoors/': 2, '/lowest-price/': 3 })).toBeNull();
  });
  it('reads a corrupt store as nothing seen', () => {
    expect(readSeen({ getItem: () => '{not json' })).toEqual({});
  });
});
