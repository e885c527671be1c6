import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Link, NavLink } from '../lib/router-links';
import { internalHref } from '@b-deals/core';
import { track } from '../lib/analytics';
import { useHideOnScroll, useNewBadge, useScrolledPast } from '../lib/hooks';
import { NAV_LINKS, useDepartments, type DepartmentLink } from '../lib/nav';
import { AccountMenu } from './account-menu';
import { DepartmentLinks } from './department-links';
import { HydrateLater } from './hydrate-later';
import { ImageSearchButton, ImageSearchPicker } from './image-search-button';
import { LovedLink } from './love-button';
import { SearchBox } from './search-box';

/** Height of the mobile header row, px (the hide-on-scroll threshold of spec §4). */
const HEADER_HEIGHT = 64;
/** Home's mobile secondary search shows past 370/750 of the viewport width (spec §4). */
const HOME_SEARCH_RATIO = 370 / 750;

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
  const departments = useDepartments();
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
  // The groups of every department (about 50 links) come with lib/department-links, fetched when
  // the menu is first pointed at or opened: the page's HTML and data carry the department links
  // alone (issue 12 §3, HTML weight), each of which leads to its groups without script.
  const [withGroups, setWithGroups] = useState<readonly DepartmentLink[] | null>(null);
  const loadGroups = () => {
    if (!withGroups) void import('../lib/department-links').then((m) => setWithGroups(m.departmentLinks()));
  };
  return (
    <details key={pathname + search} ref={ref} className="group" onPointerEnter={loadGroups} onToggle={(e) => e.currentTarget.open && loadGroups()}>
      <summary className="flex cursor-pointer list-none items-center gap-1 rounded px-2 py-1 hover:text-accent-700 [&::-webkit-details-marker]:hidden">
        Departments
        <span aria-hidden className="text-xs transition group-open:rotate-180">
          ▾
        </span>
      </summary>
      <HydrateLater>
        <div className="absolute inset-x-4 top-full z-40 grid grid-cols-4 gap-6 rounded-b-xl border border-stone-200 bg-white p-6 shadow-xl sm:inset-x-6">
          {(withGroups ?? departments).map((d) => (
            <div key={d.href}>
              <DepartmentLinks department={d} listClassName="mt-2 space-y-1 text-sm text-stone-600" />
            </div>
          ))}
        </div>
      </HydrateLater>
    </details>
  );
}

/** The hamburger button (≤ 960 px); the drawer module is fetched on the first tap. */
function MobileMenu({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const [open, setOpenState] = useState(false);
  const setOpen = (next: boolean) => {
    setOpenState(next);
    onOpenChange(next);
  };
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
        <svg aria-hidden width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <MobileDrawer open={open} onOpenChange={setOpen} onClosed={() => button.current?.focus()} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The simplified checkout header of spec §2.1: logo and a 'Check Out' title, no menus or search. */
function CheckoutHeader() {
  return (
    <header className="border-b border-stone-200 bg-white">
      <div className="container-page flex h-16 items-center gap-4">
        <Logo />
        <p className="text-lg font-semibold text-stone-700" aria-hidden>
          |
        </p>
        <p className="text-lg font-semibold">Check Out</p>
      </div>
    </header>
  );
}

/** A nav link with the NEW badge of spec §4 when it is the link's turn. */
/** The gift assistant's link (spec §7 'link_gift' analytics event). */
const GIFT_HREF = internalHref('/nestor');

function NavItem({
  label,
  href,
  badge,
  onSeen,
  className,
}: {
  label: string;
  href: string;
  badge: boolean;
  onSeen: (href: string) => void;
  className: (active: boolean) => string;
}) {
  return (
    <NavLink
      to={href}
      onClick={() => {
        onSeen(href);
        if (href === GIFT_HREF) track('link_gift', { link_url: href });
      }}
      className={({ isActive }) => className(isActive)}
    >
      {label}
      {badge ? <span className="ml-1 rounded bg-sale px-1 py-px align-top text-[10px] leading-none font-bold text-white">NEW</span> : null}
    </NavLink>
  );
}

/**
 * Site header of spec §2.3: logo, nav links (with the NEW badge), Departments menu, search with
 * popular words and the 'Image search' button beside it (a camera picker under 960 px; spec §2.5),
 * the B-LOVED count (signed in), profile area. Under 960 px it hides on scroll down and shows on scroll up; on
 * home its secondary search row appears only past 370/750 of the viewport width or while the
 * menu is open (spec §4). Checkout pages get the simplified header.
 *
 * Layers: the header (with its Departments menu, search panel and profile panel) is z-50, above
 * everything a page draws in its content, which stays at z-40 or below (the home page's hero
 * search box is z-40, and comes later in the document: at an equal z it would cover the open
 * menu). Dialogs, the drawer and the cookie notice are z-50 too but come after the header; the
 * skip link is z-60.
 */
export function Header({ hotWords, checkout = false }: { hotWords: readonly string[]; checkout?: boolean }) {
  const { pathname, search } = useLocation();
  const q = pathname.startsWith('/searchList') ? (new URLSearchParams(search).get('q') ?? '') : '';
  const hidden = useHideOnScroll(HEADER_HEIGHT);
  const [menuOpen, setMenuOpen] = useState(false);
  const [badge, markSeen] = useNewBadge();
  const threshold = useCallback(() => window.innerWidth * HOME_SEARCH_RATIO, []);
  const pastHero = useScrolledPast(threshold);
  if (checkout) return <CheckoutHeader />;
  const home = pathname === '/';
  return (
    <header
      data-hidden={hidden ? 'true' : undefined}
      className="sticky top-0 z-50 border-b border-stone-200 bg-white/95 backdrop-blur transition-transform duration-200 data-hidden:-translate-y-full"
    >
      <div className="container-page flex h-16 items-center gap-4">
        <MobileMenu onOpenChange={setMenuOpen} />
        <Logo />
        <div className="hidden flex-1 items-center gap-2 min-[961px]:flex">
          <div className="min-w-0 flex-1">
            <SearchBox hotWords={hotWords} label="Site search" defaultValue={q} />
          </div>
          <ImageSearchButton />
        </div>
        <div className="ml-auto flex shrink-0 items-center gap-1 min-[961px]:ml-0">
          <ImageSearchPicker className="min-[961px]:hidden" />
          <LovedLink />
          <AccountMenu />
        </div>
      </div>
      {home && !pastHero && !menuOpen ? null : (
        <div className="container-page pb-3 min-[961px]:hidden" data-testid="mobile-search-bar">
          <SearchBox hotWords={hotWords} label="Search B-Deals" defaultValue={q} />
        </div>
      )}
      <nav aria-label="Main" className="hidden border-t border-stone-100 min-[961px]:block">
        <div className="container-page relative flex h-11 items-center gap-1 text-sm font-medium text-stone-700">
          {NAV_LINKS.map((l) => (
            <NavItem key={l.href} label={l.label} href={l.href} badge={badge === l.href} onSeen={markSeen} className={() => 'nav-link'} />
          ))}
          <DepartmentsMenu />
        </div>
      </nav>
    </header>
  );
}
