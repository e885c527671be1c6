import { describe, expect, it } from 'vitest';
import { slugify } from '../src/slug.ts';
describe('slugify', () => {
  it('strips trademark marks and accents', () => expect(slugify('Café™')).toBe('cafe'));
});
