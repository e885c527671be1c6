/**
 * /unsubscribe/?token= — the unsubscribe link every B-Deals mail carries (issue 14): one button,
 * 'Unsubscribe', which sends `DELETE /inventory/api/v1/favorite/unsubscribe-discount`
 * `{type: DISCOUNT, favoriteId: ALL, token}` (the token names the mail: the discount e-mail or the
 * price-drop alerts); then "You are unsubscribed". Opening the page changes nothing. Without a
 * token a signed-in shopper can unsubscribe their own address from the discount e-mail. With
 * JavaScript the call goes from the browser (`clientAction`, the spec §7 client refreshing the
 * shopper's token); without it the server's action calls.
 */
import { internalHref } from '@b-deals/core';
import { useActionData, useFetcher, useSearchParams } from 'react-router';
import { Link } from '../lib/router-links';
import type { Route } from './+types/unsubscribe';
import { MailLinkPage } from '../components/mail-link-page';
import type { ApiRequestError } from '../lib/api-client';
import { browserApi, browserSession, useAccount } from '../lib/auth-client';
import { getUser, userAccessToken } from '../lib/auth.server';
import { unsubscribeCall } from '../lib/favorites.server';
import { pageMeta } from '../lib/meta';
import { BROKEN_LINK, UNSUBSCRIBE_PATH, plausibleToken, tokenResult, type TokenResult } from '../lib/subscriptions';

export const meta: Route.MetaFunction = () => [...pageMeta('Unsubscribe', 'Stop B-Deals e-mails with one click.'), { name: 'robots', content: 'noindex' }];

/** A page per token: nothing for a shared cache to keep. */
export const headers: Route.HeadersFunction = () => ({ 'cache-control': 'no-store' });

export async function action({ request, context }: Route.ActionArgs): Promise<TokenResult> {
  const token = String((await request.formData()).get('token') ?? '');
  if (plausibleToken(token)) return tokenResult(await unsubscribeCall(context, { token }));
  // No link token: a signed-in shopper's own address.
  const user = getUser(context);
  const accessToken = userAccessToken(context);
  if (!token && user && accessToken) return tokenResult(await unsubscribeCall(context, { email: user.email, accessToken }));
  return { ok: false, error: BROKEN_LINK, broken: true };
}

export async function clientAction({ request }: Route.ClientActionArgs): Promise<TokenResult> {
  const token = String((await request.formData()).get('token') ?? '');
  const email = browserSession().account()?.email;
  const by = plausibleToken(token) ? { token } : !token && email && browserSession().secret() ? { email } : null;
  if (!by) return { ok: false, error: BROKEN_LINK, broken: true };
  const outcome = await browserApi()
    .request(UNSUBSCRIBE_PATH, { method: 'DELETE', json: { type: 'DISCOUNT', favoriteId: 'ALL', ...by } })
    .then(
      (body) => ({ status: 200, ok: true, body }),
      (err: ApiRequestError) => ({ status: err?.status ?? 0, ok: false, body: err?.body ?? null }),
    );
  return tokenResult(outcome);
}

const DONE: Record<string, string> = {
  discount: 'You will get no more B-Deals discount e-mails.',
  price_alert: 'You will get no more price-drop alerts. You can turn them on again in B-LOVED.',
};

export default function Unsubscribe() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const account = useAccount();
  const fetcher = useFetcher<typeof action>();
  const posted = useActionData<typeof action>();
  const result = fetcher.data ?? posted;
  const byAccount = !token && !!account;
  const kind = result?.ok ? (result.kind ?? 'discount') : 'discount';
  return (
    <MailLinkPage
      fetcher={fetcher}
      token={token}
      result={result ?? (plausibleToken(token) || byAccount ? undefined : { ok: false, error: BROKEN_LINK, broken: true })}
      title="Unsubscribe"
      doneTitle="You are unsubscribed"
      intro={byAccount ? `Press the button to stop the weekly discount e-mail to ${account.email}.` : 'Press the button to stop these e-mails.'}
      button="Unsubscribe"
      busyText="Unsubscribing…"
      done={
        <>
          <p>{DONE[kind] ?? DONE.discount}</p>
          <Link to={kind === 'price_alert' ? internalHref('/collection') : '/'} className="mt-4 inline-block font-semibold text-accent-700 underline">
            {kind === 'price_alert' ? 'Go to B-LOVED' : 'Back to B-Deals'}
          </Link>
        </>
      }
      broken={
        <span>
          If you still get e-mails you do not want, use the unsubscribe link of the newest one, or{' '}
          <Link to={internalHref('/contactus')} className="font-semibold text-accent-700 underline">
            contact us
          </Link>
          .
        </span>
      }
    />
  );
}
