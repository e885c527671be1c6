import { describe, expect, it } from 'vitest';
import {
  collectionApiPath,
  collectionIntent,
  collectionPages,
  collectionParams,
  collectionQuery,
  collectionResult,
  parseTargetDollars,
  sparkline,
  targetHint,
  targetInputValue,
  typedTargetNote,
} from '../app/lib/favorites';
import { loveIntent, withLoveIntent, withoutLoveIntent } from '../app/lib/love-intent';
import { priceChangeText } from '../app/lib/price-change';
import { BROKEN_LINK, SUBSCRIBE_MESSAGES, plausibleToken, subscribeResult, tokenResult } from '../app/lib/subscriptions';

const form = (fields: Record<string, string | string[]>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const x of [v].flat()) f.append(k, x);
  return f;
};

describe('collectionParams / collectionQuery / collectionApiPath (/collection URL)', () => {
  it('defaults to recently saved, newest first, page 1, and writes nothing for the defaults', () => {
    const p = collectionParams(new URLSearchParams(''));
    expect(p).toEqual({ sort: 'CREATE_TIME', asc: false, page: 1 });
    expect(collectionQuery(p)).toBe('');
    expect(collectionApiPath(p)).toBe('/inventory/api/v1/favorite?from=0&to=24&sort=CREATE_TIME&asc=false');
  });
  it('starts each sort in its own direction and keeps an explicit one', () => {
    expect(collectionParams(new URLSearchParams('sort=PRICE'))).toEqual({ sort: 'PRICE', asc: true, page: 1 });
    expect(collectionParams(new URLSearchParams('sort=PRICE_DROP'))).toEqual({ sort: 'PRICE_DROP', asc: false, page: 1 });
    expect(collectionParams(new URLSearchParams('sort=PRICE&asc=false&page=3'))).toEqual({ sort: 'PRICE', asc: false, page: 3 });
    expect(collectionQuery({ sort: 'PRICE', asc: false, page: 3 })).toBe('sort=PRICE&asc=false&page=3');
    expect(collectionQuery({ sort: 'PRICE', asc: true, page: 1 })).toBe('sort=PRICE');
  });
  it('pages by 24 (to exclusive) and drops unknown or out-of-range values', () => {
    expect(collectionApiPath({ sort: 'PRICE_DROP', asc: false, page: 2 })).toBe('/inventory/api/v1/favorite?from=24&to=48&sort=PRICE_DROP&asc=false');
    expect(collectionParams(new URLSearchParams('sort=NAME&asc=maybe&page=-4'))).toEqual({ sort: 'CREATE_TIME', asc: false, page: 1 });
    expect(collectionParams(new URLSearchParams('page=99999')).page).toBe(416);
    expect(collectionPages(0)).toBe(1);
    expect(collectionPages(24)).toBe(1);
    expect(collectionPages(25)).toBe(2);
  });
});

describe('priceChangeText (the "since you saved it" line)', () => {
  it('reads a drop with arrow, amount and percent, and a spoken form without symbols', () => {
    expect(priceChangeText(-1200, -15)).toEqual({ tone: 'down', text: '↓ $12 (−15%) since you saved it', spoken: 'Down $12 (15%) since you saved it' });
    expect(priceChangeText(350, 4)).toEqual({ tone: 'up', text: '↑ $3.50 (+4%) since you saved it', spoken: 'Up $3.50 (4%) since you saved it' });
  });
  it('leaves out a percent that rounds to 0 or is unknown; says so when nothing changed; null when unknown', () => {
    expect(priceChangeText(-5, 0)?.text).toBe('↓ $0.05 since you saved it');
    expect(priceChangeText(-500, null)?.text).toBe('↓ $5 since you saved it');
    expect(priceChangeText(0, 0)).toMatchObject({ tone: 'same', text: 'Same price as when you saved it' });
    expect(priceChangeText(null, null)).toBeNull();
  });
});

describe('sparkline (90-day price line)', () => {
  it('places days by the calendar and prices lowest at the bottom, within the padding', () => {
    const s = sparkline(
      [
        { date: '2026-01-01', price: 2000 },
        { date: '2026-01-02', price: 1000 },
        { date: '2026-01-05', price: 1500 },
      ],
      104,
      24,
      2,
    )!;
    // x: day 0, 1 and 4 of a 4-day span over 100 px from x=2; y: 2000 at the top (2), 1000 at the bottom (22).
    expect(s.path).toBe('M2 2 L27 22 L102 12');
    expect(s.last).toEqual({ x: 102, y: 12 });
    expect([s.min, s.max]).toEqual([1000, 2000]);
  });
  it('draws a flat history through the middle, one day as a short flat line, and nothing for none', () => {
    expect(
      sparkline(
        [
          { date: '2026-01-01', price: 5 },
          { date: '2026-01-03', price: 5 },
        ],
        24,
        10,
        2,
      )!.path,
    ).toBe('M2 5 L22 5');
    expect(sparkline([{ date: '2026-01-01', price: 5 }], 24, 10, 2)!.path).toBe('M2 5 L22 5');
    expect(sparkline([], 24, 10)).toBeNull();
  });
});

describe('parseTargetDollars / targetInputValue (price target field)', () => {
  it('reads dollars with up to two decimals, a $ sign and thousands commas, as cents', () => {
    expect(parseTargetDollars('49')).toEqual({ cents: 4900 });
    expect(parseTargetDollars(' $49.9 ')).toEqual({ cents: 4990 });
    expect(parseTargetDollars('1,299.50')).toEqual({ cents: 129950 });
    expect(parseTargetDollars('.99')).toEqual({ cents: 99 });
    expect(parseTargetDollars('1000000')).toEqual({ cents: 100_000_000 });
  });
  it('refuses blank, malformed, zero and too large amounts with a message', () => {
    for (const bad of ['', '  ', 'abc', '12.345', '1,2', '-5', '12e3']) expect(parseTargetDollars(bad)).toHaveProperty('error');
    expect(parseTargetDollars('0')).toEqual({ error: 'Enter a price above $0.' });
    expect(parseTargetDollars('1000000.01')).toEqual({ error: 'Enter a price of at most $1,000,000.' });
  });
  it('shows cents back as the field reads them', () => {
    expect(targetInputValue(4900)).toBe('49');
    expect(targetInputValue(4990)).toBe('49.90');
    expect(targetInputValue(null)).toBe('');
  });
});

describe('love intent (a visitor’s heart carried through sign-in)', () => {
  it('adds, reads and removes ?love= keeping the rest of the address', () => {
    const path = withLoveIntent('/prod/red-dress/?id=12&size=M#offers', 12);
    expect(path).toBe('/prod/red-dress/?id=12&size=M&love=12#offers');
    expect(loveIntent(new URL(path, 'http://x').search)).toBe(12);
    expect(withoutLoveIntent(path)).toBe('/prod/red-dress/?id=12&size=M#offers');
    expect(withoutLoveIntent('/lowest-price/?love=3')).toBe('/lowest-price/');
  });
  it('ignores anything but a positive int4 id', () => {
    for (const s of ['', '?love=', '?love=0', '?love=-3', '?love=1e3', '?love=abc', '?love=99999999999']) expect(loveIntent(s)).toBeNull();
  });
});

describe('collectionIntent / collectionResult (/collection forms)', () => {
  it('turns each form into its API call', () => {
    expect(collectionIntent(form({ intent: 'target', id: '7', target: '$12.50' }))).toEqual({
      intent: 'target',
      id: 7,
      call: { method: 'PATCH', path: '/inventory/api/v1/favorite/7', json: { targetPrice: 1250 } },
    });
    expect(collectionIntent(form({ intent: 'clear-target', id: '7', target: '12' }))).toMatchObject({ call: { method: 'PATCH', json: { targetPrice: null } } });
    expect(collectionIntent(form({ intent: 'sizes', id: '7', size: ['M', ' L ', 'M', ''] }))).toMatchObject({ call: { json: { sizes: ['M', 'L'] } } });
    expect(collectionIntent(form({ intent: 'sizes', id: '7' }))).toMatchObject({ call: { json: { sizes: [] } } });
    expect(collectionIntent(form({ intent: 'remove', id: '7' }))).toMatchObject({ call: { method: 'DELETE', path: '/inventory/api/v1/favorite/7' } });
    expect(collectionIntent(form({ intent: 'alerts', priceAlertMails: 'false' }))).toEqual({
      intent: 'alerts',
      id: null,
      call: { method: 'PUT', path: '/inventory/api/v1/favorite/alert-settings', json: { priceAlertMails: false } },
    });
  });
  it('answers problems for the form instead of calling', () => {
    expect(collectionIntent(form({ intent: 'target', id: '7', target: 'cheap' }))).toMatchObject({
      id: 7,
      field: 'target',
      error: expect.stringContaining('dollars'),
    });
    expect(collectionIntent(form({ intent: 'remove', id: 'x' }))).toHaveProperty('error');
    expect(collectionIntent(form({ intent: 'explode', id: '7' }))).toHaveProperty('error');
  });
  it("says what happened, or passes the API's message on", () => {
    const target = collectionIntent(form({ intent: 'target', id: '7', target: '12.5' }));
    expect(collectionResult(target, { ok: true, body: {} })).toEqual({
      intent: 'target',
      id: 7,
      ok: true,
      note: 'Target saved: we will tell you when the price is $12.50 or lower.',
    });
    expect(collectionResult(target, { ok: false, body: { code: 'not_found', message: 'That product is not in your B-LOVED.' } })).toMatchObject({
      ok: false,
      error: 'That product is not in your B-LOVED.',
    });
    expect(collectionResult(target, { ok: false, body: null })).toMatchObject({ ok: false, error: expect.stringContaining('Try again') });
  });
});

describe('a price target the price already meets (decision 0017)', () => {
  it('says so after saving, with the price now and what the alert will do', () => {
    const target = collectionIntent(form({ intent: 'target', id: '7', target: '50' }));
    expect(collectionResult(target, { ok: true, body: { targetPrice: 5000, watchedPrice: 4500, targetMet: true } })).toMatchObject({
      ok: true,
      note: 'Target saved. Already at or below your target: $45 now. We will e-mail you about it at our next price check, then again only if it goes above $52.50 and comes back down.',
    });
    // Exactly at the target is met too; above it, the usual note.
    expect(collectionResult(target, { ok: true, body: { targetPrice: 5000, watchedPrice: 5000, targetMet: true } })).toMatchObject({
      note: expect.stringContaining('Already at or below your target: $50 now.'),
    });
    expect(collectionResult(target, { ok: true, body: { targetPrice: 5000, watchedPrice: 5001, targetMet: false } })).toMatchObject({
      note: 'Target saved: we will tell you when the price is $50 or lower.',
    });
  });

  it('says so under the field once saved, and gives the price now without a target', () => {
    expect(targetHint({ targetPrice: 5000, watchedPrice: 4500, targetMet: true })).toBe('Already at or below your target of $50: $45 now.');
    expect(targetHint({ targetPrice: 5000, watchedPrice: 5500, targetMet: false })).toBe('We alert you when it costs $50 or less.');
    expect(targetHint({ targetPrice: null, watchedPrice: 5500, targetMet: false })).toBe('No target: we alert you when the price drops. It is $55 now.');
    // Nothing watched in stock: no price to give, and a target cannot be met.
    expect(targetHint({ targetPrice: 5000, watchedPrice: null, targetMet: false })).toBe('We alert you when it costs $50 or less.');
  });

  it('says so before saving, as the target is typed: at or above the price now, never for the saved target or a non-price', () => {
    const item = { targetPrice: null, watchedPrice: 4500 };
    expect(typedTargetNote('50', item)).toBe('Already at or below that: $45 now. Set it and we will e-mail you about it at our next price check.');
    expect(typedTargetNote('45.00', item)).toContain('Already at or below that');
    expect(typedTargetNote('44.99', item)).toBeNull();
    expect(typedTargetNote('fifty', item)).toBeNull();
    expect(typedTargetNote('50', { targetPrice: 5000, watchedPrice: 4500 })).toBeNull();
    expect(typedTargetNote('50', { targetPrice: null, watchedPrice: null })).toBeNull();
  });
});

describe('subscription answers (never revealing whether an address is known)', () => {
  it('reads every accepted subscribe the same, and a signed-in own address as subscribed', () => {
    expect(subscribeResult({ status: 202, ok: true, body: { status: 'pending', message: 'anything the API says' } })).toEqual({
      ok: true,
      status: 'pending',
      message: SUBSCRIBE_MESSAGES.pending,
    });
    expect(subscribeResult({ status: 200, ok: true, body: { status: 'confirmed', message: '' } })).toMatchObject({ status: 'confirmed' });
    expect(subscribeResult({ status: 400, ok: false, body: { code: 'validation_failed' } })).toEqual({ ok: false, error: 'Enter a valid e-mail address.' });
    expect(subscribeResult({ status: 429, ok: false, body: { message: 'Slow down.' } })).toEqual({ ok: false, error: 'Slow down.' });
    expect(subscribeResult({ status: 0, ok: false, body: null })).toHaveProperty('ok', false);
  });
  it('tells a used or broken link from a passing failure', () => {
    expect(tokenResult({ status: 200, ok: true, body: { status: 'unsubscribed', kind: 'price_alert' } })).toEqual({
      ok: true,
      kind: 'price_alert',
      already: false,
    });
    expect(tokenResult({ status: 200, ok: true, body: { status: 'confirmed' } })).toEqual({ ok: true, kind: null, already: false });
    // The same confirmation link again: done, and said so.
    expect(tokenResult({ status: 200, ok: true, body: { status: 'already_confirmed', message: 'x' } })).toEqual({ ok: true, kind: null, already: true });
    expect(tokenResult({ status: 400, ok: false, body: { code: 'invalid_token' } })).toEqual({ ok: false, error: BROKEN_LINK, broken: true });
    expect(tokenResult({ status: 503, ok: false, body: null })).toMatchObject({ ok: false, broken: false });
    expect(plausibleToken('x'.repeat(19))).toBe(false);
    expect(plausibleToken('x'.repeat(43))).toBe(true);
  });
});
