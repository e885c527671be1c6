/**
 * Answers the storefront reuses instead of asking the API on every uncached render
 * (lib/api.server.ts; issue 12 §3): the header's hot words for HOT_WORDS_TTL_MS, and answers
 * bound to the catalogue version (the product page's) for VERSIONED_ANSWER_TTL_MS within one version.
 */
import { describe, expect, it } from 'vitest';
import { HOT_WORDS_TTL_MS, VERSIONED_ANSWER_TTL_MS, sharedHotWords, versionedAnswer } from '../app/lib/api.server.ts';

describe('sharedHotWords', () => {
  it('fetches once per origin while the words are fresh, and again once they are old', async () => {
    let calls = 0;
    const fetchWords = async () => [`word ${++calls}`];
    const t0 = 1_000_000;
    expect(await sharedHotWords('http://api-a', fetchWords, t0)).toEqual(['word 1']);
    expect(await sharedHotWords('http://api-a', fetchWords, t0 + HOT_WORDS_TTL_MS - 1)).toEqual(['word 1']);
    expect(calls).toBe(1);
    // Another API origin has its own words.
    expect(await sharedHotWords('http://api-b', fetchWords, t0)).toEqual(['word 2']);
    expect(await sharedHotWords('http://api-a', fetchWords, t0 + HOT_WORDS_TTL_MS)).toEqual(['word 3']);
    expect(calls).toBe(3);
  });

  it('shares one fetch among pages that ask while it runs', async () => {
    let calls = 0;
    let release!: (w: string[]) => void;
    const fetchWords = () => {
      calls++;
      return new Promise<string[]>((r) => (release = r));
    };
    const a = sharedHotWords('http://api-c', fetchWords, 5);
    const b = sharedHotWords('http://api-c', fetchWords, 6);
    release(['jeans']);
    expect(await a).toEqual(['jeans']);
    expect(await b).toEqual(['jeans']);
    expect(calls).toBe(1);
  });

  it('does not keep a failure: the next page asks the API again', async () => {
    let calls = 0;
    const failing = async () => {
      calls++;
      throw new Error('API down');
    };
    await expect(sharedHotWords('http://api-d', failing, 10)).rejects.toThrow('API down');
    await expect(sharedHotWords('http://api-d', failing, 11)).rejects.toThrow('API down');
    expect(calls).toBe(2);
    expect(await sharedHotWords('http://api-d', async () => ['shorts'], 12)).toEqual(['shorts']);
  });
});

describe('versionedAnswer', () => {
  const counter = () => {
    let n = 0;
    return { load: async () => ({ call: ++n }), calls: () => n };
  };

  it('reuses an answer within one catalogue version while it is fresh', async () => {
    const c = counter();
    expect(await versionedAnswer('/p/1', 7, c.load, 100)).toEqual({ call: 1 });
    expect(await versionedAnswer('/p/1', 7, c.load, 100 + VERSIONED_ANSWER_TTL_MS - 1)).toEqual({ call: 1 });
    expect(c.calls()).toBe(1);
    // Another product has its own answer; the same one, once old, is asked for again.
    expect(await versionedAnswer('/p/2', 7, c.load, 100)).toEqual({ call: 2 });
    expect(await versionedAnswer('/p/1', 7, c.load, 100 + VERSIONED_ANSWER_TTL_MS)).toEqual({ call: 3 });
  });

  it('asks again as soon as the catalogue version changes, and always when it is unknown', async () => {
    const c = counter();
    await versionedAnswer('/p/3', 7, c.load, 0);
    expect(await versionedAnswer('/p/3', 8, c.load, 1)).toEqual({ call: 2 });
    expect(await versionedAnswer('/p/3', null, c.load, 2)).toEqual({ call: 3 });
    expect(await versionedAnswer('/p/3', undefined, c.load, 3)).toEqual({ call: 4 });
  });

  it('does not keep a failure, such as a 404', async () => {
    let calls = 0;
    const missing = async () => {
      calls++;
      throw new Error('404');
    };
    await expect(versionedAnswer('/p/404', 9, missing, 0)).rejects.toThrow('404');
    await expect(versionedAnswer('/p/404', 9, missing, 1)).rejects.toThrow('404');
    expect(calls).toBe(2);
  });
});
