/**
 * /login/verify?token= — the link of the verification e-mail (issue 4). Confirms the address
 * with `POST /user/api/v1/signup/verification`, then offers sign-in. The page confirms on its own
 * once JavaScript runs; link scanners that only fetch the page do not use up the single-use
 * token. Without JavaScript the shopper presses 'Confirm my e-mail address'. The same link used
 * again (a second click, a mail client that ran the page) reads "Your e-mail is already
 * confirmed" with the way to sign in (the API's `already_verified`); an unknown or expired link
 * offers to sign up again.
 */
import { internalHref } from '@b-deals/core';
import { useEffect, useRef } from 'react';
import { useFetcher, useSearchParams } from 'react-router';
import { Link } from '../lib/router-links';
import type { Route } from './+types/login.verify';
import { AccountPage, StatusNote } from '../components/account-form';
import { accountCall } from '../lib/auth-api.server';
import { safeRedirect } from '../lib/auth-forms';
import { pageMeta } from '../lib/meta';

export const meta: Route.MetaFunction = () => [
  ...pageMeta('Confirm your e-mail address', 'Confirm the e-mail address of your B-Deals account.'),
  { name: 'robots', content: 'noindex' },
];

const BROKEN_LINK = 'This link is not complete or not valid any more. Sign up again to get a new one.';

/** `already`: the API answered `already_verified` (this link had confirmed the address before). */
export async function action({ request, context }: Route.ActionArgs): Promise<{ verified: true; already: boolean } | { error: string }> {
  const token = String((await request.formData()).get('token') ?? '');
  if (token.length < 10 || token.length > 200) return { error: BROKEN_LINK };
  const res = await accountCall(context, 'POST', '/user/api/v1/signup/verification', { token });
  if (res.ok) return { verified: true, already: (res.body as { status?: unknown } | null)?.status === 'already_verified' };
  const body = res.body as { code?: string; message?: string } | null;
  return { error: body?.code === 'invalid_token' && body.message ? body.message : BROKEN_LINK };
}

export default function Verify({ actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // The page the shopper registered from (a checkout): signing in goes back there.
  const back = safeRedirect(params.get('redirectTo'));
  const fetcher = useFetcher<typeof action>();
  const started = useRef(false);
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    void fetcher.submit({ token }, { method: 'post' });
  }, [token, fetcher]);

  // fetcher.data with JavaScript; actionData when the form was posted without it.
  const result = fetcher.data ?? actionData;
  if (result && 'verified' in result) {
    return (
      <AccountPage title={result.already ? 'Your e-mail is already confirmed' : 'Your e-mail address is confirmed'}>
        <StatusNote>
          {result.already
            ? 'This link confirmed your address before: your B-Deals account is ready. Sign in to use it.'
            : 'Thank you. Your B-Deals account is ready.'}
        </StatusNote>
        <Link
          to={internalHref('/login', back !== '/' ? `redirectTo=${encodeURIComponent(back)}` : '')}
          className="block rounded-lg bg-accent-600 px-4 py-3 text-center font-semibold text-white hover:bg-accent-700"
        >
          Sign in
        </Link>
      </AccountPage>
    );
  }
  const error = result?.error ?? (token ? null : BROKEN_LINK);
  return (
    <AccountPage title="Confirm your e-mail address">
      {error ? (
        <>
          <p role="alert" className="mb-6 rounded-lg border-2 border-red-700 bg-red-50 p-4 text-sm text-red-900">
            {error}
          </p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Link
              to={internalHref('/login/register')}
              className="flex-1 rounded-lg bg-accent-600 px-4 py-3 text-center font-semibold text-white hover:bg-accent-700"
            >
              Sign up again
            </Link>
            <Link to={internalHref('/login')} className="flex-1 rounded-lg border border-stone-300 px-4 py-3 text-center font-semibold hover:bg-stone-50">
              Sign in
            </Link>
          </div>
        </>
      ) : (
        <fetcher.Form method="post">
          <input type="hidden" name="token" value={token} />
          <p className="mb-6 text-stone-700" aria-live="polite">
            {fetcher.state === 'idle' ? 'Press the button to confirm the address of your new account.' : 'Confirming your e-mail address…'}
          </p>
          <button
            type="submit"
            disabled={fetcher.state !== 'idle'}
            className="w-full rounded-lg bg-accent-600 px-4 py-3 font-semibold text-white hover:bg-accent-700 disabled:opacity-70"
          >
            Confirm my e-mail address
          </button>
        </fetcher.Form>
      )}
    </AccountPage>
  );
}
