/**
 * ShopGeni's optional language model (issue 18 §4): any OpenAI-compatible chat-completions
 * endpoint (`LLM_BASE_URL`, `LLM_API_KEY`, `LLM_MODEL`), called with plain `fetch`
 * (`POST {base}/chat/completions`). The model reads the shopper's message and calls the tool
 * `find_gifts` with the slots it understood; the tool runs ShopGeni's own retrieval
 * (`takeTurn`, the same search and guarantees as the embedded mode) and its result goes back to
 * the model, whose answer phrases the reply.
 *
 * Whatever the model says, the products and prices shown are the tool's picks from our
 * catalogue. Its text is shown only when every dollar amount in it is a price of a pick or the
 * budget, and every product it names in quotes or bold is one of the picks; otherwise (and when
 * the model fails, times out or skips the tool) the embedded reply is shown instead.
 */
import { formatPrice } from '@b-deals/core';
import { AGE_GROUPS, GENDERS, type GiftContext, type GiftSlots } from '@b-deals/contracts';
import { z } from 'zod';
import { takeTurn, type AssistantDeps, type TurnResult } from './assistant.ts';
import { ageGroupOf, emptySlots, understand, type GiftIntent, type Understood } from './understand.ts';

/** A model that phrases ShopGeni's replies. */
export interface GiftModel {
  /** The model's name, shown on the page. */
  name: string;
  turn(deps: AssistantDeps, message: string, context?: GiftContext): Promise<{ result: TurnResult; reply: string; usedModelText: boolean }>;
}

/** Time one chat-completions call may take, ms. */
const CALL_TIMEOUT_MS = 15_000;

const REFINES = ['new', 'cheaper', 'something_else', 'more_like', 'other_recipient', 'attribute'] as const;
const INTENT_OF: Record<(typeof REFINES)[number], GiftIntent> = {
  new: 'gift.find',
  cheaper: 'refine.cheaper',
  something_else: 'refine.other',
  more_like: 'refine.more_like',
  other_recipient: 'refine.recipient',
  attribute: 'refine.attribute',
};

/** The tool's arguments as the model must send them (validated; anything else is ignored). */
const FindGiftsArgsSchema = z.object({
  refine: z.enum(REFINES).default('new'),
  recipient: z.string().max(40).nullish(),
  relation: z.string().max(40).nullish(),
  age: z.number().int().min(0).max(120).nullish(),
  age_group: z.enum(AGE_GROUPS).nullish(),
  gender: z.enum(GENDERS).nullish(),
  occasion: z.string().max(40).nullish(),
  budget_max_usd: z.number().positive().max(1_000_000).nullish(),
  budget_min_usd: z.number().min(0).max(1_000_000).nullish(),
  interests: z.array(z.string().max(40)).max(8).default([]),
  colours: z.array(z.string().max(40)).max(8).default([]),
  style: z.array(z.string().max(40)).max(8).default([]),
  avoid: z.array(z.string().max(40)).max(8).default([]),
  position: z.number().int().min(1).max(6).nullish(),
});

const TOOL = {
  type: 'function',
  function: {
    name: 'find_gifts',
    description:
      'Search the B-Deals catalogue for gifts. Returns in-stock products whose total price (item plus stated US shipping) is within the budget. Never mention a product or a price that this tool did not return.',
    parameters: {
      type: 'object',
      properties: {
        refine: { type: 'string', enum: REFINES, description: 'new request, or how to change the last answer' },
        recipient: { type: 'string', description: 'who the gift is for, e.g. dad, girlfriend, teenager' },
        relation: { type: 'string', description: 'parent, partner, sibling, child, grandparent, friend, colleague, relative, self' },
        age: { type: 'integer' },
        age_group: { type: 'string', enum: AGE_GROUPS },
        gender: { type: 'string', enum: GENDERS },
        occasion: { type: 'string' },
        budget_max_usd: { type: 'number', description: 'the most the shopper will pay, US dollars; omit when not stated (never guess)' },
        budget_min_usd: { type: 'number' },
        interests: { type: 'array', items: { type: 'string' } },
        colours: { type: 'array', items: { type: 'string' } },
        style: { type: 'array', items: { type: 'string' } },
        avoid: { type: 'array', items: { type: 'string' } },
        position: { type: 'integer', description: 'for more_like: 1-based position of the product in the last answer' },
      },
      required: ['refine'],
    },
  },
} as const;

const SYSTEM = [
  'You are ShopGeni, the gift assistant of B-Deals, a US price-comparison store.',
  'For every gift request or change to one, call find_gifts with what the shopper said. Do not guess a budget.',
  'Then answer in one or two short sentences. Mention products only by the names the tool returned, and prices only as the tool returned them.',
].join(' ');

interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | null;
  tool_calls?: Array<{ id: string; type: 'function'; function: { name: string; arguments: string } }>;
  tool_call_id?: string;
}

const CompletionSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.string().nullish(),
          tool_calls: z
            .array(z.object({ id: z.string(), type: z.string().optional(), function: z.object({ name: z.string(), arguments: z.string() }) }))
            .nullish(),
        }),
      }),
    )
    .min(1),
});

/** Whether a model's text keeps to the picks: its dollar amounts and the product names it quotes or bolds. */
export function keepsToCatalogue(text: string, result: Pick<TurnResult, 'items' | 'slots'>): boolean {
  const allowed = new Set<string>(result.items.map((p) => formatPrice(p.product.priceTag)));
  if (result.slots.budget) {
    allowed.add(formatPrice(result.slots.budget.max));
    if (result.slots.budget.min !== null) allowed.add(formatPrice(result.slots.budget.min));
  }
  for (const m of text.matchAll(/\$\s?\d[\d,]*(?:\.\d{1,2})?/g)) {
    const cents = Math.round(Number(m[0].replace(/[$,\s]/g, '')) * 100);
    if (!allowed.has(formatPrice(cents))) return false;
  }
  const names = result.items.map((p) => p.product.name.toLowerCase());
  for (const m of text.matchAll(/\*\*([^*]{3,200})\*\*|"([^"]{3,200})"|“([^”]{3,200})”/g)) {
    const quoted = (m[1] ?? m[2] ?? m[3]!).toLowerCase().trim();
    if (!names.some((n) => n === quoted || n.includes(quoted))) return false;
  }
  return true;
}

/** Tool arguments → what ShopGeni understood (cents, our slot names). */
function understoodFrom(args: z.infer<typeof FindGiftsArgsSchema>): Understood {
  const slots: GiftSlots = emptySlots();
  slots.recipient = args.recipient?.toLowerCase() ?? null;
  slots.relation = args.relation?.toLowerCase() ?? null;
  slots.age = args.age ?? null;
  slots.ageGroup = args.age_group ?? (args.age != null ? ageGroupOf(args.age) : null);
  slots.gender = args.gender ?? null;
  slots.occasion = args.occasion?.toLowerCase() ?? null;
  if (args.budget_max_usd != null) {
    const min = args.budget_min_usd != null ? Math.round(args.budget_min_usd * 100) : null;
    slots.budget = { kind: min !== null ? 'range' : 'max', min, max: Math.round(args.budget_max_usd * 100) };
  }
  slots.interests = args.interests.map((s) => s.toLowerCase());
  slots.colours = args.colours.map((s) => s.toLowerCase());
  slots.style = args.style.map((s) => s.toLowerCase());
  slots.avoid = args.avoid.map((s) => s.toLowerCase());
  return { intent: INTENT_OF[args.refine], slots, position: args.position ?? null };
}

/** An OpenAI-compatible chat-completions model (rules in the module comment). */
export class OpenAiCompatibleModel implements GiftModel {
  readonly name: string;
  constructor(private readonly opts: { baseUrl: string; apiKey: string | null; model: string; onError?: (err: unknown) => void }) {
    this.name = opts.model;
  }

  private async complete(messages: ChatMessage[], withTools: boolean): Promise<z.infer<typeof CompletionSchema>['choices'][number]['message']> {
    const res = await fetch(`${this.opts.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.opts.apiKey ? { authorization: `Bearer ${this.opts.apiKey}` } : {}) },
      body: JSON.stringify({ model: this.opts.model, messages, ...(withTools ? { tools: [TOOL], tool_choice: 'auto' } : {}), temperature: 0.2 }),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`chat completions answered ${res.status}`);
    return CompletionSchema.parse(await res.json()).choices[0]!.message;
  }

  async turn(deps: AssistantDeps, message: string, context?: GiftContext): Promise<{ result: TurnResult; reply: string; usedModelText: boolean }> {
    const messages: ChatMessage[] = [
      { role: 'system', content: SYSTEM },
      ...(context ? [{ role: 'system' as const, content: `What the shopper said so far, as slots: ${JSON.stringify(context.slots)}` }] : []),
      { role: 'user', content: message },
    ];
    try {
      const first = await this.complete(messages, true);
      const call = first.tool_calls?.find((c) => c.function.name === 'find_gifts');
      if (!call) {
        // No tool call: our own understanding and retrieval; the model's words only if they keep to the picks.
        const result = await takeTurn(deps, message, context);
        const text = first.content?.trim();
        const ok = !!text && keepsToCatalogue(text, result);
        return { result, reply: ok ? text : result.reply, usedModelText: ok };
      }
      const parsed = FindGiftsArgsSchema.safeParse(JSON.parse(call.function.arguments));
      const understood = parsed.success ? understoodFrom(parsed.data) : await understand(message);
      const result = await takeTurn(deps, message, context, understood);
      const toolAnswer = {
        reply: result.reply,
        missing: result.missing,
        products: result.items.map((p, i) => ({ position: i + 1, name: p.product.name, price: formatPrice(p.product.priceTag), why: p.why })),
      };
      const second = await this.complete(
        [
          ...messages,
          { role: 'assistant', content: first.content ?? null, tool_calls: [{ id: call.id, type: 'function', function: call.function }] },
          { role: 'tool', tool_call_id: call.id, content: JSON.stringify(toolAnswer) },
        ],
        false,
      );
      const text = second.content?.trim();
      const ok = !!text && keepsToCatalogue(text, result);
      return { result, reply: ok ? text : result.reply, usedModelText: ok };
    } catch (err) {
      this.opts.onError?.(err);
      const result = await takeTurn(deps, message, context);
      return { result, reply: result.reply, usedModelText: false };
    }
  }
}
