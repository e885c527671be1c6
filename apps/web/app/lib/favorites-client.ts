/**
 * B-LOVED in the browser (issue 14): which products the signed-in shopper saved, for the hearts
 * on cards and product pages and the count in the header and the profile panel.
 *
 * - Pages are rendered for everyone alike (anonymous pages come from the shared HTML cache,
 *   decision 0014), so hearts render unpressed on the server and during hydration; afterwards
 *   they read this store, filled by one `GET /inventory/api/v1/favorite/ids` per signed-in
 *   account and page load, asked for by the first heart or the header's count to subscribe.
 * - A tap flips the heart at once (`POST /inventory/api/v1/favorite` or `DELETE …/favorite/{id}`
 *   through the spec §7 client, which refreshes an expired token); a failed call puts it back and
 *   says so in a toast. Taps on one product are sent one after another, in order.
 * - A visitor's tap goes to `/login?redirectTo={this page with ?love={id}}`; back on the page
 *   signed in, {@link completeLoveIntent} takes the parameter out of the address and saves the
 *   product once (the save is idempotent, and the parameter is gone before the call).
 * The background load uses a client that never sends the shopper to /login: a stale session
 * leaves the hearts empty instead of leaving the page.
 */
import type { FavoriteIds } from '@b-deals/contracts';
import { createBrowserApiClient, type ApiRequestError, type BrowserApiClient } from './api-client';
import { browserApi, browserSession, currentPath, loginHref } from './auth-client';
import { FAVORITE_API, loveIntent, withLoveIntent, withoutLoveIntent } from './love-intent';
import { useExternalValue } from './hooks';
import { showToast } from './toast';

/** Account whose ids are loaded or loading; undefined before the first load and after a failed one. */
let owner: number | null | undefined;
let ids: ReadonlySet<number> | null = null;
const listeners = new Set<() => void>();
/** The state each product's queued calls will leave it in (kept over a list that arrives meanwhile). */
const wanted = new Map<number, boolean>();
const queues = new Map<number, Promise<void>>();
let quiet: BrowserApiClient | null = null;

function publish(next: ReadonlySet<number> | null): void {
  ids = next;
  for (const l of listeners) l();
}

const signedInAccount = (): number | null => (browserSession().secret() ? (browserSession().account()?.id ?? null) : null);

/**
 * Loads the saved ids for `account` (a profile id; null when signed out) unless they are loaded
 * or loading for it already; signing out empties the store. Browser only.
 */
export function syncLoved(account: number | null = signedInAccount()): void {
  if (account === owner) return;
  owner = account;
  publish(null);
  if (account === null) return;
  quiet ??= createBrowserApiClient({ session: browserSession(), fetch: window.fetch.bind(window), onSignInNeeded: () => {} });
  quiet.request<FavoriteIds>(`${FAVORITE_API}/ids`).then(
    (r) => {
      if (owner !== account || !Array.isArray(r?.ids)) return;
      const next = new Set(r.ids);
      for (const [id, want] of wanted) {
        if (want) next.add(id);
        else next.delete(id);
      }
      publish(next);
    },
    () => {
      // Unknown for now: the next heart or page asks again.
      if (owner === account) owner = undefined;
    },
  );
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  syncLoved();
  return () => {
    listeners.delete(listener);
  };
}

function mark(id: number, saved: boolean): void {
  const next = new Set(ids ?? []);
  if (saved) next.add(id);
  else next.delete(id);
  publish(next);
}

/** Whether product `id` is in the shopper's B-LOVED: false on the server, while hydrating and until the ids arrive. */
export function useLoved(id: number): boolean {
  return useExternalValue(subscribe, () => ids?.has(id) ?? false, false);
}

/** How many products the shopper keeps in B-LOVED; null on the server, while hydrating, when signed out or not known yet. */
export function useLovedCount(): number | null {
  return useExternalValue(subscribe, () => ids?.size ?? null, null);
}

/**
 * Saves (`saved` true) or removes product `id` for the signed-in shopper: the store changes at
 * once, the call follows the product's earlier ones, and a failure restores the previous state
 * (unless a later tap changed it again) and shows a toast naming `name`. Resolves to whether the
 * call succeeded; never rejects. `onSaved` runs after a successful save (analytics).
 */
export function setLoved(id: number, saved: boolean, name: string, onSaved?: () => void): Promise<boolean> {
  const before = ids?.has(id) ?? false;
  wanted.set(id, saved);
  mark(id, saved);
  const call = () =>
    saved
      ? browserApi().request(FAVORITE_API, { json: { type: 'PRODUCT', favoriteId: id } })
      : browserApi().request(`${FAVORITE_API}/${id}`, { method: 'DELETE' });
  const run = (queues.get(id) ?? Promise.resolve()).then(call).then(
    () => {
      if (saved) onSaved?.();
      return true;
    },
    (err: ApiRequestError) => {
      if (wanted.get(id) === saved) {
        wanted.set(id, before);
        mark(id, before);
      }
      const known = err?.status === 400 && err.code === 'favorite_limit_reached' ? err.message : null;
      void showToast(known ?? (saved ? `We could not save ${name} to B-LOVED. Try again.` : `We could not remove ${name} from B-LOVED. Try again.`));
      return false;
    },
  );
  const settled = run.then(() => {
    if (queues.get(id) === settled) {
      queues.delete(id);
      wanted.delete(id);
    }
  });
  queues.set(id, settled);
  return run;
}

/** Takes product `id` out of the store after it was removed elsewhere (the /collection page), without a call. */
export function forgetLoved(id: number): void {
  if (ids?.has(id)) mark(id, false);
}

/**
 * A heart's tap: for a visitor, goes to sign-in (through `go`, a router navigation) with the
 * product carried in the page's URL; for a signed-in shopper, flips the product's state.
 */
export function toggleLoved(id: number, name: string, go: (to: string) => void, onSaved?: () => void): void {
  if (signedInAccount() === null) {
    go(loginHref(withLoveIntent(currentPath(), id)));
    return;
  }
  void setLoved(id, !(ids?.has(id) ?? false), name, onSaved);
}

/**
 * Finishes a visitor's heart after sign-in: when the address has `?love={id}` and the shopper is
 * signed in, removes the parameter from the address (history.replaceState: no new history
 * entry, no reload) and saves the product, with a toast. Does nothing otherwise. Browser only.
 */
export function completeLoveIntent(): void {
  const id = loveIntent(window.location.search);
  if (id === null || signedInAccount() === null) return;
  window.history.replaceState(window.history.state, '', withoutLoveIntent(currentPath() + window.location.hash));
  void setLoved(id, true, 'this product').then((ok) => {
    if (ok) void showToast('Saved to B-LOVED.');
  });
}
