/**
 * ShopGeni routes (issue 18 §5; spec §7):
 * - `POST /inventory/api/v3/discover` `{q}`: one natural-language gift request answered with the
 *   slots understood and the picks (JSON). The storefront cancels it after a timeout.
 * - `GET /nestor/api/v1/status`: which mode answers.
 * - `POST /nestor/api/v1/conversation` `{message, context?}`: one turn of a conversation, streamed
 *   as server-sent events (`text/event-stream`, WHATWG HTML §9.2): `meta`, `slots`, `delta`…,
 *   `products`, `chips`, `context`, `done` (or `error`). The `context` event is what the browser
 *   sends back with its next message.
 * Both are rate-limited per shopper address (`rateLimits`), take at most 300 characters, and
 * answer 400 `{code, message, details}` for a bad body (zod schemas of @b-deals/contracts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AssistantStatusSchema,
  ConversationRequestSchema,
  DiscoverRequestSchema,
  DiscoverResponseSchema,
  ErrorBodySchema,
  type ConversationEvent,
} from '@b-deals/contracts';
import type { Database } from '@b-deals/db';
import type { SearchDeps } from '../search/index.ts';
import { takeTurn, type AssistantDeps } from './assistant.ts';
import { understandingEngine } from './understand.ts';
import { WordVectors } from './word-vectors.ts';
import type { GiftModel } from './llm.ts';

/** Requests per shopper address and minute, per route. */
export const ASSISTANT_RATE_LIMIT = { max: 30, windowMs: 60_000 };

export interface AssistantRouteOptions {
  db: Database;
  search: SearchDeps;
  /** An OpenAI-compatible model that phrases replies (null: the embedded mode). */
  model?: GiftModel | null;
  rateLimit?: { max: number; windowMs: number };
}

let vectors: Promise<WordVectors | null> | null = null;

/** The word vectors, loaded once per process; null (keyword mapping only) when they cannot be read. */
export function sharedVectors(onError?: (err: unknown) => void): Promise<WordVectors | null> {
  vectors ??= WordVectors.load().catch((err) => {
    onError?.(err);
    return null;
  });
  return vectors;
}

const errors = { 400: ErrorBodySchema, 429: ErrorBodySchema };

/** Discover route, registered under `/inventory/api/v3`. */
export const discoverRoutes: FastifyPluginAsyncZod<AssistantRouteOptions> = async (r, opts) => {
  const limit = opts.rateLimit ?? ASSISTANT_RATE_LIMIT;
  const warm = Promise.all([understandingEngine(), sharedVectors((err) => r.log.warn({ err }, 'word vectors unavailable: interests map by keywords only'))]);
  r.post(
    '/discover',
    {
      schema: {
        description: 'ShopGeni: one natural-language gift request ("a gift for my dad who likes hiking, under $80") → slots and picks within the budget.',
        body: DiscoverRequestSchema,
        response: { 200: DiscoverResponseSchema, ...errors },
      },
      config: { rateLimit: { max: limit.max, timeWindow: limit.windowMs } },
    },
    async (req) => {
      const [, v] = await warm;
      const deps: AssistantDeps = { db: opts.db, search: opts.search, vectors: v };
      if (opts.model) {
        const { result } = await opts.model.turn(deps, req.body.q).then((t) => ({ result: { ...t.result, reply: t.reply } }));
        const { context: _context, ...rest } = result;
        return { ...rest, mode: 'llm' as const };
      }
      const { context: _context, ...result } = await takeTurn(deps, req.body.q);
      return { ...result, mode: 'embedded' as const };
    },
  );
};

/** Conversation route, registered under `/nestor/api/v1`. */
export const conversationRoutes: FastifyPluginAsyncZod<AssistantRouteOptions> = async (r, opts) => {
  const limit = opts.rateLimit ?? ASSISTANT_RATE_LIMIT;
  const warm = Promise.all([understandingEngine(), sharedVectors()]);
  r.get(
    '/status',
    {
      schema: {
        description: 'Which ShopGeni mode answers: the embedded NLP or an OpenAI-compatible model (its name).',
        response: { 200: AssistantStatusSchema },
      },
    },
    async () => ({
      mode: opts.model ? ('llm' as const) : ('embedded' as const),
      model: opts.model?.name ?? null,
    }),
  );
  r.post(
    '/conversation',
    {
      schema: {
        description:
          'ShopGeni conversation turn, answered as server-sent events (text/event-stream): meta {mode}, slots {intent, slots, missing}, delta {text} (repeated), products {items}, chips {chips}, context (send it back with the next message), done; or error {code, message}.',
        body: ConversationRequestSchema,
        response: { 200: z.string().describe('text/event-stream'), ...errors },
      },
      config: { rateLimit: { max: limit.max, timeWindow: limit.windowMs } },
    },
    async (req, reply) => {
      const [, v] = await warm;
      const deps: AssistantDeps = { db: opts.db, search: opts.search, vectors: v };
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        'x-request-id': req.id,
        connection: 'keep-alive',
      });
      const send = (e: ConversationEvent) => raw.write(`event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`);
      try {
        send({ event: 'meta', data: { mode: opts.model ? 'llm' : 'embedded' } });
        let result;
        let replyText: string;
        if (opts.model) {
          const turn = await opts.model.turn(deps, req.body.message, req.body.context);
          result = turn.result;
          replyText = turn.reply;
        } else {
          result = await takeTurn(deps, req.body.message, req.body.context);
          replyText = result.reply;
        }
        send({ event: 'slots', data: { intent: result.intent, slots: result.slots, missing: result.missing } });
        // The reply in word-sized pieces, so the page can show it as it arrives.
        for (const piece of replyText.match(/\S+\s*/g) ?? []) send({ event: 'delta', data: { text: piece } });
        send({ event: 'products', data: { items: result.items } });
        send({ event: 'chips', data: { chips: result.chips } });
        send({ event: 'context', data: result.context });
        send({ event: 'done', data: {} });
      } catch (err) {
        req.log.error({ err }, 'conversation turn failed');
        send({ event: 'error', data: { code: 'assistant_failed', message: 'ShopGeni could not answer. Please try again.' } });
      }
      raw.end();
    },
  );
};
