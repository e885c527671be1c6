/**
 * The discount e-mail's three steps on the storefront (issue 14; spec §3 Favourite DISCOUNT/ALL,
 * §7 `subscribe-discount`, `unsubscribe-discount`): what each form action answers, from the API's
 * outcome `{status, ok, body}` (body `{status, message}` or `{code, message, details}`). Pure.
 *
 * Subscribing never says whether the address was known: every accepted answer reads the same
 * "Check your inbox" (a signed-in shopper's own address, which the API confirms at once, reads
 * "You are subscribed").
 */

/** The discount e-mail's API paths (spec §7). */
export const SUBSCRIBE_PATH = '/inventory/api/v1/favorite/subscribe-discount';
export const UNSUBSCRIBE_PATH = '/inventory/api/v1/favorite/unsubscribe-discount';

/** An API answer as the form actions see it. */
export interface Outcome {
  status: number;
  ok: boolean;
  body: unknown;
}

/** The answer of the subscribe form: the message to read out, or the problem. */
export type SubscribeResult = { ok: true; status: 'pending' | 'confirmed'; message: string } | { ok: false; error: string };

/** What subscribing answers (pending: the confirmation mail; confirmed: a signed-in shopper's own address). */
export const SUBSCRIBE_MESSAGES = {
  pending: 'Check your inbox to confirm your subscription: we sent you a link. We send nothing else before you confirm.',
  confirmed: 'You are subscribed to the weekly B-Deals discount e-mail.',
} as const;

const TRY_AGAIN = 'That did not work just now. Try again in a moment.';

const apiMessage = (body: unknown): string | null => {
  const m = (body as { message?: unknown } | null)?.message;
  return typeof m === 'string' && m ? m.slice(0, 300) : null;
};
const apiCode = (body: unknown): string | null => {
  const c = (body as { code?: unknown } | null)?.code;
  return typeof c === 'string' ? c : null;
};

/**
 * The subscribe form's answer for the API's outcome of `POST …/favorite/subscribe-discount`:
 * 2xx → pending or confirmed (our fixed words, never the address's state); 400 → "Enter a valid
 * e-mail address."; 429 → the API's "slow down" message; anything else → try again.
 */
export function subscribeResult(outcome: Outcome): SubscribeResult {
  if (outcome.ok) {
    const status = (outcome.body as { status?: unknown } | null)?.status === 'confirmed' ? 'confirmed' : 'pending';
    return { ok: true, status, message: SUBSCRIBE_MESSAGES[status] };
  }
  if (outcome.status === 400) return { ok: false, error: 'Enter a valid e-mail address.' };
  if (outcome.status === 429) return { ok: false, error: apiMessage(outcome.body) ?? 'Too many tries from here: wait a minute, then try again.' };
  return { ok: false, error: TRY_AGAIN };
}

/**
 * The answer of the confirm and unsubscribe buttons: done (with what was unsubscribed; `already`
 * when the API says the link had confirmed its address before), or the problem.
 */
export type TokenResult = { ok: true; kind: string | null; already: boolean } | { ok: false; error: string; broken: boolean };

/** A link whose token is missing, used or expired. */
export const BROKEN_LINK = 'This link is not valid any more: it may have been used already, or it expired.';

/**
 * The answer of `POST …/subscribe-discount/confirm` or `DELETE …/unsubscribe-discount` for the
 * page: 2xx → done (`kind` of the unsubscribed mail when the API names it: 'discount' or
 * 'price_alert'; `already` for status `already_confirmed`, the same confirmation link again); 400 (`invalid_token` or a malformed token) → the broken-link text; 429 → the
 * API's message; anything else → try again (the button stays).
 */
export function tokenResult(outcome: Outcome): TokenResult {
  if (outcome.ok) {
    const body = outcome.body as { kind?: unknown; status?: unknown } | null;
    return { ok: true, kind: typeof body?.kind === 'string' ? body.kind : null, already: body?.status === 'already_confirmed' };
  }
  if (outcome.status === 400 || apiCode(outcome.body) === 'invalid_token') return { ok: false, error: BROKEN_LINK, broken: true };
  if (outcome.status === 429) return { ok: false, error: apiMessage(outcome.body) ?? TRY_AGAIN, broken: false };
  return { ok: false, error: TRY_AGAIN, broken: false };
}

/** Tokens the API accepts are 20–200 characters (contracts ConfirmDiscountBody, UnsubscribeDiscountBody). */
export const plausibleToken = (token: string): boolean => token.length >= 20 && token.length <= 200;
