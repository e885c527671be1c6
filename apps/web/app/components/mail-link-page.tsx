import { FETCHER_FORM_NO_DISCOVER } from '../lib/router-links';
import { useEffect, useRef, type ReactNode } from 'react';
import { internalHref } from '@b-deals/core';
import { useLocation, type FetcherWithComponents } from 'react-router';
import type { TokenResult } from '../lib/subscriptions';
import { AccountPage } from './account-form';

/**
 * The page behind a mail's link that acts only on a button press (issue 14: confirming a
 * subscription, unsubscribing): nothing changes when the page is opened, so mail scanners that
 * fetch links change nothing. Shows `intro` and one button posting `token` to the route's action
 * (through `fetcher`; a plain form post without JavaScript); then `doneTitle` and `done`, with
 * focus moved to the outcome and the outcome read out (a polite live region kept on the page).
 * A link that had done its work before (the API's `already_confirmed`: a second click, a mail
 * client's prefetch) shows `alreadyTitle` and `already` (the next step) instead of `doneTitle` and
 * `done`. A missing, replaced or expired link shows the reason and `broken` (what to do instead);
 * other failures keep the button for another try.
 */
export function MailLinkPage(p: {
  fetcher: FetcherWithComponents<TokenResult>;
  token: string;
  result: TokenResult | undefined;
  title: string;
  doneTitle: string;
  intro: string;
  button: string;
  busyText: string;
  done: ReactNode;
  /** Title and content for a link that had already confirmed its address (default: `doneTitle`, `done`). */
  alreadyTitle?: string;
  already?: ReactNode;
  broken: ReactNode;
}) {
  const { fetcher, result } = p;
  const busy = fetcher.state !== 'idle';
  const outcome = useRef<HTMLDivElement>(null);
  const { pathname, search } = useLocation();
  const finished = result?.ok === true;
  const already = result?.ok === true && result.already && p.already !== undefined;
  useEffect(() => {
    if (fetcher.data) outcome.current?.focus();
  }, [fetcher.data]);
  return (
    <AccountPage title={already ? (p.alreadyTitle ?? p.doneTitle) : finished ? p.doneTitle : p.title}>
      <div ref={outcome} tabIndex={-1} role="status" className="focus:outline-none">
        {finished ? (
          <div className="rounded-lg border border-green-700 bg-green-50 p-4 text-green-900" data-testid="mail-link-done">
            {already ? p.already : p.done}
          </div>
        ) : result ? (
          <p className="mb-6 rounded-lg border-2 border-red-700 bg-red-50 p-4 text-sm text-red-900">{result.error}</p>
        ) : busy ? (
          <span className="sr-only">{p.busyText}</span>
        ) : null}
      </div>
      {finished ? null : result && !result.ok && result.broken ? (
        <p className="text-stone-700">{p.broken}</p>
      ) : (
        <fetcher.Form {...FETCHER_FORM_NO_DISCOVER} method="post" action={internalHref(pathname + search)}>
          <input type="hidden" name="token" value={p.token} />
          <p className="mb-6 text-stone-700">{p.intro}</p>
          <button
            type="submit"
            disabled={busy}
            className="w-full rounded-lg bg-accent-600 px-4 py-3 font-semibold text-white hover:bg-accent-700 disabled:opacity-70"
          >
            {busy ? p.busyText : p.button}
          </button>
        </fetcher.Form>
      )}
    </AccountPage>
  );
}
