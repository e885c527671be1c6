import { Link } from '../lib/router-links';

/** A row of tab links (each tab is a URL, so tabs work without JavaScript and are indexable). */
export function TabLinks({ label, tabs, current }: { label: string; tabs: ReadonlyArray<{ key: string; name: string; href: string }>; current: string }) {
  return (
    <nav aria-label={label} className="mt-4">
      <ul className="flex gap-2 overflow-x-auto pb-1">
        {tabs.map((t) => (
          <li key={t.key} className="shrink-0">
            <Link
              to={t.href}
              preventScrollReset
              aria-current={t.key === current ? 'page' : undefined}
              className={`block rounded-full border px-4 py-1.5 text-sm font-medium ${
                t.key === current ? 'border-accent-700 bg-accent-700 text-white' : 'border-stone-300 hover:border-accent-600 hover:text-accent-800'
              }`}
            >
              {t.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The page heading block of landing and index pages. */
export function PageIntro({ title, lead }: { title: string; lead: string }) {
  return (
    <header className="rounded-2xl bg-gradient-to-r from-accent-50 to-white p-5 sm:p-8">
      <h1 className="text-2xl font-bold sm:text-4xl">{title}</h1>
      <p className="mt-2 max-w-2xl text-stone-600 sm:text-lg">{lead}</p>
    </header>
  );
}
