/**
 * Server-side account calls for the form actions of /login/… (progressive enhancement: the
 * register, reset and new-password forms work without JavaScript). Sends JSON to the API named
 * in the load context with the web client's identification headers (spec §7) and the shopper's
 * address (`X-Forwarded-For`, so rate limits are per shopper). Resolves to the
 * status and parsed body (null when empty or not JSON); rejects only when the API cannot be
 * reached or does not answer within 10 s.
 */
import type { AppLoadContext } from 'react-router';
import { CLIENT_HEADERS } from './session';
import { forwardingHeaders } from './api.server';

export async function accountCall(
  context: AppLoadContext,
  method: 'POST' | 'PUT',
  path: string,
  body: unknown,
): Promise<{ status: number; ok: boolean; body: unknown }> {
  const res = await fetch(new URL(path, context.apiUrl), {
    method,
    headers: {
      ...CLIENT_HEADERS,
      ...forwardingHeaders(context.forwardedFor, context.requestId),
      accept: 'application/json',
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const parsed: unknown = await res.json().catch(() => null);
  return { status: res.status, ok: res.ok, body: parsed };
}
