/**
 * ShopGeni's LLM mode (issue 18 §4) against a chat-completions stub on loopback (never the
 * internet): the model's tool call runs our retrieval, the picks and prices come from the
 * catalogue, and a model reply naming a product or a price not among the picks never reaches
 * the shopper.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Database } from '@b-deals/db';
import { createTestDatabase } from '@b-deals/db/testing';
import { buildApp } from '../../src/app.ts';
import { OpenAiCompatibleModel } from '../../src/assistant/index.ts';
import { loadGiftCatalogue } from '../../eval/shopgeni-catalogue.ts';
import { testAppOptions } from '../test-app.ts';
import { parseSse } from './sse.ts';

interface StubRequest {
  model: string;
  messages: Array<{ role: string; content: string | null; tool_call_id?: string }>;
  tools?: unknown[];
}

let db: Database;
let app: FastifyInstance;
let stub: Server;
let requests: StubRequest[] = [];
/** What the stub says after the tool result: 'honest' quotes the first pick, 'lie' invents one, 'fail' answers 500. */
let behaviour: 'honest' | 'lie' | 'fail' = 'honest';

beforeAll(async () => {
  stub = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const r = JSON.parse(body) as StubRequest;
      requests.push(r);
      if (req.url !== '/v1/chat/completions' || req.headers.authorization !== 'Bearer test-key') return void res.writeHead(404).end();
      if (behaviour === 'fail') return void res.writeHead(500).end('{}');
      const tool = r.messages.find((m) => m.role === 'tool');
      const message = !tool
        ? {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                id: 'call_1',
                type: 'function',
                function: {
                  name: 'find_gifts',
                  arguments: JSON.stringify({
                    refine: 'new',
                    recipient: 'mom',
                    relation: 'parent',
                    gender: 'female',
                    budget_max_usd: 120,
                    interests: ['skincare'],
                  }),
                },
              },
            ],
          }
        : behaviour === 'honest'
          ? (() => {
              const first = (JSON.parse(tool.content!) as { products: Array<{ name: string; price: string }> }).products[0]!;
              return { role: 'assistant', content: `My top pick is **${first.name}** at ${first.price}, within your $120 budget.` };
            })()
          : { role: 'assistant', content: 'Get her the **Acme Glow Serum Deluxe** for just $12.34!' };
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ id: 'x', object: 'chat.completion', choices: [{ index: 0, message, finish_reason: 'stop' }] }));
    });
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  const { port } = stub.address() as AddressInfo;
  db = await createTestDatabase('pglite');
  await loadGiftCatalogue(db, { products: 600, days: 1, merchants: 20 });
  app = await buildApp(
    testAppOptions(db, {
      assistant: { model: new OpenAiCompatibleModel({ baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: 'test-key', model: 'stub-model' }) },
    }),
  );
});
afterAll(async () => {
  await app?.close();
  await db?.close();
  await new Promise((resolve) => stub?.close(resolve));
});
beforeEach(() => {
  requests = [];
});

async function converse(message: string) {
  const res = await app.inject({ method: 'POST', url: '/nestor/api/v1/conversation', payload: { message } });
  expect(res.statusCode).toBe(200);
  const events = parseSse(res.body);
  const text = events.flatMap((e) => (e.event === 'delta' ? [e.data.text] : [])).join('');
  const products = events.find((e) => e.event === 'products');
  return { body: res.body, events, text, items: products?.event === 'products' ? products.data.items : [] };
}

describe('LLM mode', () => {
  it('says which mode runs', async () => {
    expect((await app.inject('/nestor/api/v1/status')).json()).toEqual({ mode: 'llm', model: 'stub-model' });
  });

  it('runs our retrieval through the tool call and shows the model words when they keep to the picks', async () => {
    behaviour = 'honest';
    const t = await converse('what should I get my mother? she loves skincare, 120 bucks');
    expect(t.events[0]).toEqual({ event: 'meta', data: { mode: 'llm' } });
    expect(requests).toHaveLength(2);
    expect(requests[0]!.tools).toHaveLength(1);
    expect(requests[0]!.model).toBe('stub-model');
    expect(t.items.length).toBeGreaterThan(0);
    const rows = await db.query<{ id: number; price_cents: number }>(
      `SELECT id::int, price_cents FROM products WHERE id = ANY($1::bigint[]) AND in_stock AND shipping_cents IS NOT NULL`,
      [t.items.map((p) => p.product.id)],
    );
    expect(rows.rows).toHaveLength(t.items.length);
    for (const p of t.items) {
      expect(p.product.priceTag).toBeLessThanOrEqual(12_000);
      expect(rows.rows.find((r) => r.id === p.product.id)!.price_cents).toBe(p.product.priceTag);
    }
    expect(t.text).toContain(t.items[0]!.product.name);
  });

  it('never lets an invented product or price reach the shopper', async () => {
    behaviour = 'lie';
    const t = await converse('what should I get my mother? she loves skincare, 120 bucks');
    expect(requests).toHaveLength(2);
    expect(t.body).not.toContain('Acme Glow Serum');
    expect(t.body).not.toContain('12.34');
    expect(t.text).toMatch(/within \$120/); // the embedded reply instead
    expect(t.items.length).toBeGreaterThan(0);
  });

  it('falls back to the embedded reply when the model fails', async () => {
    behaviour = 'fail';
    const t = await converse('a gift for my dad who likes hiking, under $150');
    expect(t.events.some((e) => e.event === 'error')).toBe(false);
    expect(t.text).toMatch(/within \$150/);
  });

  it('answers discover through the model too', async () => {
    behaviour = 'honest';
    const body = (await app.inject({ method: 'POST', url: '/inventory/api/v3/discover', payload: { q: 'skincare for mom, $120' } })).json();
    expect(body.mode).toBe('llm');
    expect(body.slots.budget.max).toBe(12_000);
    for (const p of body.items) expect(p.product.priceTag).toBeLessThanOrEqual(12_000);
  });
});
