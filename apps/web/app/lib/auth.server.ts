/**
 * Who the shopper is, on the server (issue 10 §4; decision 0013): loaders and actions read the
 * signed-in shopper from the load context's session (the HttpOnly `bd_session` cookie that the
 * storefront's server keeps in step with the token calls it relays).
 *
 * - `getUser(context)`: the shopper's public profile, or null for a visitor.
 * - `requireUser(context, request)`: the same, or throws a redirect to
 *   `/login?redirectTo={this page}` (for B-LOVED, orders and checkout).
 * - `userAccessToken(context)`: the newest access token seen for the shopper while it is valid,
 *   for server-side API calls made on their behalf; null when it has expired (the browser
 *   refreshes it on its next API call, and the cookie follows).
 */
import type { Profile } from '@b-deals/contracts';
import { redirect, type AppLoadContext } from 'react-router';

/** The signed-in shopper's public profile (spec §3 user: id, firstName, lastName, email), or null. */
export function getUser(context: AppLoadContext): Profile | null {
  return context.session?.user ?? null;
}

/** `/login?redirectTo=…` for `request`'s path and query (never an absolute URL: no open redirect). */
export function loginRedirectPath(request: Request): string {
  const url = new URL(request.url);
  return `/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`;
}

/** The signed-in shopper, or throws a 302 to the login page that comes back here. */
export function requireUser(context: AppLoadContext, request: Request): Profile {
  const user = getUser(context);
  if (!user) throw redirect(loginRedirectPath(request));
  return user;
}

/** The shopper's access token while it is valid at `now` (epoch ms), else null. */
export function userAccessToken(context: AppLoadContext, now = Date.now()): string | null {
  const s = context.session;
  return s && s.accessExpiresAt > now ? s.accessToken : null;
}
