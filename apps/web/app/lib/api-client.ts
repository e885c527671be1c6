/**
 * The browser's API client, following the general rules of spec §7 (and the 401 row of §8):
 * - every request carries `Authorization: Bearer {access_token}` from the stored session unless
 *   the caller already set an Authorization header, plus the web client's identification headers
 *   (`x-client-name: b-deals-web`, `x-client-version: 1.0.0`);
 * - a 2xx response resolves to its body data (parsed JSON; `undefined` for an empty body);
 * - a 401 to a request that carried the stored token: the session is refreshed once (spec §4,
 *   see session.ts) and the request retried with the new token; if the refresh fails, it is
 *   retried once without a token (and a 401 to that retry goes to /login as below);
 * - a 401 when no token is stored: `onSignInNeeded()` is called (the browser goes to /login)
 *   and the call rejects with {@link ApiRequestError};
 * - any other non-2xx status rejects with {@link ApiRequestError}, which carries the status and
 *   the body's fields (`code`, `message`, `details` of the API; `error`, `error_description`
 *   of the token endpoint).
 * Paths are same-origin (`/user/…`, `/inventory/…`): the web server proxies them to the API.
 */
import { CLIENT_HEADERS, type Session } from './session';

/** One field problem from the API's 400 answers: `path` is a JSON pointer such as `/email`. */
export interface FieldProblem {
  path: string;
  message: string;
}

/** A non-2xx answer. `body` is the parsed JSON body (null when none); its fields are copied on. */
export class ApiRequestError extends Error {
  readonly code?: string;
  readonly details?: FieldProblem[];
  readonly error?: string;
  readonly error_description?: string;

  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    const b = (body ?? {}) as Record<string, unknown>;
    const text = (k: string) => (typeof b[k] === 'string' ? (b[k] as string) : undefined);
    super(text('message') ?? text('error_description') ?? `The request failed with status ${status}.`);
    this.name = 'ApiRequestError';
    this.code = text('code');
    this.error = text('error');
    this.error_description = text('error_description');
    if (Array.isArray(b.details)) {
      this.details = b.details.filter((d): d is FieldProblem => typeof d?.path === 'string' && typeof d?.message === 'string');
    }
  }
}

export interface ApiClientDeps {
  session: Pick<Session, 'secret' | 'refresh'>;
  fetch: typeof fetch;
  /** Called on a 401 when no token is stored (spec §7: go to /login). */
  onSignInNeeded: () => void;
  /** API origin; '' (default) for the page's own origin. */
  baseUrl?: string;
}

export interface RequestOptions {
  method?: string;
  /** Sent as JSON. */
  json?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

async function bodyOf(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Creates the client; `request<T>(path, options)` resolves to the body data typed as `T` (unchecked). */
export function createBrowserApiClient(deps: ApiClientDeps) {
  const base = deps.baseUrl ?? '';

  function send(path: string, opts: RequestOptions, token: string | undefined): Promise<Response> {
    const headers: Record<string, string> = { ...CLIENT_HEADERS, accept: 'application/json', ...opts.headers };
    if (token) headers.authorization = `Bearer ${token}`;
    if (opts.json !== undefined) headers['content-type'] = 'application/json';
    return deps.fetch(`${base}${path}`, {
      method: opts.method ?? (opts.json === undefined ? 'GET' : 'POST'),
      headers,
      body: opts.json === undefined ? undefined : JSON.stringify(opts.json),
      signal: opts.signal,
    });
  }

  async function settle<T>(res: Response): Promise<T> {
    const body = await bodyOf(res);
    if (!res.ok) throw new ApiRequestError(res.status, body);
    return body as T;
  }

  async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
    const callerAuth = Object.keys(opts.headers ?? {}).some((h) => h.toLowerCase() === 'authorization');
    const stored = callerAuth ? undefined : deps.session.secret()?.access_token;
    const res = await send(path, opts, stored);
    if (res.status !== 401 || callerAuth) return settle<T>(res);
    if (!stored) {
      deps.onSignInNeeded();
      return settle<T>(res);
    }
    const refreshed = await deps.session.refresh(stored).then(
      (s) => s.access_token,
      () => undefined,
    );
    const retry = await send(path, opts, refreshed);
    if (retry.status === 401 && !refreshed) deps.onSignInNeeded();
    return settle<T>(retry);
  }

  return { request };
}

export type BrowserApiClient = ReturnType<typeof createBrowserApiClient>;
