import { describe, expect, it } from 'vitest';
import { bestOffer, compareOffers, offerTotal, sortOffers, type PricedOffer } from '../src/best-offer.ts';

const offer = (id: number, price: number, shipping: number | null, availability: PricedOffer['availability'] = 'in_stock'): PricedOffer => ({
  id,
  price,
  shipping,
  availability,
});

describe('best offer (issue 20 §1, decision 0006)', () => {
  it('adds stated shipping to the item price; unstated shipping adds nothing', () => {
    expect(offerTotal({ price: 23900, shipping: 1500 })).toBe(25400);
    expect(offerTotal({ price: 23900, shipping: 0 })).toBe(23900);
    expect(offerTotal({ price: 23900, shipping: null })).toBe(23900);
  });

  it('picks the lowest total, not the lowest item price ($241 free shipping beats $239 + $15)', () => {
    const cheapItem = offer(1, 23900, 1500);
    const harbor = offer(2, 24100, 0);
    expect(bestOffer([cheapItem, harbor])).toBe(harbor);
    expect(bestOffer([offer(3, 3499, 599), offer(4, 3599, 0)])?.id).toBe(4);
  });

  it('ranks an offer without stated shipping by its item price, after a stated offer of the same total', () => {
    expect(bestOffer([offer(1, 5000, null), offer(2, 4500, 400)])?.id).toBe(2);
    expect(bestOffer([offer(1, 4000, null), offer(2, 3500, 600)])?.id).toBe(1);
    expect(bestOffer([offer(1, 5000, null), offer(2, 5000, 0)])?.id).toBe(2);
  });

  it('puts offers out of stock after every other offer, whatever their total', () => {
    expect(bestOffer([offer(1, 1000, 0, 'out_of_stock'), offer(2, 9000, 500, 'backorder')])?.id).toBe(2);
    expect(bestOffer([offer(1, 1000, 0, 'out_of_stock')])?.id).toBe(1);
    expect(bestOffer([])).toBeUndefined();
  });

  it('breaks full ties by offer id, and sorts without touching the input', () => {
    const input = [offer(9, 2000, 0), offer(3, 2000, 0), offer(5, 1000, 2000, 'out_of_stock'), offer(7, 1500, 0)];
    expect(sortOffers(input).map((o) => o.id)).toEqual([7, 3, 9, 5]);
    expect(input.map((o) => o.id)).toEqual([9, 3, 5, 7]);
    expect(compareOffers(input[0]!, input[0]!)).toBe(0);
    expect(bestOffer(input)).toBe(sortOffers(input)[0]);
  });
});
