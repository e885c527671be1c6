import { Link } from '../lib/router-links';
import { groupAZ } from '../lib/text';

/** An A–Z index: a letter jump bar, then one section per letter with its links. */
export function AzIndex<T>({
  label,
  items,
  name,
  href,
  detail,
}: {
  label: string;
  items: readonly T[];
  name: (item: T) => string;
  href: (item: T) => string;
  detail: (item: T) => string;
}) {
  const groups = groupAZ(items, name);
  if (groups.length === 0) return <p className="mt-6 text-stone-600">Nothing is listed here yet.</p>;
  return (
    <div className="mt-6">
      <nav aria-label={`${label} by letter`}>
        <ul className="flex flex-wrap gap-1">
          {groups.map((g) => (
            <li key={g.letter}>
              <a
                href={`#letter-${g.letter === '#' ? 'other' : g.letter}`}
                className="flex size-9 items-center justify-center rounded-md border border-stone-200 text-sm font-semibold hover:border-accent-600 hover:text-accent-800"
              >
                {g.letter}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {groups.map((g) => (
        <section
          key={g.letter}
          id={`letter-${g.letter === '#' ? 'other' : g.letter}`}
          aria-labelledby={`h-letter-${g.letter === '#' ? 'other' : g.letter}`}
          className="mt-8 scroll-mt-32"
        >
          <h2 id={`h-letter-${g.letter === '#' ? 'other' : g.letter}`} className="border-b border-stone-200 pb-1 text-xl font-bold">
            {g.letter}
          </h2>
          <ul className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3 lg:grid-cols-4">
            {g.items.map((item) => (
              <li key={href(item)}>
                <Link to={href(item)} className="hover:text-accent-700 hover:underline">
                  {name(item)}
                </Link>{' '}
                <span className="text-sm text-stone-600">({detail(item)})</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
