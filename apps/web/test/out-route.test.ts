import { describe, expect, it } from 'vitest';
import { loader } from '../app/routes/out.tsx';

/** The outbound redirect counts navigations only (issue 3; a hidden image of another site had inflated Top Selling). */
describe('/out/{offerId}', () => {
  /** Runs the loader against an API that answers the click with a merchant link, recording the calls. */
  async function out(headers: Record<string, string>) {
    const calls: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: string | URL | Request) => {
      calls.push(String(input instanceof Request ? input.url : input));
      return new Response(JSON.stringify({ link: 'https://shop.example/p/1' }), { status: 200, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    try {
      const request = new Request('http://localhost/out/7/', { headers });
      const args = { params: { offerId: '7' }, request, context: { apiUrl: 'http://api.test', forwardedFor: '', requestId: '' } };
      const result: unknown = await (loader as (a: unknown) => Promise<unknown>)(args).catch((e: unknown) => e);
      return { calls, status: (result as { status?: number; init?: { status?: number } }).status ?? (result as { init?: { status?: number } }).init?.status };
    } finally {
      globalThis.fetch = realFetch;
    }
  }

  it('records the click and redirects a navigation', async () => {
    for (const headers of [{ 'sec-fetch-dest': 'document' }, {}] as Array<Record<string, string>>) {
      const r = await out(headers);
      expect(r.status).toBe(302);
      expect(r.calls).toEqual(['http://api.test/inventory/api/v1/offers/7/click']);
    }
  });

  it('answers 403 to an image, script or fetch request, without recording a click', async () => {
    for (const dest of ['image', 'script', 'empty', 'iframe']) {
      const r = await out({ 'sec-fetch-dest': dest });
      expect(r.status).toBe(403);
      expect(r.calls).toEqual([]);
    }
  });
});
