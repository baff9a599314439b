// The shop's legal pages, each a content page staff edit (decisions 0128, 0132, 0135): linked from every page's
// footer while published, from checkout's payment step and from the sign-in pages (their paths are written there
// too: apps/api/src/modules/identity/pages.ts). Their words, titles and summaries are the content pages'.
export const LEGAL_PAGES = [
  { path: '/terms', title: 'Terms of sale' },
  { path: '/privacy', title: 'Privacy notice' },
  { path: '/cookies', title: 'Cookie notice' },
  { path: '/reviews-policy', title: 'How we check reviews' },
] as const;
