import { describe, expect, it } from 'vitest';
import { luhnValid, TEST_CARDS } from '../../src/orders/index.ts';

describe('test payment cards', () => {
  it('checks numbers with Luhn, and every documented test card passes it', () => {
    for (const n of Object.keys(TEST_CARDS)) expect(luhnValid(n), n).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('79927398713')).toBe(false); // valid Luhn, but too short for a card
    expect(luhnValid('4111111111111111')).toBe(true);
  });
});
