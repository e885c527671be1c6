import { FETCHER_FORM_NO_DISCOVER } from '../lib/router-links';
import { useState, type FormEvent } from 'react';
import { useFetcher } from 'react-router';
import type { SubscribeResult } from '../lib/subscriptions';

/** The /subscription/ route, whose action subscribes (also the form's target without JavaScript). */
const ACTION = '/subscription/';

/**
 * The discount e-mail sign-up (issue 14; spec §3 Favourite `{type: DISCOUNT, favoriteId: ALL,
 * email}`): a labelled e-mail field and a button, posting to /subscription/ (its action calls the
 * API; without JavaScript the browser goes to that page). The answer is read out by a polite live
 * region: "Check your inbox to confirm…" whether or not the address was known; a malformed
 * address is explained there and marks the field invalid. `id` prefixes the elements' ids (unique
 * on the page; not useId, which the server's React and the browser's Preact number apart). `tone`
 * 'dark' suits the footer.
 */
export function DiscountSubscribe({ id, tone = 'light', title, intro }: { id: string; tone?: 'light' | 'dark'; title: string; intro: string }) {
  const fetcher = useFetcher<SubscribeResult>();
  const [local, setLocal] = useState<string | null>(null);
  const [seen, setSeen] = useState(fetcher.data);
  // A new answer replaces the browser's own finding.
  if (seen !== fetcher.data) {
    setSeen(fetcher.data);
    setLocal(null);
  }
  const result = fetcher.data;
  const error = local ?? (result && !result.ok ? result.error : null);
  const busy = fetcher.state !== 'idle';
  const dark = tone === 'dark';
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    const field = e.currentTarget.elements.namedItem('email') as HTMLInputElement;
    const problem = field.value.trim() === '' ? 'Enter your e-mail address.' : field.validity.typeMismatch ? 'Enter a valid e-mail address.' : null;
    if (problem) {
      e.preventDefault();
      setLocal(problem);
      field.focus();
    }
  };
  return (
    <fetcher.Form
      {...FETCHER_FORM_NO_DISCOVER}
      method="post"
      action={ACTION}
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={`${id}-title`}
      data-testid="discount-subscribe"
    >
      <h2 id={`${id}-title`} className={`font-semibold ${dark ? 'mb-1 text-white' : 'text-lg'}`}>
        {title}
      </h2>
      <p className={`text-sm ${dark ? 'text-stone-300' : 'text-stone-600'}`}>{intro}</p>
      <label htmlFor={`${id}-email`} className={`mt-3 block text-sm font-medium ${dark ? 'text-white' : ''}`}>
        Your e-mail
      </label>
      <div className="mt-1 flex flex-wrap gap-2">
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          autoCapitalize="none"
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-status` : undefined}
          className={`min-w-0 flex-1 basis-48 rounded-lg border px-3 py-2 text-base text-stone-900 aria-[invalid=true]:border-red-600 ${dark ? 'border-stone-500 bg-white focus-visible:outline-white' : 'border-stone-400 bg-white'}`}
        />
        <input type="hidden" name="type" value="DISCOUNT" />
        <input type="hidden" name="favoriteId" value="ALL" />
        <button
          type="submit"
          disabled={busy}
          className={`rounded-lg bg-accent-600 px-4 py-2 font-semibold text-white hover:bg-accent-700 disabled:opacity-70 ${dark ? 'focus-visible:outline-white' : ''}`}
        >
          {busy ? 'Subscribing…' : 'Subscribe'}
        </button>
      </div>
      {/* A polite live region without the status role: the footer is on every page, next to each page's own status messages. */}
      <p
        id={`${id}-status`}
        aria-live="polite"
        data-testid="subscribe-status"
        className={`mt-2 text-sm ${error ? (dark ? 'font-medium text-red-300' : 'font-medium text-red-700') : dark ? 'text-emerald-300' : 'text-emerald-800'}`}
      >
        {error ?? (result?.ok ? result.message : '')}
      </p>
    </fetcher.Form>
  );
}
