import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import type { ReactNode } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { SiteFooter } from './components/layout/site-footer.tsx';
import { SiteHeader } from './components/layout/site-header.tsx';
import { ErrorPage, NotFoundPage } from './components/status-page.tsx';
import { ToastProvider } from './components/ui/toast.tsx';
import { pageMeta } from './lib/meta.ts';
import { loadNavigation } from './lib/navigation.server.ts';
import { useCategories } from './lib/use-categories.ts';

export const links: Route.LinksFunction = () => [
  // Latin Inter is on every page: fetch it with the CSS rather than after it.
  { rel: 'preload', href: interLatin, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

// Browsers send "Origin: null" on form posts from a page served with "no-referrer", and React
// Router refuses such actions as cross-site; the browser default keeps forms working without
// JavaScript while still sending no path to other sites.
export const headers: Route.HeadersFunction = () => ({ 'Referrer-Policy': 'strict-origin-when-cross-origin' });

export async function loader({ context }: Route.LoaderArgs) {
  // The year comes from the server so the footer hydrates with the same text it rendered.
  return { navigation: await loadNavigation(context), copyrightYear: new Date().getFullYear() };
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
  const copyrightYear = useRouteLoaderData<typeof loader>('root')?.copyrightYear;
  const { pathname, search } = useLocation();
  const searchQuery = pathname === '/search' ? (new URLSearchParams(search).get('q') ?? undefined) : undefined;

  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f2339" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col bg-white font-sans text-navy-950 antialiased">
        <a
          href="#main"
          className="sr-only rounded-lg bg-white px-4 py-3 font-semibold text-navy-950 shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50"
        >
          Skip to main content
        </a>
        <ToastProvider>
          <SiteHeader categories={categories} searchQuery={searchQuery} />
          <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
            {children}
          </main>
          <SiteFooter categories={categories} copyrightYear={copyrightYear} />
        </ToastProvider>
        <ScrollRestoration />
        <Scripts />
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
