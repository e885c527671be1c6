import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ITEM_REASONS } from '../../src/parse/reasons.ts';
import { FeedReadError } from '../../src/types.ts';
import { fixturePath, parseFixture } from './helpers.ts';

describe('ITEM_REASONS', () => {
  it('has snake_case codes, a kind and a one-line message each', () => {
    for (const [code, r] of Object.entries(ITEM_REASONS)) {
      expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(['rejection', 'warning']).toContain(r.kind);
      expect(r.message).toMatch(/^[A-Z].*\.$/);
      expect(r.message).not.toContain('\n');
    }
  });

  it('every code is produced by some fixture feed, with the matching kind', () => {
    const seen = new Map<string, 'rejection' | 'warning'>();
    const dir = fixturePath('');
    for (const name of readdirSync(dir)) {
      if (name.startsWith('fx-')) continue;
      try {
        for (const p of parseFixture(name).items) {
          if (p.rejection) seen.set(p.rejection.code, 'rejection');
          for (const w of p.warnings) seen.set(w.code, 'warning');
        }
      } catch (e) {
        if (!(e instanceof FeedReadError)) throw e;
      }
    }
    expect([...seen.keys()].sort()).toEqual(Object.keys(ITEM_REASONS).sort());
    for (const [code, kind] of seen) expect(ITEM_REASONS[code as keyof typeof ITEM_REASONS].kind, code).toBe(kind);
  });
});
