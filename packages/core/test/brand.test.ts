import { describe, expect, it } from 'vitest';
import { cleanBrandName } from '../src/brand.ts';

describe('cleanBrandName (spec §5 "Brand names")', () => {
  it('removes Chinese pre-order and shipping-time notes', () => {
    expect(cleanBrandName('GUCCI 预售')).toBe('GUCCI');
    expect(cleanBrandName('GUCCI 预售7天发货')).toBe('GUCCI');
    expect(cleanBrandName('Prada 7天发货')).toBe('Prada');
    expect(cleanBrandName('Miu Miu - 15 天发货')).toBe('Miu Miu');
    expect(cleanBrandName('COACH 24小时发货')).toBe('COACH');
    expect(cleanBrandName('LOEWE 48小时内发货')).toBe('LOEWE');
    expect(cleanBrandName('Celine 现货')).toBe('Celine');
    expect(cleanBrandName('Fendi Pre-order')).toBe('Fendi');
    expect(cleanBrandName('Fendi preorder')).toBe('Fendi');
  });

  it("removes 'second-hand' markers in English and Chinese", () => {
    expect(cleanBrandName('Hermès 二手')).toBe('Hermès');
    expect(cleanBrandName('Chanel 中古')).toBe('Chanel');
    expect(cleanBrandName('Prada second-hand')).toBe('Prada');
    expect(cleanBrandName('Prada Second Hand')).toBe('Prada');
    expect(cleanBrandName('Prada secondhand')).toBe('Prada');
    expect(cleanBrandName('Prada (二手) second-hand')).toBe('Prada');
  });

  it('removes bracketed text that holds Chinese characters, whatever the brackets', () => {
    expect(cleanBrandName('GUCCI【预售】')).toBe('GUCCI');
    expect(cleanBrandName('Balenciaga（巴黎世家）')).toBe('Balenciaga');
    expect(cleanBrandName('Dior [迪奥] Paris')).toBe('Dior Paris');
    expect(cleanBrandName('Bottega Veneta (葆蝶家 BV)')).toBe('Bottega Veneta');
    expect(cleanBrandName('Valentino「华伦天奴」')).toBe('Valentino');
    expect(cleanBrandName('《限量》Moncler')).toBe('Moncler');
  });

  it('leaves no empty brackets behind once a tag inside them is gone', () => {
    expect(cleanBrandName('Nike [Pre-order]')).toBe('Nike');
    expect(cleanBrandName('Nike (second-hand)')).toBe('Nike');
  });

  it('keeps brand names without tags exactly as written', () => {
    for (const name of [
      'Dolce & Gabbana',
      'A.P.C.',
      'Off-White',
      'Stella McCartney',
      'Saint Laurent',
      '李宁 Li-Ning',
      'Burberry (London)',
      'Maison Margiela MM6',
      '3.1 Phillip Lim',
    ])
      expect(cleanBrandName(name)).toBe(name);
  });

  it('tidies white space and separators left at the ends', () => {
    expect(cleanBrandName('  Acne   Studios  ')).toBe('Acne Studios');
    expect(cleanBrandName('Acne Studios | 预售')).toBe('Acne Studios');
    expect(cleanBrandName('二手 / Loewe')).toBe('Loewe');
  });

  it('returns "" when the text is nothing but tags', () => {
    expect(cleanBrandName('预售')).toBe('');
    expect(cleanBrandName('【二手】 7天发货')).toBe('');
    expect(cleanBrandName('')).toBe('');
  });

  it('returns "" for a placeholder a merchant writes when a product has no brand', () => {
    for (const placeholder of ['Generic', 'GENERIC', 'Unbranded', 'No Brand', 'N/A', 'Does not apply', ' generic '])
      expect(cleanBrandName(placeholder)).toBe('');
    // A brand that holds such a word is a brand.
    expect(cleanBrandName('Generic Surplus')).toBe('Generic Surplus');
    expect(cleanBrandName('Brandit')).toBe('Brandit');
  });
});
