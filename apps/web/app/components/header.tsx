import { DEPARTMENTS } from '@b-deals/core';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { NAV_LINKS, nodeHref } from '../lib/nav';
import { SearchBox } from './search-box';

const MobileDrawer = lazy(() => import('./mobile-drawer'));

function Logo() {
  return (
    <Link to="/" className="shrink-0 text-2xl font-extrabold tracking-tight text-stone-950">
      B<span className="text-accent-600">-</span>Deals
    </Link>
  );
}

/** Desktop Departments menu: a disclosure listing departments and their groups; closes on navigation, outside click and Escape. */
function DepartmentsMenu() {
  const { pathname, search } = useLocation();
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const close = (e: MouseEvent | KeyboardEvent) => {
      const menu = ref.current;
      if (!menu?.open) return;
      if (e instanceof KeyboardEvent) {
        if (e.key !== 'Escape') return;
        menu.open = false;
        menu.querySelector('summary')?.focus();
      } else if (!menu.contains(e.target as Node)) menu.open = false;
    };
    document.addEventListener('click', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', close);
    };
  }, []);
  return (
    <details key={pathname + search} ref={ref} className="group">
      <summary className="flex cursor-pointer list-none items-center gap-1 rounded px-2 py-1 hover:text-accent-700 [&::-webkit-details-marker]:hidden">
        Departments
        <span aria-hidden className="text-xs transition group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="absolute inset-x-4 top-full z-40 grid grid-cols-4 gap-6 rounded-b-xl border border-stone-200 bg-white p-6 shadow-xl sm:inset-x-6">
        {DEPARTMENTS.map((d) => (
          <div key={d.path}>
            <Link to={nodeHref(d)} className="font-semibold hover:text-accent-700">
              {d.term}
            </Link>
            <ul className="mt-2 space-y-1 text-sm text-stone-600">
              {d.children
                .filter((c) => !c.other)
                .map((c) => (
                  <li key={c.path}>
                    <Link to={nodeHref(c)} className="hover:text-accent-700 hover:underline">
                      {c.term}
                    </Link>
                  </li>
                ))}
            </ul>
          </div>
        ))}
      </div>
    </details>
  );
}

/** The hamburger button (≤ 960 px); the drawer module is fetched on the first tap. */
function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="-ml-2 rounded p-2 min-[961px]:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <svg
          aria-hidden
          width="24"
          height="24"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <MobileDrawer
            open={open}
            onOpenChange={setOpen}
            onClosed={() => button.current?.focus()}
          />
        </Suspense>
      ) : null}
    </>
  );
}

/** Site header of spec §2.3: logo, nav links, Departments menu, search with popular words, 'Sign in'. */
export function Header({ hotWords }: { hotWords: readonly string[] }) {
  const { pathname, search } = useLocation();
  const q = pathname.startsWith('/searchList') ? (new URLSearchParams(search).get('q') ?? '') : '';
  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur">
      <div className="container-page flex h-16 items-center gap-4">
        <MobileMenu />
        <Logo />
        <div className="hidden flex-1 min-[961px]:block">
          <SearchBox hotWords={hotWords} label="Site search" defaultValue={q} />
        </div>
        <Link
          to="/login"
          className="ml-auto shrink-0 rounded-full px-3 py-1.5 text-sm font-medium hover:bg-stone-100 min-[961px]:ml-0"
        >
          Sign in
        </Link>
      </div>
      {pathname === '/' ? null : (
        <div className="container-page pb-3 min-[961px]:hidden">
          <SearchBox hotWords={hotWords} label="Site search" defaultValue={q} />
        </div>
      )}
      <nav aria-label="Main" className="hidden border-t border-stone-100 min-[961px]:block">
        <div className="container-page relative flex h-11 items-center gap-1 text-sm font-medium text-stone-700">
          {NAV_LINKS.map((l) => (
            <NavLink
              key={l.href}
              to={l.href}
              className={({ isActive }) =>
                `rounded px-2 py-1 hover:text-accent-700 ${isActive ? 'text-accent-700' : ''}`
              }
            >
              {l.label}
            </NavLink>
          ))}
          <DepartmentsMenu />
        </div>
      </nav>
    </header>
  );
}
