import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@b-deals/db';
import { createTestDatabase, testDrivers } from '@b-deals/db/testing';
import { PRICE_ADVICE_HORIZONS } from '@b-deals/contracts';
import { buildApp } from '../src/app.ts';
import { ADVICE_HORIZONS } from '../src/pricing/index.ts';
import { testAppOptions } from './test-app.ts';

/**
 * Issue 13, findings 2, 3 and 7 (API side): page caps on every list endpoint, 400s instead of 500s
 * for bad input, framework errors in the project's shape without echoing the request, and timeouts
 * for slow clients.
 */
const CLIENT = { id: 'b-deals-web', secret: 'test-web-secret-0123456789' };
const basic = `Basic ${Buffer.from(`${CLIENT.id}:${CLIENT.secret}`).toString('base64')}`;

/** Sends raw bytes on a fresh connection and resolves to everything the server answered before closing. */
function raw(port: number, bytes: string, opts: { endAfterMs?: number } = {}): Promise<{ text: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const t0 = Date.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (d: string) => (text += d));
    socket.on('close', () => resolve({ text, ms: Date.now() - t0 }));
    socket.on('error', reject);
    if (opts.endAfterMs) setTimeout(() => socket.destroy(), opts.endAfterMs);
  });
}

describe.each(testDrivers())('API hardening on %s', (driver) => {
  let db: Database;
  let app: FastifyInstance;
  let port: number;

  beforeAll(async () => {
    db = await createTestDatabase(driver);
    app = await buildApp(
      testAppOptions(db, {
        operatorToken: 'x'.repeat(32),
        timeouts: { headersTimeout: 1000, requestTimeout: 1500, connectionsCheckingInterval: 200 },
        accounts: { clients: [CLIENT], settings: { publicUrl: 'http://shop.test' } },
      }),
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  const expectError = (res: { statusCode: number; json(): unknown; body: string }, status: number, code?: string) => {
    expect(res.statusCode, res.body).toBe(status);
    const body = res.json() as { code: unknown; message: unknown };
    expect(typeof body.code).toBe('string');
    expect(typeof body.message).toBe('string');
    if (code) expect(body.code).toBe(code);
    return body;
  };

  // Every GET list endpoint of the API with its page cap (spec §9: 100 unless the spec names another).
  const LISTS = [
    '/inventory/api/v1/brands',
    '/inventory/api/v1/top-selling/ALL',
    '/inventory/api/v1/products/lowest-tab/ALL',
    '/inventory/api/v1/deals',
    '/article/api/v1/article',
  ];

  it.each(LISTS)('caps the page size of %s at 100 and answers 400 beyond it', async (url) => {
    expect((await app.inject(`${url}?from=0&to=100`)).statusCode).toBe(200);
    expect((await app.inject(`${url}?from=900&to=1000`)).statusCode).toBe(200);
    const big = expectError(await app.inject(`${url}?from=0&to=10100`), 400, 'validation_failed');
    expect(JSON.stringify(big)).toMatch(/at most 100/);
    expectError(await app.inject(`${url}?from=0&to=101`), 400, 'validation_failed');
  });

  it('caps search/condition at 100 too', async () => {
    const res = await app.inject({ method: 'POST', url: '/inventory/api/v1/search/condition', payload: { q: 'dress', from: 0, to: 101 } });
    expectError(res, 400, 'validation_failed');
  });

  it.each(LISTS)('answers 400, not 500, when from > to on %s', async (url) => {
    expectError(await app.inject(`${url}?from=50&to=10`), 400, 'validation_failed');
    expectError(await app.inject(`${url}?from=10&to=10`), 400, 'validation_failed');
  });

  it.each([
    '/inventory/api/v1/brands?q=a%00b',
    '/article/api/v1/article?slug=a%00b',
    '/inventory/api/v1/deals?merchant=a%00b',
    '/inventory/api/v1/brand/a%00b',
  ])('answers 400 to a NUL byte: %s', async (url) => {
    const body = expectError(await app.inject(url), 400, 'validation_failed');
    expect(JSON.stringify(body)).toMatch(/NUL/);
  });

  it('answers 400 to a NUL byte in search text and filters', async () => {
    for (const payload of [{ q: 'dr\u0000ess' }, { b: ['x\u0000'] }]) {
      expectError(await app.inject({ method: 'POST', url: '/inventory/api/v1/search/condition', payload }), 400, 'validation_failed');
    }
  });

  it.each([
    '/inventory/api/v1/brand/99999999999',
    '/inventory/api/v1/deals/99999999999',
    '/tapestry/api/v2/modes/99999999999',
    '/inventory/api/v1/standard-product/product/99999999999/with-recommend',
  ])('answers 400 to an id beyond the database integer range: %s', async (url) => {
    expectError(await app.inject(url), 400, 'validation_failed');
  });

  // API robustness report M3: whole numbers in a query or path are digits only (one spelling per number).
  it.each([
    '/inventory/api/v1/standard-product/product/0x10/with-recommend',
    '/inventory/api/v1/standard-product/product/1.6e1/with-recommend',
    '/inventory/api/v1/standard-product/product/%2016/with-recommend',
    '/inventory/api/v1/standard-product/product/16/with-recommend?days=1e2',
    '/inventory/api/v1/standard-product/price-advice?ids=1e3',
    '/inventory/api/v1/standard-product/price-advice?ids=1,0x2',
    '/inventory/api/v1/deals?from=&to=10',
    '/inventory/api/v1/deals?from=0&to=%201%20',
    '/inventory/api/v1/deals?from=-0&to=10',
    '/inventory/api/v1/brands?from=0&to=1.0',
    '/inventory/api/v1/catalog/version?after=--1',
    '/inventory/api/v1/price-index/year/0x7e8',
  ])('answers 400 to a whole number not written in digits: %s', async (url) => {
    const body = expectError(await app.inject(url), 400, 'validation_failed');
    expect(body.message).toMatch(/must be a whole number written in digits/);
  });

  it('still takes digits, and a negative `after` where negatives mean something', async () => {
    expect((await app.inject('/inventory/api/v1/deals?from=00&to=010')).statusCode).toBe(200);
    expect((await app.inject('/inventory/api/v1/catalog/version?after=-1')).json()).toMatchObject({ version: expect.any(Number) });
    expect((await app.inject('/inventory/api/v1/standard-product/product/16/with-recommend')).statusCode).toBe(404);
  });

  // API robustness report M10: the advice horizon and the lowest-price window are enums, in the document and the 400.
  it('publishes horizon and window as enums and names the allowed values in the 400', async () => {
    expect(PRICE_ADVICE_HORIZONS).toEqual(ADVICE_HORIZONS);
    const doc = (await app.inject('/docs/json')).json() as {
      paths: Record<string, { get: { parameters: Array<{ name: string; schema: { enum?: number[]; default?: number } }> } }>;
    };
    const param = (path: string, name: string) => doc.paths[path]!.get.parameters.find((p) => p.name === name)!.schema;
    for (const path of [
      '/inventory/api/v1/price-advice/waiting-pays',
      '/inventory/api/v1/standard-product/price-advice',
      '/inventory/api/v1/standard-product/product/{id}/price-advice',
    ])
      expect(param(path, 'horizon'), path).toMatchObject({ enum: [14, 30], default: 14 });
    expect(param('/inventory/api/v1/product-history-event/lowest-price', 'window')).toMatchObject({ enum: [30, 90, 365], default: 90 });
    const horizon = expectError(await app.inject('/inventory/api/v1/price-advice/waiting-pays?horizon=7'), 400, 'validation_failed');
    expect(horizon.message).toBe('Invalid querystring: /horizon horizon must be one of 14, 30');
    const window = expectError(await app.inject('/inventory/api/v1/product-history-event/lowest-price?window=60'), 400, 'validation_failed');
    expect(window.message).toBe('Invalid querystring: /window window must be one of 30, 90, 365');
    expect((await app.inject('/inventory/api/v1/price-advice/waiting-pays?horizon=30')).statusCode).toBe(200);
    expect((await app.inject('/inventory/api/v1/product-history-event/lowest-price?window=365')).statusCode).toBe(200);
  });

  // API robustness report M9: error messages never quote the request; the value asked for is in details.
  it('answers unknown brands, tabs, category ids, labels and departments with fixed messages', async () => {
    const probe = '<img src=x onerror=alert(1)>';
    const brand = expectError(await app.inject(`/inventory/api/v1/brand/${encodeURIComponent(probe)}`), 404, 'not_found');
    expect(brand).toEqual({ code: 'not_found', message: 'Brand was not found', details: { brand: probe } });
    const tab = expectError(await app.inject('/inventory/api/v1/top-selling/zz9?from=0&to=1'), 404, 'not_found');
    expect(tab).toMatchObject({ message: 'Tab was not found', details: { tab: 'zz9', allowed: expect.arrayContaining(['ALL']) } });
    const search = (payload: object) => app.inject({ method: 'POST', url: '/inventory/api/v1/search/condition', payload });
    const cids = expectError(await search({ cids: ['8', `x${probe}`] }), 400, 'bad_request');
    expect(cids.message).not.toContain('img');
    expect(cids).toMatchObject({ details: { field: 'cids', value: `x${probe}` } });
    const label = expectError(await search({ l: ['on_sale', 'zz9'] }), 400, 'bad_request');
    expect(label).toMatchObject({ message: 'Unknown label.', details: { field: 'l', value: 'zz9' } });
    const dept = expectError(await app.inject('/inventory/api/v1/product-history-event/lowest-price?dept=zz9'), 400, 'bad_request');
    expect(dept).toMatchObject({ message: 'Unknown department.', details: { field: 'dept', value: 'zz9' } });
  });

  // API robustness report M7: a framework 4xx answers a code that agrees with its status.
  it('answers a path that climbs out of /media/ with 403 forbidden, not 403 bad_request', async () => {
    for (const target of ['/media/../package.json', '/media/x/../../package.json']) {
      const { text } = await raw(port, `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      const [head, body] = text.split('\r\n\r\n');
      expect(head!.split('\r\n')[0], target).toBe('HTTP/1.1 403 Forbidden');
      expect(JSON.parse(body!), target).toEqual({ code: 'forbidden', message: 'This resource may not be read.' });
    }
  });

  it('answers 400 to an out-of-range offer id on POST click', async () => {
    expectError(await app.inject({ method: 'POST', url: '/inventory/api/v1/offers/99999999999/click', payload: {} }), 400, 'validation_failed');
  });

  it('answers the token endpoint in RFC 6749 shape for a text/plain body, a JSON body and a NUL byte', async () => {
    for (const [contentType, payload] of [
      ['text/plain', 'grant_type=password&username=a&password=b'],
      ['application/json', JSON.stringify({ grant_type: 'password' })],
      ['application/x-www-form-urlencoded', 'grant_type=password&username=ad%00a%40example.com&password=whatever1'],
    ] as const) {
      const res = await app.inject({ method: 'POST', url: '/user/oauth/token', payload, headers: { 'content-type': contentType, authorization: basic } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid_request', error_description: expect.any(String) });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers bad percent-encoding with 400 in the error shape, without echoing the URL', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/inventory/api/v1/brand/%E0%A4%A`);
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect(text).not.toMatch(/%E0|%A4/i);
  });

  it('answers unknown content types and bad JSON in the error shape without echoing', async () => {
    const xml = await app.inject({
      method: 'POST',
      url: '/inventory/api/v1/search/condition',
      payload: '<evil-marker/>',
      headers: { 'content-type': 'application/x-evil-marker' },
    });
    expectError(xml, 415, 'unsupported_media_type');
    expect(xml.body).not.toMatch(/evil-marker/);
    const json = await app.inject({
      method: 'POST',
      url: '/inventory/api/v1/search/condition',
      payload: '{"q": evil-marker',
      headers: { 'content-type': 'application/json' },
    });
    expectError(json, 400, 'invalid_json');
    expect(json.body).not.toMatch(/evil-marker/);
  });

  // API robustness report M6: JSON in UTF-8 only; forms only where a route needs them.
  it.each([
    ['/inventory/api/v1/search/condition', 'application/json; charset=utf-16', '{"q":"dress"}'],
    ['/inventory/api/v1/search/condition', 'application/json; charset="ISO-8859-1"', '{"q":"dress"}'],
    ['/inventory/api/v1/search/condition', 'application/json;;;=', '{"q":"dress"}'],
    ['/inventory/api/v1/search/condition', 'application/json; charset', '{"q":"dress"}'],
    ['/inventory/api/v1/search/condition', 'json', '{"q":"dress"}'],
    ['/order/api/v1/shoppingcart/express-buy', 'text/plain', '{"productId":1,"offerId":1}'],
    ['/inventory/api/v1/favorite/subscribe-discount', 'application/x-www-form-urlencoded', 'type=DISCOUNT&favoriteId=ALL&email=a%40example.com'],
    ['/user/api/v1/signup', 'application/x-www-form-urlencoded', 'email=a%40example.com&password=correct+horse+battery&firstName=A&lastName=B'],
    ['/user/api/v1/reset-password', 'application/x-www-form-urlencoded', 'token=0123456789ab&password=correct+horse+battery'],
  ])('answers POST %s with Content-Type "%s" 415 unsupported_media_type', async (url, contentType, payload) => {
    expectError(await app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } }), 415, 'unsupported_media_type');
  });

  it('still takes UTF-8 JSON with or without a charset, forms on the OAuth and one-click routes, and text/plain analytics beacons', async () => {
    for (const contentType of ['application/json', 'application/json; charset=utf-8', 'Application/JSON;Charset="UTF-8"', 'application/json;;'])
      expect(
        (await app.inject({ method: 'POST', url: '/inventory/api/v1/search/condition', payload: '{"q":"dress"}', headers: { 'content-type': contentType } }))
          .statusCode,
        contentType,
      ).toBe(200);
    const oneClick = (contentType: string, payload: string) =>
      app.inject({
        method: 'POST',
        url: '/inventory/api/v1/mail/one-click-unsubscribe?token=' + 'x'.repeat(40),
        payload,
        headers: { 'content-type': contentType },
      });
    expect((await oneClick('application/x-www-form-urlencoded', 'List-Unsubscribe=One-Click')).json().code).toBe('invalid_token');
    expect(
      (await oneClick('multipart/form-data; boundary=b', '--b\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b--\r\n')).json()
        .code,
    ).toBe('invalid_token');
    const token = await app.inject({
      method: 'POST',
      url: '/user/oauth/token',
      payload: 'grant_type=password&username=nobody%40example.com&password=whatever1',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', authorization: basic },
    });
    expect([token.statusCode, token.json().error]).toEqual([400, 'invalid_grant']);
    const utf16 = await app.inject({
      method: 'POST',
      url: '/user/oauth/token',
      payload: 'grant_type=password',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-16', authorization: basic },
    });
    expect([utf16.statusCode, utf16.json().error, utf16.headers['cache-control']]).toEqual([400, 'invalid_request', 'no-store']);
    const beacon = await app.inject({
      method: 'POST',
      url: '/analytics/api/v1/events',
      payload: '{}',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect([beacon.statusCode, beacon.json().code]).toEqual([400, 'validation_failed']);
  });

  it('answers a body over 1 MiB with 413 in the error shape', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/inventory/api/v1/search/condition',
      payload: JSON.stringify({ q: 'x'.repeat(1024 * 1024 + 10) }),
      headers: { 'content-type': 'application/json' },
    });
    expectError(res, 413, 'payload_too_large');
  });

  it('answers requests Node cannot parse, and oversized heads, in the error shape without echoing', async () => {
    const bad = await raw(port, 'GET /evil-marker HTTP/1.1\r\nHost: x\r\nBad Header With Spaces\r\n\r\n');
    expect(bad.text).toMatch(/^HTTP\/1\.1 400/);
    expect(bad.text).toContain('"code":"bad_request"');
    expect(bad.text).not.toMatch(/evil-marker/);
    const long = await raw(port, `GET /${'evil-marker'.repeat(2000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(long.text).toMatch(/^HTTP\/1\.1 431/);
    expect(long.text).not.toMatch(/evil-marker/);
  });

  it('answers an HTTP/1.1 request without a Host header, or with two, in the error shape (RFC 9112 §3.2)', async () => {
    for (const head of ['GET /health HTTP/1.1\r\n', 'GET /health HTTP/1.1\r\nHost: \r\n', 'GET /health HTTP/1.1\r\nHost: a\r\nHost: b\r\n']) {
      const { text } = await raw(port, `${head}\r\n`);
      const [status, body] = [text.split('\r\n')[0], text.split('\r\n\r\n')[1]];
      expect(status, head).toBe('HTTP/1.1 400 Bad Request');
      expect(text, head).toMatch(/\r\ncontent-type: application\/json/i);
      expect(JSON.parse(body!), head).toEqual({
        code: 'invalid_request',
        message: expect.stringMatching(/Host header/),
        details: [{ path: '/headers/host', message: expect.any(String) }],
      });
    }
    // HTTP/1.0 never required Host, and a request with one is served as before.
    expect((await raw(port, 'GET /health HTTP/1.0\r\n\r\n')).text).toMatch(/^HTTP\/1\.1 200/);
    expect((await raw(port, 'GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).text).toMatch(/^HTTP\/1\.1 200/);
  });

  it('cuts off a client that sends its headers too slowly (408), and one that trickles its body', async () => {
    const slowHead = await raw(port, 'GET /health HTTP/1.1\r\nHost: x\r\n', { endAfterMs: 10_000 });
    expect(slowHead.ms).toBeLessThan(5000);
    expect(slowHead.text).toMatch(/^HTTP\/1\.1 408/);
    const slowBody = await raw(
      port,
      'POST /inventory/api/v1/search/condition HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"q":',
      { endAfterMs: 10_000 },
    );
    expect(slowBody.ms).toBeLessThan(5000);
    expect(slowBody.text).toMatch(/^HTTP\/1\.1 408/);
  });
});
