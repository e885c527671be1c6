import { Link } from '../lib/router-links';
import { useLocalStorage } from '../lib/hooks';

/** localStorage key of spec §3/§9 ("Cookie consent key: USE_COOKIE"). */
export const COOKIE_KEY = 'USE_COOKIE';

/**
 * Cookie-consent banner of spec §4: shown (after hydration) until the visitor clicks 'Got It!'
 * or the close icon; either stores USE_COOKIE=true in localStorage and hides it for good. Fixed
 * to the bottom of the viewport, so it never shifts the layout.
 */
export function CookieBanner() {
  const [consent, setConsent] = useLocalStorage(COOKIE_KEY, 'true');
  if (consent === 'true') return null;
  const accept = () => setConsent('true');
  return (
    <section
      aria-label="Cookie notice"
      className="fixed inset-x-2 bottom-2 z-50 mx-auto flex max-w-3xl items-start gap-3 rounded-xl bg-stone-900 p-4 text-sm text-stone-100 shadow-xl sm:items-center"
    >
      <p className="flex-1">
        We use cookies to keep you signed in and to understand how the site is used. See our{' '}
        <Link to="/privacy/" className="underline">
          Privacy Policy
        </Link>{' '}
        and{' '}
        <Link to="/cookies/" className="underline">
          Cookie Notice
        </Link>
        .
      </p>
      <button type="button" onClick={accept} className="shrink-0 rounded-full bg-white px-4 py-1.5 font-semibold text-stone-900 hover:bg-stone-200">
        Got It!
      </button>
      <button type="button" onClick={accept} aria-label="Close cookie notice" className="shrink-0 rounded p-1">
        <svg aria-hidden width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M6 6l12 12M18 6L6 18" />
        </svg>
      </button>
    </section>
  );
}
