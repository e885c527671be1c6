/**
 * The account entries of the site chrome (spec §2.3 profile area, §4 signed-in state, §6 roles):
 * - `<AccountMenu />` for the header: a visitor sees a 'Sign in' link to /login (coming back to
 *   the current page); a signed-in shopper sees a 'Hi {firstName}' button that opens the profile
 *   panel (account details, B-LOVED count, My orders when the order count is above 0, Sign Out).
 *   Sign Out revokes the session (RFC 7009), clears it and closes the panel.
 * - `<DrawerAccount onNavigate />` for the mobile drawer: 'Create an Account' (and 'Sign in') for
 *   visitors, the same account details and Sign Out when signed in. `onNavigate` closes the drawer.
 * Both render the visitor's view on the server and switch after hydration (auth-client.ts).
 */
import { internalHref } from '@b-deals/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../lib/router-links';
import type { Profile } from '@b-deals/contracts';
import { browserSession, loadAccountSummary, loginHref, useAccount, type AccountSummary } from '../lib/auth-client';
import { useLovedCount } from '../lib/favorites-client';

/** Account details, counts and Sign Out: shared by the header panel and the drawer. */
function AccountDetails({ account, onNavigate, onSignedOut }: { account: Profile; onNavigate?: () => void; onSignedOut?: () => void }) {
  const [summary, setSummary] = useState<AccountSummary | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  // The hearts' count once known (it follows every heart tapped), else the panel's own call.
  const lovedNow = useLovedCount();
  const loved = lovedNow ?? summary?.loved ?? null;
  useEffect(() => {
    let live = true;
    void loadAccountSummary().then((s) => {
      if (live) setSummary(s);
    });
    return () => {
      live = false;
    };
  }, []);
  const item = 'flex items-center justify-between rounded-lg px-3 py-2 hover:bg-stone-100';
  return (
    <div>
      <p className="px-3 font-semibold text-stone-950">
        {account.firstName} {account.lastName}
      </p>
      <p className="truncate px-3 text-sm text-stone-600">{account.email}</p>
      <ul className="mt-3 border-t border-stone-100 pt-2">
        <li>
          <Link to={internalHref('/collection')} onClick={onNavigate} className={item}>
            B-LOVED
            {loved != null ? (
              <span className="rounded-full bg-accent-50 px-2 text-sm font-semibold text-accent-700">
                {loved} <span className="sr-only">{loved === 1 ? 'product' : 'products'}</span>
              </span>
            ) : null}
          </Link>
        </li>
        {summary?.orders ? (
          <li>
            <Link to={internalHref('/order')} onClick={onNavigate} className={item}>
              My orders
              <span className="rounded-full bg-stone-100 px-2 text-sm font-semibold">
                {summary.orders} <span className="sr-only">{summary.orders === 1 ? 'order' : 'orders'}</span>
              </span>
            </Link>
          </li>
        ) : null}
      </ul>
      <button
        type="button"
        disabled={signingOut}
        onClick={async () => {
          setSigningOut(true);
          await browserSession().signOut();
          onSignedOut?.();
        }}
        className="mt-2 w-full rounded-lg border border-stone-300 px-3 py-2 text-left font-medium hover:bg-stone-50 disabled:opacity-70"
      >
        {signingOut ? 'Signing out…' : 'Sign Out'}
      </button>
    </div>
  );
}

/** Header profile area: 'Sign in' link or 'Hi {firstName}' with its panel (a disclosure: Escape and outside clicks close it). */
export function AccountMenu() {
  const account = useAccount();
  const { pathname, search } = useLocation();
  // Open on the page where it was opened: navigating closes it.
  const here = pathname + search;
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === here;
  const setOpen = (o: boolean) => setOpenAt(o ? here : null);
  const [signedOut, setSignedOut] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const signIn = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpenAt(null);
      button.current?.focus();
    };
    const onClick = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpenAt(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
    };
  }, [open]);
  useEffect(() => {
    if (signedOut && !account) signIn.current?.focus();
  }, [signedOut, account]);

  const linkClass = 'shrink-0 rounded-full px-3 py-1.5 text-sm font-medium hover:bg-stone-100';
  if (!account) {
    return (
      <Link ref={signIn} to={loginHref(pathname + search)} className={linkClass}>
        Sign in
      </Link>
    );
  }
  return (
    <div ref={root} className="relative shrink-0">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        className={`${linkClass} flex max-w-[7rem] items-center gap-1 sm:max-w-[10rem]`}
      >
        <span className="truncate">Hi {account.firstName}</span>
        <span aria-hidden className="text-xs">
          ▾
        </span>
      </button>
      {open ? (
        <section
          id={panelId}
          aria-label="Your account"
          className="absolute right-0 top-full z-50 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-xl border border-stone-200 bg-white p-3 text-stone-900 shadow-xl"
        >
          <AccountDetails
            account={account}
            onNavigate={() => setOpen(false)}
            onSignedOut={() => {
              setOpen(false);
              setSignedOut(true);
            }}
          />
        </section>
      ) : null}
    </div>
  );
}

/** Mobile drawer account entry: 'Create an Account' for visitors; account details when signed in. */
export function DrawerAccount({ onNavigate }: { onNavigate?: () => void }) {
  const account = useAccount();
  const { pathname, search } = useLocation();
  if (!account) {
    return (
      <div className="mb-4 flex flex-col gap-2">
        <Link to={internalHref('/login/register')} onClick={onNavigate} className="rounded-lg bg-accent-600 px-4 py-2 text-center font-medium text-white">
          Create an Account
        </Link>
        <Link to={loginHref(pathname + search)} onClick={onNavigate} className="rounded-lg border border-stone-300 px-4 py-2 text-center font-medium">
          Sign in
        </Link>
      </div>
    );
  }
  return (
    <section aria-label="Your account" className="mb-4 rounded-xl border border-stone-200 p-2">
      <p className="px-3 pt-1 text-sm font-semibold text-accent-700">Hi {account.firstName}</p>
      <AccountDetails account={account} onNavigate={onNavigate} onSignedOut={onNavigate} />
    </section>
  );
}
