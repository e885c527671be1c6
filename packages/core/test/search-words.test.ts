import { describe, expect, it } from 'vitest';
import { SEARCH_FOLDING, foldSearchText, queryWords, synonymsOf } from '../src/search-words.ts';

describe('foldSearchText (issue 11 §6: the one folding of product text and query words)', () => {
  it('folds accents, case and letters typed with a combining mark to the plain lower-case letters', () => {
    expect(['café', 'Café', 'CAFÉ', 'cafe\u0301'].map(foldSearchText)).toEqual(['cafe', 'cafe', 'cafe', 'cafe']);
    expect(foldSearchText('Crème Brûlée naïve Øresund Łódź Phở İstanbul')).toBe('creme brulee naive oresund lodz pho istanbul');
  });

  it('reads full-width forms and ligatures as their letters (NFKC), curly and modifier apostrophes as straight ones', () => {
    expect(foldSearchText('ｃａｆｅ ＪＥＡＮＳ ﬁne')).toBe('cafe jeans fine');
    expect(foldSearchText('Women’s Kids‘ Levi‛s Men\u02bcs')).toBe("women's kids' levi's men's");
  });

  it('keeps ™ ℠ ℡ apart from the word before them (NFKC alone would write "BrandTM")', () => {
    expect(foldSearchText('Brightline™ Shoe')).toBe('brightline  shoe');
    expect(queryWords('Brightline™')).toEqual(['brightline']);
  });

  it('leaves letters that fold to two, and other scripts, as they are; folding twice changes nothing', () => {
    expect(foldSearchText('Straße Æon œuvre платье')).toBe('straße æon œuvre платье');
    for (const text of ['Café ｃａｆｅ', 'Women’s ™', 'nai\u0308ve']) expect(foldSearchText(foldSearchText(text))).toBe(foldSearchText(text));
  });

  it('maps one character to at most one, as SQL translate reads the table', () => {
    expect([...SEARCH_FOLDING.to].every((ch) => ch.length === 1)).toBe(true);
    expect(SEARCH_FOLDING.from.length).toBeGreaterThan(SEARCH_FOLDING.to.length); // the marks it deletes
    expect(new Set(SEARCH_FOLDING.from).size).toBe(SEARCH_FOLDING.from.length);
  });
});

describe('queryWords', () => {
  it('splits folded text into words, so a query is read as the product text it should find', () => {
    expect(queryWords('Women’s CAFÉ Racer')).toEqual(['women', 's', 'cafe', 'racer']);
    expect(queryWords('ｔ－ｓｈｉｒｔ')).toEqual(['t-shirt']);
    expect(queryWords('nai\u0308ve')).toEqual(['naive']);
  });
});

describe('synonymsOf', () => {
  it('gives the other words of a group for the singular and its plural forms, never the word itself', () => {
    expect(synonymsOf('Nappy')).toEqual(['diaper']);
    expect(synonymsOf('nappies')).toEqual(['diaper']);
    expect(synonymsOf('diapers')).toEqual(['nappy']);
    expect(synonymsOf('panties')).toEqual(['knicker']);
    expect(synonymsOf('ladies').sort()).toEqual(['lady', 'woman', 'women']);
    expect(synonymsOf('dummies')).toEqual(['pacifier', 'soother']);
  });

  it('gives nothing for a word of no group, nor an -ies form of a word not ending in consonant + y', () => {
    expect(synonymsOf('cot')).toEqual([]);
    expect(synonymsOf('hoodies').sort()).toEqual(['hoodie', 'hoody']); // hoodie + s, and hoody's -ies form
    expect(synonymsOf('hoodyies')).toEqual([]);
  });
});
