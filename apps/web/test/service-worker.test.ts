/**
 * The spec §4 reload rule of app/lib/service-worker.ts: a page reloads for a new worker only when
 * its resources failed, the worker is an update, and the tab has not reloaded for it yet.
 */
import { describe, expect, it } from 'vitest';
import { RELOADED_KEY, shouldReloadForUpdate } from '../app/lib/service-worker';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v) };
}

describe('shouldReloadForUpdate', () => {
  it('reloads once per session when resources failed and the worker updated', () => {
    const s = memoryStorage();
    expect(shouldReloadForUpdate(true, true, s)).toBe(true);
    expect(s.map.has(RELOADED_KEY)).toBe(true);
    expect(shouldReloadForUpdate(true, true, s)).toBe(false);
  });

  it('does not reload without failed resources, or on the first install', () => {
    const s = memoryStorage();
    expect(shouldReloadForUpdate(false, true, s)).toBe(false);
    expect(shouldReloadForUpdate(true, false, s)).toBe(false);
    expect(s.map.size).toBe(0);
  });

  it('does not reload when session storage is unavailable (no guard, no loop)', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(shouldReloadForUpdate(true, true, broken)).toBe(false);
  });
});
