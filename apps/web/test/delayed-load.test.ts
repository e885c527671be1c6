import { describe, expect, it } from 'vitest';
import { afterDelayedLoad, DELAYED_LOAD_MS, type LoadTarget } from '../app/lib/delayed-load';

/** A window stand-in whose `load` event and timers the test fires by hand. */
function fakeWindow(readyState: DocumentReadyState) {
  const onLoad: Array<() => void> = [];
  const timers: Array<{ ms: number; run: () => void }> = [];
  const win: LoadTarget = {
    document: { readyState },
    addEventListener: (_type, listener) => void onLoad.push(listener),
    setTimeout: (run, ms) => timers.push({ ms, run }),
  };
  return { win, onLoad, timers };
}

const settle = () => new Promise((r) => setImmediate(r));

describe('afterDelayedLoad (spec §9: the delayed-load hook fires after 1 s)', () => {
  it('waits for the load event, then 1 s', async () => {
    const { win, onLoad, timers } = fakeWindow('interactive');
    let fired = false;
    void afterDelayedLoad(win).then(() => (fired = true));
    await settle();
    expect(timers).toEqual([]);
    expect(onLoad).toHaveLength(1);
    onLoad[0]!();
    await settle();
    expect(timers.map((t) => t.ms)).toEqual([DELAYED_LOAD_MS]);
    expect(DELAYED_LOAD_MS).toBe(1000);
    expect(fired).toBe(false);
    timers[0]!.run();
    await settle();
    expect(fired).toBe(true);
  });

  it('counts the second from now when the page has already loaded', async () => {
    const { win, onLoad, timers } = fakeWindow('complete');
    let fired = false;
    void afterDelayedLoad(win).then(() => (fired = true));
    await settle();
    expect(onLoad).toEqual([]);
    expect(timers.map((t) => t.ms)).toEqual([1000]);
    timers[0]!.run();
    await settle();
    expect(fired).toBe(true);
  });
});
