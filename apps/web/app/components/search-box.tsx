import { useEffect, useId, useState } from 'react';
import { Form, Link } from 'react-router';

/** Placeholder rotation period of spec §9 (3000 ms). */
const ROTATE_MS = 3000;
const searchHref = (q: string) => `/searchList/?q=${encodeURIComponent(q)}`;

/**
 * Search form posting `q` to /searchList/ (spec §2.4). The placeholder rotates through the hot
 * words every 3 s and an empty submit searches the word shown (spec §4, §5). While the input
 * has focus a "Popular words" list opens under it (spec §2.3).
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
  const [shown, setShown] = useState(0);
  const id = useId();
  useEffect(() => {
    if (hotWords.length < 2) return;
    const timer = setInterval(() => setShown((i) => (i + 1) % hotWords.length), ROTATE_MS);
    return () => clearInterval(timer);
  }, [hotWords.length]);
  const current = hotWords[shown % Math.max(hotWords.length, 1)];

  return (
    <div className="group relative w-full">
      <Form
        method="get"
        action="/searchList/"
        role="search"
        aria-label={label}
        onSubmit={(e) => {
          const input = e.currentTarget.elements.namedItem('q') as HTMLInputElement;
          if (!input.value.trim() && current) input.value = current;
          if (!input.value.trim()) e.preventDefault();
        }}
        className={`flex items-center overflow-hidden rounded-full border border-stone-300 bg-white focus-within:border-accent-600 focus-within:ring-2 focus-within:ring-accent-100 ${large ? 'h-14' : 'h-10'}`}
      >
        <label htmlFor={id} className="sr-only">
          Search products, brands and stores
        </label>
        <input
          id={id}
          name="q"
          type="search"
          defaultValue={defaultValue}
          key={defaultValue}
          placeholder={current ? `Try “${current}”` : 'Search products and brands'}
          autoComplete="off"
          enterKeyHint="search"
          className={`min-w-0 flex-1 bg-transparent px-4 outline-none placeholder:text-stone-500 ${large ? 'text-lg' : 'text-sm'}`}
        />
        <button
          type="submit"
          className={`mr-1 rounded-full bg-accent-600 font-medium text-white hover:bg-accent-700 ${large ? 'px-6 py-2.5' : 'px-4 py-1.5 text-sm'}`}
        >
          Search
        </button>
      </Form>
      {hotWords.length > 0 ? (
        <div
          className="absolute inset-x-0 top-full z-30 mt-1 hidden rounded-xl border border-stone-200 bg-white p-3 shadow-lg group-focus-within:block"
          role="presentation"
          onMouseDown={(e) => e.preventDefault()}
        >
          <p className="mb-2 text-xs font-semibold tracking-wide text-stone-600 uppercase">
            Popular words
          </p>
          <ul className="flex flex-wrap gap-2">
            {hotWords.map((w) => (
              <li key={w}>
                <Link
                  to={searchHref(w)}
                  className="block rounded-full bg-stone-100 px-3 py-1 text-sm hover:bg-accent-50 hover:text-accent-800"
                >
                  {w}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** Hot words as chips linking to their search (home page, empty results). */
export function HotWordChips({
  hotWords,
  label = 'Popular searches',
}: {
  hotWords: readonly string[];
  label?: string;
}) {
  if (hotWords.length === 0) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-2">
      <span className="text-sm text-stone-600">{label}:</span>
      <ul className="contents">
        {hotWords.map((w) => (
          <li key={w}>
            <Link
              to={searchHref(w)}
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
