import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Route } from './+types/nestor';
import { productHref } from '@b-deals/core';
import type { ConversationEvent, GiftChip, GiftContext, GiftPick } from '@b-deals/contracts';
import { ProductCard } from '../components/product-card';
import { track } from '../lib/analytics';
import { apiFrom } from '../lib/api.server';
import { pageMeta } from '../lib/meta';

/** sessionStorage key of the conversation (kept on reload, gone with the tab). */
export const CONVERSATION_KEY = 'bd_shopgeni';
/** The client gives up on a turn after this long (spec §7: the discover call has a timeout cancel). */
const TURN_TIMEOUT_MS = 20_000;
const MESSAGE_MAX = 300;

interface Message {
  role: 'shopper' | 'assistant';
  text: string;
  picks?: GiftPick[];
  chips?: GiftChip[];
  error?: boolean;
}
interface Saved {
  messages: Message[];
  context: GiftContext | null;
}

/**
 * /nestor, ShopGeni (Giftly), the gift assistant (spec §1, §2.1; issue 18): a conversation whose
 * replies stream from POST /nestor/api/v1/conversation (server-sent events, through the
 * storefront's proxy), with quick-reply chips, product cards (total price, merchant count, price
 * badge, B-LOVED heart), a one-line reason per pick, and "More like this" / "Cheaper" per card.
 * The conversation lives in sessionStorage. The page says which mode answers (loader: GET
 * /nestor/api/v1/status). Its script is this route's own chunk, so other pages do not load it.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const status = await apiFrom(context)
    .assistantStatus()
    .catch(() => null);
  return { mode: status?.mode ?? null, model: status?.model ?? null };
}

export const meta: Route.MetaFunction = () =>
  pageMeta(
    'ShopGeni gift finder',
    'Giftly by ShopGeni: describe who the gift is for, the occasion and your budget, and get deals from our catalogue within it.',
  );

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth'];

/** Reads server-sent events from a fetch body (WHATWG HTML §9.2: blocks split by a blank line). */
async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ConversationEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = block
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n');
      if (event && data) yield { event, data: JSON.parse(data) } as ConversationEvent;
    }
  }
}

function load(): Saved {
  try {
    const raw = sessionStorage.getItem(CONVERSATION_KEY);
    if (raw) return JSON.parse(raw) as Saved;
  } catch {
    /* storage blocked or corrupt: start afresh */
  }
  return { messages: [], context: null };
}

const FIRST_CHIPS: GiftChip[] = [
  { slot: 'recipient', label: 'For Mom', message: 'A gift for my mom' },
  { slot: 'recipient', label: 'For Dad', message: 'A gift for my dad' },
  { slot: 'occasion', label: 'Birthday', message: 'A birthday gift' },
  { slot: 'budget', label: 'Under $50', message: 'Under $50' },
  { slot: 'interests', label: 'Outdoors', message: 'For someone who likes hiking' },
];

export default function Nestor({ loaderData }: Route.ComponentProps) {
  const [saved, setSaved] = useState<Saved>({ messages: [], context: null });
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const [announce, setAnnounce] = useState('');
  const [mode, setMode] = useState(loaderData.mode);
  const listEnd = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);

  // sessionStorage exists only in the browser: the server renders an empty conversation, the client then restores it.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setSaved(load()), []);
  useEffect(() => {
    if (saved.messages.length) sessionStorage.setItem(CONVERSATION_KEY, JSON.stringify(saved));
    listEnd.current?.scrollIntoView?.({ block: 'end' });
  }, [saved]);

  async function send(message: string, context: GiftContext | null = saved.context) {
    const text = message.trim().slice(0, MESSAGE_MAX);
    if (!text || busy) return;
    setBusy(true);
    setDraft('');
    const base = [...saved.messages, { role: 'shopper' as const, text }];
    let reply: Message = { role: 'assistant', text: '' };
    let nextContext = context;
    setSaved({ messages: [...base, reply], context });
    const update = (m: Message) => {
      reply = m;
      setSaved({ messages: [...base, m], context: nextContext });
    };
    try {
      const res = await fetch('/nestor/api/v1/conversation', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
        body: JSON.stringify({ message: text, ...(context ? { context } : {}) }),
        signal: AbortSignal.timeout(TURN_TIMEOUT_MS),
      });
      if (!res.ok || !res.body) {
        const body = (await res.json().catch(() => null)) as { message?: string } | null;
        throw new Error(body?.message ?? 'ShopGeni could not answer. Please try again.');
      }
      for await (const e of readEvents(res.body)) {
        if (e.event === 'meta') setMode(e.data.mode);
        else if (e.event === 'delta') update({ ...reply, text: reply.text + e.data.text });
        else if (e.event === 'products') update({ ...reply, picks: e.data.items });
        else if (e.event === 'chips') update({ ...reply, chips: e.data.chips });
        else if (e.event === 'context') nextContext = e.data;
        else if (e.event === 'error') throw new Error(e.data.message);
      }
      update(reply);
      setAnnounce(`${reply.text}${reply.picks?.length ? ` ${reply.picks.length} products shown.` : ''}`);
    } catch (err) {
      const msg = err instanceof DOMException && err.name === 'TimeoutError' ? 'ShopGeni took too long to answer. Please try again.' : (err as Error).message;
      update({ role: 'assistant', text: msg, error: true });
      setAnnounce(msg);
    } finally {
      setBusy(false);
      input.current?.focus();
    }
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void send(draft);
  };
  const restart = () => {
    sessionStorage.removeItem(CONVERSATION_KEY);
    setSaved({ messages: [], context: null });
    setAnnounce('Conversation cleared.');
    input.current?.focus();
  };
  /** A card's own follow-up: the turn reads this pick as "the last answer". */
  const refine = (pick: GiftPick, index: number, kind: 'like' | 'cheaper') => {
    const ctx = saved.context ? { ...saved.context, lastPicks: [pick.product.id] } : null;
    void send(kind === 'like' ? `More like the ${ORDINALS[index] ?? 'first'} one` : `Cheaper than the ${ORDINALS[index] ?? 'first'} one`, ctx);
  };

  const last = saved.messages.at(-1);
  const chips = saved.messages.length === 0 ? FIRST_CHIPS : last?.role === 'assistant' && !busy ? (last.chips ?? []) : [];

  return (
    <div className="container-page py-6 sm:py-10">
      <div className="mx-auto max-w-5xl">
        <header className="flex flex-wrap items-end justify-between gap-2">
          <div>
            <h1 className="text-2xl font-bold sm:text-3xl">ShopGeni gift finder</h1>
            <p className="text-stone-700">
              Giftly: tell me who it's for, the occasion and your budget. Every pick is in stock and within budget, shipping included.
            </p>
          </div>
          <p className="rounded-full bg-stone-100 px-3 py-1 text-xs text-stone-700" data-testid="shopgeni-mode">
            {mode === 'llm'
              ? `Mode: language model${loaderData.model ? ` (${loaderData.model})` : ''}. Products and prices come from our catalogue only.`
              : mode === 'embedded'
                ? 'Mode: built-in (on-site language understanding, no hosted model)'
                : 'Mode: unknown (the assistant is not reachable right now)'}
          </p>
        </header>

        <div role="log" aria-label="Conversation with ShopGeni" className="mt-6 flex flex-col gap-4">
          {saved.messages.length === 0 ? (
            <p className="rounded-xl bg-accent-50 p-4 text-stone-800">
              Hi! I'm ShopGeni. Try “a gift for my dad who likes hiking, under $80” or pick a suggestion below.
            </p>
          ) : null}
          {saved.messages.map((m, i) =>
            m.role === 'shopper' ? (
              <div key={i} className="max-w-[85%] self-end rounded-2xl rounded-br-sm bg-accent-700 px-4 py-2 text-white">
                <span className="sr-only">You: </span>
                {m.text}
              </div>
            ) : (
              <div key={i} className="flex flex-col gap-3" data-testid="assistant-message">
                <p className={`max-w-[85%] rounded-2xl rounded-bl-sm px-4 py-2 ${m.error ? 'bg-rose-50 text-rose-800' : 'bg-stone-100 text-stone-900'}`}>
                  <span className="sr-only">ShopGeni: </span>
                  {m.text || (busy && i === saved.messages.length - 1 ? '…' : '')}
                </p>
                {m.picks?.length ? <h2 className="sr-only">Gift ideas</h2> : null}
                {m.picks?.length ? (
                  <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-3" aria-label="Gift ideas">
                    {m.picks.map((p, k) => (
                      <li key={p.product.id} className="flex flex-col gap-2" data-testid="gift-pick" data-price={p.product.priceTag}>
                        <div
                          onClickCapture={(e) =>
                            (e.target as HTMLElement).closest('a') && track('link_gift', { link_url: productHref(p.product.slug, p.product.id) })
                          }
                        >
                          <ProductCard product={p.product} />
                        </div>
                        <p className="text-xs text-stone-700" data-testid="gift-why">
                          <span className="font-semibold">Why this: </span>
                          {p.why}
                        </p>
                        <div className="flex flex-wrap gap-2">
                          <button
                            type="button"
                            disabled={busy}
                            onClick={() => refine(p, k, 'like')}
                            className="rounded-full border border-stone-300 px-3 py-1 text-xs font-medium text-stone-800 hover:border-accent-600 disabled:opacity-50"
                          >
                            More like this<span className="sr-only">: {p.product.name}</span>
                          </button>
                          <button
                            type="button"
                            disabled={busy}
                            onClick={() => refine(p, k, 'cheaper')}
                            className="rounded-full border border-stone-300 px-3 py-1 text-xs font-medium text-stone-800 hover:border-accent-600 disabled:opacity-50"
                          >
                            Cheaper<span className="sr-only"> than {p.product.name}</span>
                          </button>
                        </div>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            ),
          )}
        </div>

        <div aria-live="polite" className="sr-only" data-testid="shopgeni-live">
          {announce}
        </div>

        {chips.length ? (
          <ul className="mt-4 flex flex-wrap gap-2" aria-label="Quick replies">
            {chips.map((c) => (
              <li key={c.label}>
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => void send(c.message)}
                  className="rounded-full border border-accent-600 bg-white px-3 py-1.5 text-sm font-medium text-accent-800 hover:bg-accent-50 disabled:opacity-50"
                >
                  {c.label}
                </button>
              </li>
            ))}
          </ul>
        ) : null}

        <form onSubmit={onSubmit} className="mt-4 flex gap-2 border-t border-stone-200 bg-white py-3">
          <label htmlFor="shopgeni-input" className="sr-only">
            Describe the gift you are looking for
          </label>
          <input
            id="shopgeni-input"
            ref={input}
            value={draft}
            maxLength={MESSAGE_MAX}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="A gift for my dad who likes hiking, under $80"
            autoComplete="off"
            className="min-w-0 flex-1 rounded-xl border border-stone-300 px-3 py-2 text-base focus:border-accent-600"
          />
          <button
            type="submit"
            disabled={busy || !draft.trim()}
            className="rounded-xl bg-accent-700 px-4 py-2 font-semibold text-white hover:bg-accent-800 disabled:opacity-50"
          >
            {busy ? 'Thinking…' : 'Send'}
          </button>
        </form>
        <div ref={listEnd} />
        {saved.messages.length ? (
          <button type="button" onClick={restart} className="mt-1 text-sm text-stone-600 underline hover:text-stone-900">
            Start over
          </button>
        ) : null}
      </div>
    </div>
  );
}
