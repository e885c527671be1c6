import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '../lib/router-links';
import { track } from '../lib/analytics';
import { MOBILE_QUERY, useScrollLock } from '../lib/hooks';
import { nodeHref } from '../lib/nav';
import type { Suggestions, searchSuggestions } from '../lib/suggestions';

/** Placeholder rotation period of spec §9 (3000 ms). */
const ROTATE_MS = 3000;
const searchHref = (q: string) => `/searchList/?q=${encodeURIComponent(q)}`;
const NO_SUGGESTIONS: Suggestions = { categories: [], terms: [] };

/**
 * The hot word shown in the placeholder: advances every 3 s while the input is on screen and
 * the tab is visible (spec §4), so no timer runs for a hidden search box.
 */
function useRotatingWord(hotWords: readonly string[], target: React.RefObject<HTMLElement | null>) {
  const [shown, setShown] = useState(0);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const el = target.current;
    if (!el) return;
    const io = new IntersectionObserver(([e]) => setVisible(!!e?.isIntersecting));
    io.observe(el);
    return () => io.disconnect();
  }, [target]);
  useEffect(() => {
    if (hotWords.length < 2 || !visible) return;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') setShown((i) => (i + 1) % hotWords.length);
    }, ROTATE_MS);
    return () => clearInterval(timer);
  }, [hotWords.length, visible]);
  return hotWords[shown % Math.max(hotWords.length, 1)];
}

/**
 * Search form for `q` (spec §2.4). Submitting on the search page updates its query in place
 * (other filters kept, back to page 1); elsewhere it navigates to /searchList/?q=. The
 * placeholder rotates through the hot words and an empty submit searches the word shown (spec
 * §4, §5). While the input has focus a panel opens under it with "Popular words", or, once
 * text is typed, up to 10 matching categories and 5 matching popular words; it closes on blur
 * or after a choice. Escape closes it and leaves the focus and the text in the input (typing opens it again);
 * Cancel also lets go of the focus. Under 960 px the box becomes a full-screen search overlay
 * (form, Cancel, suggestions) and page scroll is locked while it is open (spec §2.3, §4).
 */
export function SearchBox({
  hotWords,
  label,
  defaultValue = '',
  large = false,
}: {
  hotWords: readonly string[];
  /** Accessible name of the search landmark (unique per page). */
  label: string;
  defaultValue?: string;
  large?: boolean;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const current = useRotatingWord(hotWords, input);
  const [text, setText] = useState(defaultValue);
  const [open, setOpen] = useState(false);
  const [mobile, setMobile] = useState(false);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  // Follow the URL: a new default value replaces the text, a navigation closes the panel.
  const [seen, setSeen] = useState({ defaultValue, at: pathname + search });
  if (seen.defaultValue !== defaultValue || seen.at !== pathname + search) {
    setSeen({ defaultValue, at: pathname + search });
    if (seen.defaultValue !== defaultValue) setText(defaultValue);
    setOpen(false);
  }
  useScrollLock(open && mobile);
  // The suggestion rules carry the category tree: fetched on first focus, not with the page.
  const [suggest, setSuggest] = useState<typeof searchSuggestions | null>(null);
  const openPanel = () => {
    setMobile(window.matchMedia(MOBILE_QUERY).matches);
    setOpen(true);
    if (!suggest) void import('../lib/suggestions').then((m) => setSuggest(() => m.searchSuggestions));
  };

  // Typed into or focused before the page hydrated (decision 0005): keep the shopper's text and
  // open the panel, as the focus event itself came before the handlers.
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    if (el.value !== defaultValue) setText(el.value);
    if (document.activeElement === el) openPanel();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const suggestions = suggest ? suggest(text, hotWords) : NO_SUGGESTIONS;
  const typed = text.trim().length > 0;

  const submit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const q = text.trim() || current || '';
    if (!q) return;
    setText(q);
    setOpen(false);
    input.current?.blur();
    track('search_action', { action: 'search_input', search_term: q.slice(0, 200) });
    if (pathname.startsWith('/searchList')) {
      const next = new URLSearchParams(search);
      next.set('q', q);
      next.delete('page');
      navigate(`/searchList/?${next.toString()}`);
    } else navigate(searchHref(q));
  };

  const chip = 'block rounded-full bg-stone-100 px-3 py-1 text-sm hover:bg-accent-50 hover:text-accent-800';
  const close = () => {
    setOpen(false);
    input.current?.blur();
  };
  // Escape from the input or from a suggestion: the panel closes and the focus stays in (or comes
  // back to) the input, where the shopper was typing (WCAG 2.4.3, 2.4.7).
  const dismiss = () => {
    setOpen(false);
    input.current?.focus();
  };
  // The overlay is the same element restyled (position: fixed), so the input keeps its focus
  // and the on-screen keyboard stays up; the header drops its backdrop filter meanwhile, which
  // would otherwise be the containing block of a fixed descendant (see app.css).
  const overlay = open && mobile;
  return (
    // Focus and Escape bubble from the input and the panel's links; the container itself is not interactive.
    <div
      data-search-overlay={overlay ? 'true' : undefined}
      role={overlay ? 'dialog' : undefined}
      aria-modal={overlay ? true : undefined}
      aria-label={overlay ? 'Search' : undefined}
      className={overlay ? 'fixed inset-0 z-60 flex w-full flex-col gap-3 overflow-hidden bg-white p-3' : 'relative w-full'}
      onFocus={(e) => {
        // Focus moving inside the box (a suggestion back to the input after Escape) leaves the panel as it is.
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) openPanel();
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !open) return;
        // The first Escape only closes the panel; a search input would also clear its text.
        e.preventDefault();
        dismiss();
      }}
    >
      <div className="flex items-center gap-2">
        <form
          method="get"
          action="/searchList/"
          role="search"
          aria-label={label}
          onSubmit={submit}
          className={large ? 'search-form search-form-lg' : 'search-form'}
        >
          <label htmlFor={id} className="sr-only">
            Search products and brands
          </label>
          <input
            ref={input}
            id={id}
            name="q"
            type="search"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (!open && e.target.value) openPanel();
            }}
            placeholder={current ? `Try “${current}”` : 'Search products and brands'}
            autoComplete="off"
            enterKeyHint="search"
            className="search-input"
          />
          <button type="submit" className="search-submit">
            Search
          </button>
        </form>
        {overlay ? (
          <button type="button" onClick={close} className="min-h-11 shrink-0 rounded px-2 text-sm font-medium text-accent-800 hover:underline">
            Cancel
          </button>
        ) : null}
      </div>
      {open && (hotWords.length > 0 || typed) ? (
        <>
          <div
            data-testid="search-panel"
            className={
              overlay
                ? 'min-h-0 flex-1 overflow-y-auto p-1'
                : 'absolute inset-x-0 top-full z-40 mt-1 max-h-[70vh] overflow-y-auto rounded-xl border border-stone-200 bg-white p-3 shadow-lg'
            }
          >
            {typed ? (
              <>
                {suggestions.categories.length > 0 ? (
                  <>
                    <p className="mb-2 text-xs font-semibold tracking-wide text-stone-600 uppercase">Categories</p>
                    <ul aria-label="Category suggestions" className="mb-3 space-y-1">
                      {suggestions.categories.map(({ node, context }) => (
                        <li key={node.path}>
                          <Link to={nodeHref(node)} className="block rounded px-2 py-1 text-sm hover:bg-stone-100">
                            {node.term}
                            {context ? <span className="block text-xs text-stone-600">in {context}</span> : null}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </>
                ) : null}
                {suggestions.terms.length > 0 ? (
                  <ul aria-label="Search suggestions" className="flex flex-wrap gap-2">
                    {suggestions.terms.map((w) => (
                      <li key={w}>
                        <Link to={searchHref(w)} className={chip}>
                          {w}
                        </Link>
                      </li>
                    ))}
                  </ul>
                ) : null}
                {suggestions.categories.length + suggestions.terms.length === 0 ? (
                  <p className="text-sm text-stone-600">Press Enter to search “{text.trim()}”.</p>
                ) : null}
              </>
            ) : (
              <>
                <p className="mb-2 text-xs font-semibold tracking-wide text-stone-600 uppercase">Popular words</p>
                <ul aria-label="Popular words" className="flex flex-wrap gap-2">
                  {hotWords.map((w) => (
                    <li key={w}>
                      <Link to={searchHref(w)} className={chip} onClick={() => track('search_action', { action: 'on_focus', search_term: w.slice(0, 200) })}>
                        {w}
                      </Link>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        </>
      ) : null}
    </div>
  );
}

/** Hot words as chips linking to their search (home page, empty results). */
export function HotWordChips({ hotWords, label = 'Popular searches' }: { hotWords: readonly string[]; label?: string }) {
  if (hotWords.length === 0) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-2">
      <span className="text-sm text-stone-600">{label}:</span>
      <ul className="contents">
        {hotWords.map((w) => (
          <li key={w}>
            <Link
              to={searchHref(w)}
              onClick={() => track('search_action', { action: 'hot_words', search_term: w.slice(0, 200) })}
              className="block rounded-full border border-stone-300 bg-white px-3 py-1 text-sm hover:border-accent-600 hover:text-accent-800"
            >
              {w}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
