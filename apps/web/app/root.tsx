import { Links, Meta, Outlet, PrefetchPageLinks, Scripts, isRouteErrorResponse, useLocation, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
import { Suspense, lazy, useEffect, useLayoutEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { COOKIE_KEY, CookieBanner } from './components/cookie-banner';
import { track, trackCampaign } from './lib/analytics';
import { useViewportPrefetch } from './lib/prefetch';
import { registerServiceWorker, watchFailedResources } from './lib/service-worker';
import { afterDelayedLoad } from './lib/delayed-load';
import { loadConsentedTags } from './lib/tags';
import { Footer } from './components/footer';
import { HydrateLater } from './components/hydrate-later';
import { Header } from './components/header';
import { ScrollManager, ScrollRestorationScript } from './components/scroll-manager';
import { useExternalValue, useHydrated, useLocalStorage } from './lib/hooks';
import { TOAST_MS, toasterMounted, toasterWanted } from './lib/toast';
import { useRouteHandle } from './lib/page';
import { useNonce } from './lib/nonce';
import { progressiveHydrationSettled } from './lib/progressive-hydration';
import { BadRequestPage, NotFoundPage, ServerErrorPage } from './components/error-pages';
import { apiFrom } from './lib/api.server';
import { getUser } from './lib/auth.server';
import { DEPARTMENT_ENTRIES } from './lib/departments.server';
import { IconSymbols } from './components/icons';
// The stylesheet (about 9 KB gzipped) is one hashed, immutable file that every page links to, so
// a shopper downloads it once for the whole site (and the service worker precaches it) instead of
// 50 KB of CSS repeated in every page's HTML (issue 12 §3; decision 0024 replaces decision 0005's
// inlining). Referenced on the server only: the browser keeps the server's <head>.
import stylesheetHref from './app.css?url';

export const links: Route.LinksFunction = () => [
  {
    rel: 'icon',
    href: 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 viewBox=%220 0 32 32%22%3E%3Crect width=%2232%22 height=%2232%22 rx=%228%22 fill=%22%234338ca%22/%3E%3Ctext x=%2216%22 y=%2223%22 font-size=%2220%22 text-anchor=%22middle%22 fill=%22white%22 font-family=%22Arial%22 font-weight=%22bold%22%3EB%3C/text%3E%3C/svg%3E',
  },
];

/**
 * Hot words for the header search (the header must render even when the API is down) and the
 * department links of the menus (sent as data so the category tree is not in the root chunk).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const hotWords = await apiFrom(context)
    .hotWords()
    .catch(() => [] as string[]);
  // The signed-in shopper as the server knows them (decision 0013): the header greets them in the
  // server's HTML; after hydration the browser's stored account takes over (lib/auth-client.ts).
  // Consent-gated third-party tags from configuration (lib/tags.ts): only their ids reach the page.
  const tags = context.tags && (context.tags.gtmContainerId || context.tags.affiliateScriptUrl) ? context.tags : null;
  return { hotWords, departments: DEPARTMENT_ENTRIES, user: getUser(context), tags };
}

/** The hot words change rarely: load them once per visit, not on every navigation. */
export function shouldRevalidate() {
  return false;
}

/** sonner's Toaster, telling lib/toast once it is mounted (toasts asked for earlier wait for it). */
const Toaster = lazy(() =>
  import('sonner').then((m) => ({
    default: function MountedToaster() {
      useEffect(() => toasterMounted(), []);
      return <m.Toaster position="top-center" duration={TOAST_MS} />;
    },
  })),
);

/** The toaster, fetched and mounted when the first toast is asked for (lib/toast). */
function LazyToaster() {
  const wanted = useExternalValue(toasterWanted.subscribe, toasterWanted.get, false);
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/**
 * HTML shell with header and footer around every page and error page. The matched route's
 * page name (spec §2.1) is exposed as `data-page` on <body> for layout and analytics.
 */
export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const { page, checkout } = useRouteHandle();
  const nonce = useNonce();
  return (
    <DocumentElement>
      {import.meta.env.SSR ? (
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="theme-color" content="#4338ca" />
          <link rel="stylesheet" href={stylesheetHref} />
          <Meta />
          <Links />
        </head>
      ) : (
        // Preact leaves the server's <head> as it is (an element with inner HTML is not
        // hydrated child by child); ClientMeta keeps its per-page part current.
        <head dangerouslySetInnerHTML={{ __html: '' }} />
      )}
      <body className="flex min-h-screen flex-col font-sans" data-page={page}>
        <a href="#main" className="sr-only z-60 rounded bg-white px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
          Skip to content
        </a>
        <IconSymbols />
        <HydrateLater>
          <Header hotWords={data?.hotWords ?? []} checkout={checkout} />
        </HydrateLater>
        <HydrateLater>
          <main id="main" className="flex-1">
            {children}
          </main>
        </HydrateLater>
        <HydrateLater>
          <Footer />
        </HydrateLater>
        <CookieBanner />
        <LazyToaster />
        <ScrollManager />
        {import.meta.env.SSR ? null : <ClientMeta />}
        <HydrateLater>
          <ScrollRestorationScript nonce={nonce} />
        </HydrateLater>
        <Scripts nonce={nonce || undefined} />
      </body>
    </DocumentElement>
  );
}

/** Head elements rendered from the routes' `meta` exports (pageMeta, jsonLd in lib/meta.ts). */
const PAGE_META_SELECTOR = 'title, meta[name="description"], meta[name="robots"], meta[property], link[rel="canonical"], script[type="application/ld+json"]';

/**
 * In the browser, the routes' meta (title, description, canonical, JSON-LD) after hydration:
 * the server-rendered elements are removed once and React Router's <Meta /> is rendered into
 * <head> through a portal, so client-side navigations update the title and canonical link.
 * (React hoists and reorders head elements on the server; Preact hydrates children by position,
 * so the head is not hydrated element by element; decision 0004.)
 */
function ClientMeta() {
  const hydrated = useHydrated();
  // Taken on the first (hydrating) render, before the portal adds its own elements.
  const [serverElements] = useState(() => [...document.head.querySelectorAll(PAGE_META_SELECTOR)]);
  useLayoutEffect(() => {
    if (hydrated) for (const el of serverElements) el.remove();
  }, [hydrated, serverElements]);
  return hydrated ? createPortal(<Meta />, document.head) : null;
}

/**
 * The <html> element on the server. In the browser, Preact (decision 0004) hydrates the
 * children of document.documentElement, so there the element is left out and its one dynamic
 * attribute is set directly: `data-hydrated` tells tests and scripts that the page is live,
 * including the regions hydrated after the first pass (decision 0005).
 */
function DocumentElement({ children }: { children: React.ReactNode }) {
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated)
      void progressiveHydrationSettled().then(() => {
        document.documentElement.dataset.hydrated = 'true';
      });
  }, [hydrated]);
  return import.meta.env.SSR ? <html lang="en-US">{children}</html> : <>{children}</>;
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { pathname, search } = useLocation();
  // GTM and the affiliate script, when configured, once the shopper consents (lib/tags.ts).
  const [consent] = useLocalStorage(COOKIE_KEY, null);
  const { tags } = loaderData;
  // Not before the delayed-load moment (spec §9: 1 s after load; lib/delayed-load.ts), without re-rendering the page for it.
  useEffect(() => {
    if (consent !== 'true') return;
    let live = true;
    void afterDelayedLoad().then(() => {
      if (live) loadConsentedTags(tags);
    });
    return () => {
      live = false;
    };
  }, [consent, tags]);
  // A page visit, and the campaign a shopper arrived from (spec §4 UTM tracking), after consent only (lib/analytics).
  useEffect(() => {
    trackCampaign(search);
    track('page_view', { page_title: document.title.slice(0, 300) });
  }, [pathname, search]);
  // The service worker (spec §4; lib/service-worker.ts): failed resources noted from now on, the
  // worker registered at the delayed-load moment (1 s after load) once the browser is idle.
  useEffect(() => {
    watchFailedResources();
    void registerServiceWorker();
  }, []);
  const prefetch = useViewportPrefetch(pathname + search);
  return (
    <>
      <Outlet />
      {prefetch.map((page) => (
        <PrefetchPageLinks key={page} page={page} />
      ))}
      {prefetch.length > 0 ? <div hidden data-testid="prefetched" data-pages={prefetch.join(' ')} /> : null}
    </>
  );
}

/**
 * Root ErrorBoundary: the 404 template for 404 responses, the 400 template (with the reason) for
 * 400 responses, the 500 template for everything else.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>('root');
  const hotWords = data?.hotWords ?? [];
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status >= 500 && import.meta.env.DEV) console.error(error);
  const reason = isRouteErrorResponse(error) && typeof error.data?.message === 'string' ? error.data.message : 'The request was not valid.';
  const [title, description] =
    status === 404
      ? ['Page not found', 'The page may have moved, or the product is no longer sold.']
      : status === 400
        ? ['Link not valid', 'Part of this link is not valid.']
        : ['Something went wrong', 'We could not load this page right now.'];
  return (
    <>
      <title>{`${title} | B-Deals`}</title>
      <meta name="description" content={description} />
      <meta name="robots" content="noindex" />
      {status === 404 ? (
        <NotFoundPage hotWords={hotWords} />
      ) : status === 400 ? (
        <BadRequestPage hotWords={hotWords} reason={reason} />
      ) : (
        <ServerErrorPage hotWords={hotWords} />
      )}
    </>
  );
}
