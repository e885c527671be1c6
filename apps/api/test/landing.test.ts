import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@b-deals/db';
import { createTestDatabase, testDrivers } from '@b-deals/db/testing';
import { loadDefaultFxTable } from '@b-deals/feeds';
import { finishIngest, ingestFeed, ingestPromotions } from '../src/index.ts';
import { rssFeed, type TestItem } from '@b-deals/feeds/testing';
import { buildApp } from '../src/app.ts';
import { testAppOptions } from './test-app.ts';
import { seedHomeModules, syncArticles } from '../src/content.ts';

const fx = loadDefaultFxTable();
const DAY = 24 * 3600 * 1000;

describe.each(testDrivers())('landing pages, deals, articles and modes on %s', (driver) => {
  let db: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    const now = Date.now();
    const items = (price: (i: number) => string): TestItem[] => [
      { id: 'A', title: 'Linen Maxi Dress', price: price(0), brand: 'Harbor' },
      { id: 'B', title: 'Canvas Low Sneaker', price: price(1), brand: 'Strider', category: 'Apparel & Accessories > Shoes', gender: 'male' },
      { id: 'C', title: 'Leather Tote Bag', price: price(2), brand: 'Carryall', category: 'Apparel & Accessories > Handbags, Wallets & Cases > Handbags' },
    ];
    const ingest = (prices: (i: number) => string, daysAgo: number) =>
      ingestFeed(db, {
        bytes: rssFeed('alpha', items(prices)),
        feed: 'alpha.xml',
        merchant: { slug: 'alpha', name: 'Alpha', homepage: 'https://alpha.example/' },
        fx,
        observedAt: new Date(now - daysAgo * DAY),
        skipMaintenance: true,
      });
    // The dress and the sneaker were dearer for weeks and are at their lowest today; the tote was cheaper before.
    for (let d = 40; d >= 1; d--) await ingest((i) => ['90.00 USD', '70.00 USD', '100.00 USD'][i]!, d);
    await ingest((i) => ['60.00 USD', '65.00 USD', '120.00 USD'][i]!, 0);
    const header = 'promotion_id\tlong_title\toffer_type\tgeneric_redemption_code\tpercent_off\tpromotion_effective_dates';
    const iso = (d: number) => new Date(now + d * DAY).toISOString();
    await ingestPromotions(db, {
      bytes: Buffer.from(
        `${header}\nnow\tRunning deal\tGENERIC_CODE\tSAVE10\t10\t${iso(-1)}/${iso(5)}\nlater\tFuture deal\tNO_CODE\t\t15\t${iso(3)}/${iso(9)}\nover\tEnded deal\tNO_CODE\t\t15\t${iso(-9)}/${iso(-2)}`,
      ),
      feed: 'alpha.promotions.tsv',
      merchant: 'alpha',
      fx,
    });
    await finishIngest(db);
    await syncArticles(db);
    await seedHomeModules(db);
    app = await buildApp(testAppOptions(db, { fx, operatorToken: 'x'.repeat(32) }));
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('ranks Top Selling by recorded outbound clicks, per department tab', async () => {
    const tabs = (await app.inject('/inventory/api/v1/top-selling/tabs')).json().tabs;
    expect(tabs[0]).toEqual({ id: 'ALL', name: 'All' });
    expect(tabs.map((t: { id: string }) => t.id)).toEqual(['ALL', '8', '9', 'b', 'e', 'f', 'g', 'k', '7']);
    const offers = await db.query<{ id: number; title: string }>(`SELECT id, title FROM offers ORDER BY title`);
    const tote = offers.rows.find((o) => o.title.startsWith('Leather'))!;
    // Three shoppers (their addresses as the storefront forwards them), one of them clicking five times: three clicks.
    for (const shopper of ['198.51.100.7', '198.51.100.8', '203.0.113.9', '203.0.113.9', '203.0.113.9', '203.0.113.9', '203.0.113.9']) {
      const click = await app.inject({ method: 'POST', url: `/inventory/api/v1/offers/${tote.id}/click`, headers: { 'x-forwarded-for': shopper } });
      expect(click.json()).toEqual({ link: 'https://alpha.example/p/C' });
    }
    const top = (await app.inject('/inventory/api/v1/top-selling/ALL')).json();
    expect(top.items[0]).toMatchObject({ name: 'Leather Tote Bag', clicks30d: 3 });
    // The next day the same shopper's click counts again.
    await db.query(`UPDATE outbound_clicks SET visitor = 'yesterday:' || visitor`);
    await app.inject({ method: 'POST', url: `/inventory/api/v1/offers/${tote.id}/click`, headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect((await app.inject('/inventory/api/v1/top-selling/ALL')).json().items[0]).toMatchObject({ clicks30d: 4 });
    const bags = (await app.inject('/inventory/api/v1/top-selling/e')).json();
    expect(bags.items.map((i: { name: string }) => i.name)).toEqual(['Leather Tote Bag']);
    expect((await app.inject('/inventory/api/v1/top-selling/zz')).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/inventory/api/v1/offers/999999/click' })).statusCode).toBe(404);
  });

  it('lists Lowest Price products at their 365-day low, biggest saving against the 90-day average first', async () => {
    const res = (await app.inject('/inventory/api/v1/products/lowest-tab/ALL')).json();
    expect(res.items.map((i: { name: string }) => i.name)).toEqual(['Linen Maxi Dress', 'Canvas Low Sneaker']);
    expect(res.items[0]).toMatchObject({ priceTag: 6000, low365: 6000 });
    expect(res.items[0].average90).toBeGreaterThan(8500);
    const shoes = (await app.inject('/inventory/api/v1/products/lowest-tab/k')).json();
    expect(shoes.items.map((i: { name: string }) => i.name)).toEqual(['Canvas Low Sneaker']);
  });

  it('lists running deals only, and answers one deal by id', async () => {
    const { deals, total } = (await app.inject('/inventory/api/v1/deals')).json();
    expect(total).toBe(1);
    expect(deals[0]).toMatchObject({
      title: 'Running deal',
      couponCode: 'SAVE10',
      discountPercent: 10,
      merchant: { slug: 'alpha' },
      link: 'https://alpha.example/',
    });
    expect((await app.inject(`/inventory/api/v1/deals/${deals[0].id}`)).json().title).toBe('Running deal');
    expect((await app.inject('/inventory/api/v1/deals/424242')).statusCode).toBe(404);
  });

  it('serves the Markdown articles, newest first, and one by slug', async () => {
    const list = (await app.inject('/article/api/v1/article')).json();
    expect(list.total).toBeGreaterThanOrEqual(5);
    const dates = list.articles.map((a: { publishedAt: string }) => a.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const one = (await app.inject(`/article/api/v1/article?slug=${list.articles[0].slug}`)).json();
    expect(one.markdown.length).toBeGreaterThan(500);
    expect((await app.inject('/article/api/v1/article?slug=nope')).statusCode).toBe(404);
  });

  it('resolves home modules: product rails run their condition, brand walls list brands', async () => {
    const { modes } = (await app.inject('/tapestry/api/v2/modes')).json();
    const positions = modes.map((m: { position: number }) => m.position);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    const drops = modes.find((m: { title: string }) => m.title === 'Biggest price drops');
    expect(drops.type).toBe('product_rail');
    expect(drops.items).toEqual([]); // nothing in this catalogue is on sale
    const sneakers = modes.find((m: { title: string }) => m.title === 'Sneakers under $100');
    expect(sneakers.items.map((i: { name: string }) => i.name)).toEqual(['Canvas Low Sneaker']);
    // "See all" opens exactly the rail's list (issue 20 §6): its words, price band and labels, or its marketplace tab.
    expect(sneakers.href).toBe('/searchList/?q=sneaker&l=in_stock&max=99.99');
    expect(drops.href).toBe('/searchList/?l=verified_discount&sort=discount');
    expect(modes.find((m: { title: string }) => m.title === 'From European boutiques').href).toBe('/euro/?tab=european');
    expect(modes.find((m: { title: string }) => m.title === 'Outlet finds').href).toBe('/outlet/?sort=discount');
    const wall = modes.find((m: { type: string }) => m.type === 'brand_wall');
    expect(wall.brands.map((b: { slug: string }) => b.slug).sort()).toEqual(['carryall', 'harbor', 'strider']);
    expect((await app.inject(`/tapestry/api/v2/modes/${wall.id}`)).json().type).toBe('brand_wall');
  });

  /** Inserts a seeded and an edited copy of a home rail, runs migration `file` on them, returns their configs after it. */
  async function railsAfter(file: string, title: string, configs: object[]): Promise<object[]> {
    const sql = readFileSync(new URL(`../../../packages/db/drizzle/${file}`, import.meta.url), 'utf8');
    const ids: number[] = [];
    for (const config of configs) {
      const res = await db.query<{ id: number }>(
        `INSERT INTO home_modules (type, title, config, position, active) VALUES ('product_rail', $1, $2::jsonb, 99, false) RETURNING id`,
        [title, JSON.stringify(config)],
      );
      ids.push(Number(res.rows[0]!.id));
    }
    await db.query(sql);
    const rows = await db.query<{ id: number; config: object }>(`SELECT id, config FROM home_modules WHERE id = ANY($1::int[]) ORDER BY id`, [ids]);
    await db.query(`DELETE FROM home_modules WHERE id = ANY($1::int[])`, [ids]);
    return rows.rows.map((r) => r.config);
  }

  it('migration 0028 makes a seeded Biggest price drops rail list checked discounts only, and leaves an edited rail alone', async () => {
    const seeded = { l: ['on_sale'], sort: 'discount' };
    const edited = { l: ['on_sale', 'in_stock'], sort: 'discount' };
    expect(await railsAfter('0028_home-verified-drops.sql', 'Biggest price drops', [seeded, edited])).toEqual([
      { l: ['verified_discount'], sort: 'discount' },
      edited,
    ]);
  });

  it('migration 0027 gives a database seeded before it every sneaker under $100, and leaves an edited rail alone', async () => {
    const seeded = { q: 'sneaker', price: '5000-10000', l: ['in_stock'] };
    const edited = { q: 'sneaker', price: '5000-10000', l: ['in_stock', 'on_sale'] };
    expect(await railsAfter('0027_home-sneakers-under-100.sql', 'Sneakers under $100', [seeded, edited])).toEqual([
      { q: 'sneaker', maxPrice: 9999, l: ['in_stock'] },
      edited,
    ]);
  });
});
