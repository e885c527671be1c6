/**
 * /subscription/ — the weekly discount e-mail (issue 14; spec §3 Favourite DISCOUNT/ALL). Its
 * action is where every subscribe form posts (the footer's, the deals page's, this page's): it
 * checks the address and calls `POST /inventory/api/v1/favorite/subscribe-discount`. With
 * JavaScript the call goes from the browser through the spec §7 client (`clientAction`; a
 * signed-in shopper's token, refreshed when needed, lets the API confirm their own address at
 * once) and the forms read the answer in place; without it the server calls and this page shows
 * the answer. Never says whether the address was known.
 */
import { internalHref } from '@b-deals/core';
import { useActionData } from 'react-router';
import { Link } from '../lib/router-links';
import type { Route } from './+types/subscription';
import { AccountPage, StatusNote } from '../components/account-form';
import { DiscountSubscribe } from '../components/discount-subscribe';
import type { ApiRequestError } from '../lib/api-client';
import { browserApi } from '../lib/auth-client';
import { emailProblem } from '../lib/auth-forms';
import { userAccessToken } from '../lib/auth.server';
import { subscribeDiscountCall } from '../lib/favorites.server';
import { pageMeta } from '../lib/meta';
import { SUBSCRIBE_PATH, subscribeResult, type SubscribeResult } from '../lib/subscriptions';

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Discount e-mails', 'Get the best discounts of the week from B-Deals by e-mail. Confirm once, unsubscribe with one click.'),
  { name: 'robots', content: 'noindex' },
];

export async function action({ request, context }: Route.ActionArgs): Promise<SubscribeResult> {
  const email = String((await request.formData()).get('email') ?? '').trim();
  const problem = emailProblem(email);
  if (problem) return { ok: false, error: problem };
  return subscribeResult(await subscribeDiscountCall(context, email, userAccessToken(context)));
}

export async function clientAction({ request }: Route.ClientActionArgs): Promise<SubscribeResult> {
  const email = String((await request.formData()).get('email') ?? '').trim();
  const problem = emailProblem(email);
  if (problem) return { ok: false, error: problem };
  const outcome = await browserApi()
    .request(SUBSCRIBE_PATH, { json: { type: 'DISCOUNT', favoriteId: 'ALL', email } })
    .then(
      (body) => ({ status: 200, ok: true, body }),
      (err: ApiRequestError) => ({ status: err?.status ?? 0, ok: false, body: err?.body ?? null }),
    );
  return subscribeResult(outcome);
}

export default function Subscription() {
  // Only without JavaScript: the forms' answers are read in place otherwise.
  const posted = useActionData<typeof action>();
  return (
    <AccountPage title="Discount e-mails">
      {posted?.ok ? <StatusNote>{posted.message}</StatusNote> : null}
      {posted && !posted.ok ? (
        <p role="alert" className="mb-6 rounded-lg border-2 border-red-700 bg-red-50 p-4 text-sm text-red-900">
          {posted.error}
        </p>
      ) : null}
      <DiscountSubscribe
        id="page-subscribe"
        title="The week's best discounts"
        intro="One e-mail a week with the biggest price drops and coupon codes we found. We ask you to confirm first, and every e-mail has a one-click unsubscribe link."
      />
      <p className="mt-8 border-t border-stone-200 pt-6 text-sm text-stone-700">
        Looking for deals now?{' '}
        <Link to={internalHref('/deals')} className="font-semibold text-accent-700 underline">
          See today&apos;s coupons and deals
        </Link>
      </p>
    </AccountPage>
  );
}
