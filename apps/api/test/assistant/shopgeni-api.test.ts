/**
 * ShopGeni's endpoints on a PGlite demo catalogue (issue 18 §3, §5): POST /inventory/api/v3/discover
 * and the server-sent events of POST /nestor/api/v1/conversation, with the budget (total with
 * stated shipping) and in-stock guarantees checked on every pick against the database itself.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DiscoverResponseSchema, type ConversationEvent, type GiftContext, type GiftPick } from '@b-deals/contracts';
import type { Database } from '@b-deals/db';
import { createTestDatabase } from '@b-deals/db/testing';
import { buildApp } from '../../src/app.ts';
import { loadDefaultFxTable } from '@b-deals/feeds';
import { rssFeed } from '@b-deals/feeds/testing';
import { CATALOGUE_NOW, loadGiftCatalogue } from '../../eval/shopgeni-catalogue.ts';
import { ingestFeed } from '../../src/index.ts';
import { testAppOptions } from '../test-app.ts';
import { parseSse } from './sse.ts';

let db: Database;
let app: FastifyInstance;

/** Checks every pick against the products table: in stock, shipping stated, total within the budget. */
async function assertWithin(picks: GiftPick[], maxCents: number): Promise<void> {
  if (!picks.length) return;
  const rows = await db.query<{ id: number; price_cents: number; shipping_cents: number | null; in_stock: boolean }>(
    `SELECT id::int, price_cents, shipping_cents, in_stock FROM products WHERE id = ANY($1::bigint[])`,
    [picks.map((p) => p.product.id)],
  );
  expect(rows.rows).toHaveLength(picks.length);
  for (const r of rows.rows) {
    expect(r.in_stock).toBe(true);
    expect(r.shipping_cents).not.toBeNull();
    expect(r.price_cents).toBeLessThanOrEqual(maxCents);
    const shown = picks.find((p) => p.product.id === r.id)!;
    expect(shown.product.priceTag).toBe(r.price_cents); // the price shown is the catalogue's
  }
}

async function turn(message: string, context?: GiftContext) {
  const res = await app.inject({ method: 'POST', url: '/nestor/api/v1/conversation', payload: { message, ...(context ? { context } : {}) } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
  const events = parseSse(res.body);
  const get = <E extends ConversationEvent['event']>(e: E) => events.find((x) => x.event === e) as Extract<ConversationEvent, { event: E }> | undefined;
  return {
    events,
    text: events.flatMap((e) => (e.event === 'delta' ? [e.data.text] : [])).join(''),
    slots: get('slots')!.data,
    items: get('products')?.data.items ?? [],
    context: get('context')!.data,
    chips: get('chips')!.data.chips,
  };
}

beforeAll(async () => {
  db = await createTestDatabase('pglite');
  await loadGiftCatalogue(db, { products: 900, days: 1, merchants: 20 });
  // A kids' team jersey the way real feeds file it: under Sports Tops (Sporting Goods), with GMC age_group kids.
  await ingestFeed(db, {
    bytes: rssFeed('kidsport', [
      {
        id: 'KJ1',
        title: 'Kids Soccer Jersey',
        productType: 'Sneakers & Sportswear > Sports > Sports Tops',
        category: 'Sporting Goods > Athletics > Soccer',
        price: '22.00 USD',
        brand: 'Kidsport',
        gender: 'male',
        ageGroup: 'kids',
        size: 'YM',
        shipping: '0.00 USD',
      },
    ]),
    feed: 'kidsport.xml',
    merchant: { slug: 'kidsport', name: 'Kidsport' },
    fx: loadDefaultFxTable(),
    observedAt: CATALOGUE_NOW,
  });
  app = await buildApp(testAppOptions(db, { assistant: { rateLimit: { max: 1000, windowMs: 60_000 } } }));
});
afterAll(async () => {
  await app?.close();
  await db?.close();
});

describe('POST /inventory/api/v3/discover', () => {
  it('answers a request with the slots it understood and picks within budget, in stock', async () => {
    const res = await app.inject({ method: 'POST', url: '/inventory/api/v3/discover', payload: { q: 'a gift for my dad who likes hiking, under $80' } });
    expect(res.statusCode).toBe(200);
    const body = DiscoverResponseSchema.parse(res.json());
    expect(body.mode).toBe('embedded');
    expect(body.slots).toMatchObject({ recipient: 'dad', gender: 'male', budget: { max: 8000 }, interests: ['hiking'] });
    expect(body.items.length).toBeGreaterThan(0);
    for (const p of body.items) expect(p.why).toContain(p.product.priceTag % 100 === 0 ? `$${p.product.priceTag / 100}` : '$');
    await assertWithin(body.items, 8000);
  });

  it('keeps every pick within the budget over many requests', async () => {
    for (const [q, max] of [
      ['present for my mom under $30', 3000],
      ['something for my wife who loves jewelry, $45', 4500],
      ['teenager into sports, below 25 dollars', 2500],
      ['my friend likes makeup, around $20', 2400],
      ['between $10 and $15 for a coworker', 1500],
      ['a gift for my husband, 5 dollars', 500],
    ] as const) {
      const body = (await app.inject({ method: 'POST', url: '/inventory/api/v3/discover', payload: { q } })).json();
      expect(body.slots.budget.max).toBe(max);
      await assertWithin(body.items, max);
    }
  });

  it('asks for the budget instead of guessing it', async () => {
    const body = (await app.inject({ method: 'POST', url: '/inventory/api/v3/discover', payload: { q: 'a gift for my sister' } })).json();
    expect(body.missing).toEqual(['budget']);
    expect(body.items).toEqual([]);
    expect(body.reply).toMatch(/budget/i);
    expect(body.chips.map((c: { slot: string }) => c.slot)).toContain('budget');
  });

  it('answers 400 for an empty, overlong or unknown body', async () => {
    for (const payload of [{ q: '   ' }, { q: 'x'.repeat(301) }, { q: 'gift', extra: 1 }, {}]) {
      const res = await app.inject({ method: 'POST', url: '/inventory/api/v3/discover', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
  });

  it('limits requests per shopper address (429 with the error body)', async () => {
    const limited = await buildApp(testAppOptions(db, { assistant: { rateLimit: { max: 2, windowMs: 60_000 } } }));
    try {
      const ask = (ip: string) => limited.inject({ method: 'POST', url: '/inventory/api/v3/discover', payload: { q: 'hello' }, remoteAddress: ip });
      expect((await ask('10.0.0.1')).statusCode).toBe(200);
      expect((await ask('10.0.0.1')).statusCode).toBe(200);
      const third = await ask('10.0.0.1');
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ code: 'rate_limited' });
      expect((await ask('10.0.0.2')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await app.inject('/docs/json')).json();
    expect(doc.paths['/inventory/api/v3/discover'].post).toBeDefined();
    expect(doc.paths['/nestor/api/v1/conversation'].post).toBeDefined();
  });
});

describe('POST /nestor/api/v1/conversation', () => {
  it('streams meta, slots, the reply in pieces, products, chips, context and done', async () => {
    const t = await turn('gift for my mom who likes skincare, under $60');
    expect(t.events.map((e) => e.event).filter((e, i, a) => a.indexOf(e) === i)).toEqual(['meta', 'slots', 'delta', 'products', 'chips', 'context', 'done']);
    expect(t.events.filter((e) => e.event === 'delta').length).toBeGreaterThan(3);
    expect(t.text).toMatch(/within \$60/);
    expect(t.items.length).toBeGreaterThan(0);
    await assertWithin(t.items, 6000);
    expect(t.context.lastPicks).toEqual(t.items.map((p) => p.product.id));
  });

  it('refines: cheaper lowers every pick below the last picks, something else never repeats', async () => {
    const first = await turn('a present for my wife, $100');
    expect(first.items.length).toBeGreaterThan(1);
    const prices = first.items.map((p) => p.product.priceTag).sort((a, b) => a - b);
    const median = prices.length % 2 ? prices[(prices.length - 1) / 2]! : (prices[prices.length / 2 - 1]! + prices[prices.length / 2]!) / 2;
    const cheaper = await turn('cheaper', first.context);
    expect(cheaper.slots.intent).toBe('refine.cheaper');
    for (const p of cheaper.items) expect(p.product.priceTag).toBeLessThanOrEqual(Math.floor(median * 0.8));
    await assertWithin(cheaper.items, 10000);
    const other = await turn('something else', cheaper.context);
    const seen = new Set([...first.context.shown, ...cheaper.context.shown]);
    for (const p of other.items) expect(seen.has(p.product.id)).toBe(false);
  });

  it('asks what is missing, then uses the answer', async () => {
    const a = await turn('gift for my brother');
    expect(a.slots.missing).toEqual(['budget']);
    expect(a.items).toEqual([]);
    const b = await turn('50', a.context);
    expect(b.slots.slots).toMatchObject({ recipient: 'brother', budget: { max: 5000 } });
    await assertWithin(b.items, 5000);
  });

  it('rejects a bad context with 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/nestor/api/v1/conversation',
      payload: { message: 'hi', context: { slots: {}, lastPicks: [], shown: [] } },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('picks a shopper would call fitting (issue 18: "tried as a new user would")', () => {
  const discover = async (q: string) =>
    DiscoverResponseSchema.parse((await app.inject({ method: 'POST', url: '/inventory/api/v3/discover', payload: { q } })).json());
  /** A pick's own (deepest) category is one of `codes` (exactly, or by prefix for `x*`). */
  const inAny = (p: GiftPick, codes: string[]) =>
    codes.some((c) => (c.endsWith('*') ? p.product.categoryIds[0]!.startsWith(c.slice(0, -1)) : p.product.categoryIds[0] === c));

  it('most of the demo catalogue can be shown within a budget: in stock with US shipping stated', async () => {
    const r = await db.query<{ share: number }>(`SELECT avg((in_stock AND shipping_cents IS NOT NULL)::int)::float AS share FROM products`);
    expect(r.rows[0]!.share).toBeGreaterThan(0.7);
  });

  it('finds hiking gear for a dad who likes hiking, not yoga mats or swim goggles', async () => {
    const body = await discover('a gift for my dad who likes hiking, under $80');
    expect(body.items.length).toBeGreaterThanOrEqual(3);
    await assertWithin(body.items, 8000);
    // hiking backpacks, trail shoes and boots, tents, trekking poles or a headlamp, a water bottle, a fleece, a field jacket
    for (const p of body.items) expect(inAny(p, ['721', '728', '724', '72', '7', '93', '912']), `${p.product.categoryIds[0]} ${p.product.name}`).toBe(true);
    for (const p of body.items) expect(p.product.categoryIds[0]).not.toMatch(/^(727|715|713)$/);
  });

  it('finds several skincare products for a mom who loves skincare', async () => {
    const body = await discover('mom loves skincare, under 60');
    expect(body.items.length).toBeGreaterThanOrEqual(3);
    await assertWithin(body.items, 6000);
    for (const p of body.items) expect(inAny(p, ['b2*']), p.product.name).toBe(true);
  });

  it('reads "is a runner" as running and picks running gear', async () => {
    const body = await discover('my brother is a runner, under $150');
    expect(body.slots.interests).toContain('running');
    expect(body.items.length).toBeGreaterThanOrEqual(3);
    for (const p of body.items) expect(inAny(p, ['711', '712', '713', '7']), p.product.name).toBe(true);
  });

  it('never claims a pick is "for" an interest it was not found for (no "Tennis for golf", no "Wallets for cooking")', async () => {
    const golf = await discover('my husband likes golf, under 100');
    for (const p of golf.items) {
      expect(p.product.categoryIds[0]).not.toBe('722');
      if (/for golf/.test(p.why)) expect(/golf/i.test(p.product.name) || p.product.categoryIds[0] === '923', p.product.name).toBe(true);
    }
    // Interests the catalogue has nothing for: a question, never a pick said to be "for" the interest.
    for (const [q, interest] of [
      ['my dad likes cooking, under $60', 'cooking'],
      ['my mom loves reading, under $80', 'reading'],
      ['gift for my uncle who likes fishing, under $70', 'fishing'],
      ['my sister is into music, $100', 'music'],
      ['my wife likes coffee, under $50', 'coffee'],
    ] as const) {
      const body = await discover(q);
      if (!body.items.length) expect(body.missing, q).toEqual(['interests']);
      for (const p of body.items) expect(p.why, `${q}: ${p.product.name}`).not.toContain(`for ${interest}`);
    }
  });
});

describe('issue 18 follow-up: a child, an interest the lexicon does not know, an occasion that names the recipient', () => {
  const discover = async (q: string) =>
    DiscoverResponseSchema.parse((await app.inject({ method: 'POST', url: '/inventory/api/v3/discover', payload: { q } })).json());
  /** The stated GMC age group of each pick, from the products table. */
  const ageGroups = async (picks: GiftPick[]) =>
    (await db.query<{ age_group: string | null }>(`SELECT age_group FROM products WHERE id = ANY($1::bigint[])`, [picks.map((p) => p.product.id)])).rows.map(
      (r) => r.age_group,
    );

  it('stores the demo feeds’ GMC age_group on every product', async () => {
    const r = await db.query<{ age_group: string | null; n: number }>(`SELECT age_group, count(*)::int AS n FROM products GROUP BY 1 ORDER BY 1`);
    expect(r.rows.map((x) => x.age_group)).toEqual(['adult', 'infant', 'kids']);
  });

  it("gives a 10-year-old soccer fan children's things within budget, with the kids' team jersey a feed files under Sports Tops", async () => {
    const body = await discover('a gift for my 10-year-old nephew who loves soccer, under $40');
    expect(body.slots).toMatchObject({ recipient: 'nephew', age: 10, ageGroup: 'kid', gender: 'male' });
    expect(body.items.length).toBeGreaterThanOrEqual(3);
    await assertWithin(body.items, 4000);
    expect(new Set(await ageGroups(body.items))).toEqual(new Set(['kids']));
    const jersey = body.items.find((p) => p.product.name.includes('Kids Soccer Jersey'));
    expect(jersey?.why).toMatch(/^Sports Tops for soccer · /);
    for (const p of body.items) expect(p.product.categoryIds[0]).toMatch(/^(g2|g3|g4|g5|713)$/);
    expect(body.reply).toMatch(/children's sizes/);
  });

  it('answers a baby shower with infant things, not a question about who it is for', async () => {
    const body = await discover('a baby shower gift under $50');
    expect(body.missing).toEqual([]);
    expect(body.slots).toMatchObject({ recipient: 'baby', ageGroup: 'baby', occasion: 'baby shower' });
    expect(body.items.length).toBeGreaterThanOrEqual(3);
    await assertWithin(body.items, 5000);
    expect(new Set(await ageGroups(body.items))).toEqual(new Set(['infant']));
  });

  it('asks about an interest the catalogue does not serve, then shows popular gifts when told "anything"', async () => {
    const a = await turn('gift for my mom who loves pottery, under $60');
    expect(a.slots.missing).toEqual(['interests']);
    expect(a.items).toEqual([]);
    expect(a.text).toMatch(/don't carry anything for pottery/);
    expect(a.chips.map((c) => c.label)).toContain('Popular gifts');
    const b = await turn('Show me popular gifts', a.context);
    expect(b.slots.slots).toMatchObject({ recipient: 'mom', interests: [] });
    expect(b.items.length).toBeGreaterThanOrEqual(3);
    await assertWithin(b.items, 6000);
  });

  it('maps an interest near a hobby by its word vector and says where the picks are, never that they are "for" it', async () => {
    const body = await discover('my dad is into birdwatching, under $80');
    expect(body.items.length).toBeGreaterThanOrEqual(3);
    expect(body.reply).toMatch(/You said he likes birdwatching; .*these are hiking gifts in /);
    for (const p of body.items) {
      expect(p.why).not.toMatch(/for birdwatching/);
      expect(p.why).toMatch(/the nearest I carry to birdwatching/);
    }
  });
  it('fills a small budget with small gifts instead of giving up ("a stocking stuffer for my teenager under $15")', async () => {
    const body = await discover('stocking stuffer for my teenager under $15');
    expect(body.items.length).toBeGreaterThanOrEqual(3);
    await assertWithin(body.items, 1500);
    expect(new Set(await ageGroups(body.items))).toEqual(new Set(['adult'])); // a teenager: nothing from Baby & Kids
    for (const p of body.items) expect(p.product.categoryIds[0]).not.toMatch(/^87/); // and no lingerie
    expect(body.reply).toMatch(/Few of the usual gifts fit the budget, so I added small gifts\./);
  });

  it('answers a Secret Santa with unisex gifts for an adult instead of asking who it is for', async () => {
    const body = await discover('secret santa gift under $25');
    expect(body.missing).toEqual([]);
    expect(body.slots).toMatchObject({ recipient: null, ageGroup: 'adult', gender: null, occasion: 'christmas' });
    expect(body.items.length).toBeGreaterThanOrEqual(3);
    await assertWithin(body.items, 2500);
    for (const p of body.items) expect(p.product.categoryIds[0]).not.toMatch(/^(8|9|g|k1|k2|87)/);
  });

  it('keeps the relation of "my teenage son" and serves a snorkeler swim gear, not cycling', async () => {
    const son = await discover('a gift for my teenage son who likes basketball');
    expect(son.slots).toMatchObject({ recipient: 'son', ageGroup: 'teen', gender: 'male' });
    expect(son.reply).toMatch(/your son/);
    const snorkel = await discover('my brother loves snorkeling, $60');
    expect(snorkel.items.length).toBeGreaterThanOrEqual(1);
    expect(snorkel.reply).toMatch(/You said he likes snorkeling; .*these are swimming gifts in /);
    for (const p of snorkel.items) {
      expect(p.product.categoryIds[0]).toMatch(/^(715|943)/);
      expect(p.why).not.toMatch(/for snorkeling/);
    }
  });
});
