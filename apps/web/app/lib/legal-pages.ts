// The shop's legal pages: linked from every page's footer, from checkout's payment step and from
// the sign-in pages (their paths are written there too: apps/api/src/modules/identity/pages.ts).
export const LEGAL_PAGES = [
  {
    routeId: 'legal-terms',
    path: '/terms',
    title: 'Terms of sale',
    summary: 'The terms you buy from Plumbline on: orders, prices, delivery, cancelling and returns, and your rights.',
  },
  {
    routeId: 'legal-privacy',
    path: '/privacy',
    title: 'Privacy notice',
    summary: 'What Plumbline keeps about you, why, for how long, who else sees it, and your rights.',
  },
  {
    routeId: 'legal-cookies',
    path: '/cookies',
    title: 'Cookie notice',
    summary: 'The cookies and browser storage Plumbline uses, what each is for and how long it lasts.',
  },
  {
    routeId: 'legal-reviews',
    path: '/reviews-policy',
    title: 'How we check reviews',
    summary: 'Who can review, what we check before a review is shown, why we reject one, and what we never do.',
  },
] as const;

export type LegalPage = (typeof LEGAL_PAGES)[number];

/** The page a route id of routes.ts stands for (one route module serves them all). */
export const legalPageOf = (routeId: string | undefined): LegalPage | undefined => LEGAL_PAGES.find((page) => page.routeId === routeId);
