import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import { Suspense, type ReactNode } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { AuthNotice } from './components/auth/auth-problem.tsx';
import { ShopAuthProvider } from './components/auth/auth-provider.tsx';
import { SiteHeader } from './components/layout/site-header.tsx';
import { ToastProvider } from './components/ui/toast.tsx';
import { BasketProvider } from './lib/basket/basket-context.tsx';
import { WishlistProvider } from './lib/wishlist/wishlist-context.tsx';
import { EARLY_PRESS_SCRIPT } from './lib/early-press.ts';
import { useCspNonce } from './lib/csp-nonce.ts';
import { hasSessionHint } from './lib/auth/session-hint.ts';
import { readShopSession } from './lib/auth/session.server.ts';
import { signedInNameOf } from './components/auth/header-account.tsx';
import { priceDisplayFromCookie, ServerPriceDisplay } from './lib/price-display.ts';
import { AUTH_CALLBACK_PATHS, providerSettings, publicSiteUrl, settingsAt } from './lib/auth/settings.ts';
import { webConfig } from './lib/config.server.ts';
import { canonicalUrl, pageMeta } from './lib/meta.ts';
import { frameNavigation } from './lib/catalogue.ts';
import { loadNavigation } from './lib/navigation.server.ts';
import { loadShopDetails } from './lib/shop-details.server.ts';
import { loadFrameItems } from './lib/content/global-items.server.ts';
import { useRouteHandle } from './lib/route-handle.ts';
import { useCategories } from './lib/use-categories.ts';
import { lazyComponent } from './lib/lazy-component.tsx';
import { CheckoutFooter, CheckoutHeader } from './components/layout/checkout-frame-lazy.tsx';
import { CookieBanner } from './components/layout/cookie-banner.tsx';
import { consentFromCookie } from './lib/consent.ts';
import { ignoreAbandonedRequests } from './lib/abandoned-requests.ts';

// A request the page abandoned is not an error, in the browser's console or anywhere else.
if (typeof window !== 'undefined') ignoreAbandonedRequests(window);

// Error pages are fetched only by a page that shows one (docs/decisions/0054).
const NotFoundPage = lazyComponent(() => import('./components/status-page.tsx').then((module) => module.NotFoundPage));
const ErrorPage = lazyComponent(() => import('./components/status-page.tsx').then((module) => module.ErrorPage));
// The footer, below every page's fold, is drawn by the server and its code fetched as it nears the window.
const SiteFooter = lazyComponent(() => import('./components/layout/site-footer.tsx').then((module) => module.SiteFooter), { whenVisible: true });

export const links: Route.LinksFunction = () => [
  // Latin Inter is on every page: fetch it with the CSS rather than after it.
  { rel: 'preload', href: interLatin, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  // A stylesheet with a precedence is written before the script preloads (React's resource order):
  // the page cannot paint without it, while the scripts only make it interactive.
  { rel: 'stylesheet', href: stylesheet, precedence: 'default' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

// Browsers send "Origin: null" on form posts from a page served with "no-referrer", and React
// Router refuses such actions as cross-site; the browser default keeps forms working without
// JavaScript while still sending no path to other sites.
export const headers: Route.HeadersFunction = () => ({ 'Referrer-Policy': 'strict-origin-when-cross-origin' });

/** Pages shown in a popup or a hidden frame, without the shop's frame (and so without its categories). */
const FRAMELESS_PATHS: readonly string[] = [AUTH_CALLBACK_PATHS.popup, AUTH_CALLBACK_PATHS.silent];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  // A hidden-frame renewal must not depend on the catalogue being up. The frame shows both.
  const [navigation, shop, items] = FRAMELESS_PATHS.includes(pathname)
    ? [{ categories: [] }, null, { announcement: null, footerColumns: '', legalLinks: '' }]
    : await Promise.all([loadNavigation(request, context), loadShopDetails(request, context), loadFrameItems(request, context)]);
  return {
    navigation: frameNavigation(navigation),
    // Who the shop is and how to reach it: footer, contact and legal pages (decision 0016).
    shop,
    // The announcement bar and the footer's columns, as staff publish them (decision 0085).
    announcement: items.announcement,
    footerColumns: items.footerColumns,
    legalLinks: items.legalLinks,
    // The year comes from the server so the footer hydrates with the same text it rendered.
    copyrightYear: new Date().getFullYear(),
    // The sign-in provider; the callbacks return to siteUrl, the address this page was asked for (settingsAt).
    auth: providerSettings(webConfig().oidc),
    // Whether someone may be signed in here: without the hint the header says "Sign in" from the first paint.
    sessionHint: hasSessionHint(request.headers.get('cookie') ?? '') || readShopSession(request) !== null,
    // Who the server's session says is signed in, for the header from the first paint (such pages are private).
    signedInName: signedInNameOf(readShopSession(request)?.profile),
    // A trade customer's choice of ex- or inc-VAT prices first, so prices are drawn that way from the first paint.
    priceDisplay: priceDisplayFromCookie(request.headers.get('cookie') ?? ''),
    // Whether the visitor has made a choice about cookies: until then every page carries the banner.
    consentChosen: consentFromCookie(request.headers.get('cookie') ?? '') !== null,
    // Where the shop is published, for canonical links and structured data.
    siteUrl: publicSiteUrl(webConfig().publicUrl, request.url),
  };
}

// The category tree changes rarely; keep it across client navigations and form posts. A root
// that failed to load has no data and is always loaded again.
export const shouldRevalidate = () => false;

export const meta: Route.MetaFunction = ({ error }) => {
  if (!error) return [];
  return isRouteErrorResponse(error) && error.status === 404
    ? pageMeta('Page not found', 'The page you were looking for is not on Plumbline.')
    : pageMeta('Something went wrong', 'Plumbline could not show this page just now.');
};

/** The document and the shop's frame, around both pages and error pages. */
export function Layout({ children }: { children: ReactNode }) {
  const categories = useCategories();
  const rootData = useRouteLoaderData<typeof loader>('root');
  const { frame, showsAuthProblem } = useRouteHandle();
  const { pathname, search } = useLocation();
  const searchQuery = pathname === '/search' ? (new URLSearchParams(search).get('q') ?? undefined) : undefined;
  // Every inline script carries this response's nonce (decision 0064); browsers hide it from the DOM, hence no hydration check.
  const nonce = useCspNonce();

  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f2339" />
        <Meta />
        {rootData && <link rel="canonical" href={canonicalUrl(rootData.siteUrl, pathname, search)} />}
        <Links />
        {/* Records presses the page's scripts will carry out once they run (decision 0020). */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: EARLY_PRESS_SCRIPT }} />
      </head>
      <body className="flex min-h-dvh flex-col bg-white font-sans text-navy-950 antialiased">
        {rootData?.consentChosen === false && frame !== 'bare' && <CookieBanner returnTo={pathname + search} />}
        {frame === 'bare' ? (
          <main id="main" className="flex-1">
            {children}
          </main>
        ) : (
          // A boundary around the whole frame: React hydrates what is inside it in slices of a few
          // milliseconds, yielding to the browser between them, instead of in one long task that
          // keeps a phone from answering taps. It never suspends in the server render, and
          // entry.server.tsx has React write it in place (docs/decisions/0014).
          <Suspense>
            <ShopAuthProvider
              settings={rootData ? settingsAt(rootData.auth, rootData.siteUrl) : undefined}
              sessionHint={rootData?.sessionHint ?? true}
              signedInName={rootData?.signedInName ?? null}
            >
              <a href="#main" className="skip-link">
                Skip to main content
              </a>
              <ToastProvider>
                <ServerPriceDisplay value={rootData?.priceDisplay ?? null}>
                  <BasketProvider>
                    <WishlistProvider>
                      {frame === 'checkout' ? (
                        <CheckoutHeader shop={rootData?.shop ?? null} />
                      ) : (
                        <SiteHeader categories={categories} searchQuery={searchQuery} announcement={rootData?.announcement} />
                      )}
                      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
                        {children}
                      </main>
                      {frame === 'checkout' ? (
                        <CheckoutFooter shop={rootData?.shop ?? null} copyrightYear={rootData?.copyrightYear} legal={rootData?.legalLinks ?? ''} />
                      ) : (
                        <SiteFooter
                          categories={categories}
                          copyrightYear={rootData?.copyrightYear}
                          shop={rootData?.shop ?? null}
                          columns={rootData?.footerColumns ?? ''}
                          legal={rootData?.legalLinks ?? ''}
                        />
                      )}
                      {!showsAuthProblem && <AuthNotice />}
                    </WishlistProvider>
                  </BasketProvider>
                </ServerPriceDisplay>
              </ToastProvider>
            </ShopAuthProvider>
          </Suspense>
        )}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} />;
}
