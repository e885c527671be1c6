/**
 * /subscription/confirm/?token= — the link of the discount e-mail's confirmation mail (issue 14).
 * Opening the page changes nothing (mail scanners fetch links): the shopper presses 'Confirm my
 * subscription', which posts `POST /inventory/api/v1/favorite/subscribe-discount/confirm`
 * `{token}` (the route's action; works without JavaScript too). The same link pressed again says
 * "Your e-mail is already confirmed" (the API's `already_confirmed`); a replaced or expired one
 * offers to subscribe again.
 */
import { internalHref } from '@b-deals/core';
import { useActionData, useFetcher, useSearchParams } from 'react-router';
import { Link } from '../lib/router-links';
import type { Route } from './+types/subscription.confirm';
import { MailLinkPage } from '../components/mail-link-page';
import { confirmDiscountCall } from '../lib/favorites.server';
import { pageMeta } from '../lib/meta';
import { BROKEN_LINK, plausibleToken, tokenResult, type TokenResult } from '../lib/subscriptions';

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Confirm your subscription', 'Confirm your subscription to the B-Deals discount e-mail.'),
  { name: 'robots', content: 'noindex' },
];

/** A page per token: nothing for a shared cache to keep. */
export const headers: Route.HeadersFunction = () => ({ 'cache-control': 'no-store' });

export async function action({ request, context }: Route.ActionArgs): Promise<TokenResult> {
  const token = String((await request.formData()).get('token') ?? '');
  if (!plausibleToken(token)) return { ok: false, error: BROKEN_LINK, broken: true };
  return tokenResult(await confirmDiscountCall(context, token));
}

export default function ConfirmSubscription() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const fetcher = useFetcher<typeof action>();
  const posted = useActionData<typeof action>();
  const result = fetcher.data ?? posted;
  return (
    <MailLinkPage
      fetcher={fetcher}
      token={token}
      result={result ?? (plausibleToken(token) ? undefined : { ok: false, error: BROKEN_LINK, broken: true })}
      title="Confirm your subscription"
      doneTitle="You are subscribed"
      intro="Press the button to start the weekly B-Deals discount e-mail at this address."
      button="Confirm my subscription"
      busyText="Confirming…"
      done={
        <>
          <p>You are subscribed to the weekly B-Deals discount e-mail. Every e-mail has a link to unsubscribe with one click.</p>
          <Link to={internalHref('/deals')} className="mt-4 inline-block font-semibold text-accent-700 underline">
            See today&apos;s coupons and deals
          </Link>
        </>
      }
      alreadyTitle="Your e-mail is already confirmed"
      already={
        <>
          <p>
            This link confirmed your subscription before: you get the weekly B-Deals discount e-mail. Every e-mail has a link to unsubscribe with one click.
          </p>
          <Link to={internalHref('/deals')} className="mt-4 inline-block font-semibold text-accent-700 underline">
            See today&apos;s coupons and deals
          </Link>
        </>
      }
      broken={
        <Link to={internalHref('/subscription')} className="font-semibold text-accent-700 underline">
          Subscribe again to get a new link
        </Link>
      }
    />
  );
}
