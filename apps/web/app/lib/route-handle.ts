import { useMatches } from 'react-router';

/** What a route tells the document frame about itself (its `handle` export). */
export interface RouteHandle {
  /**
   * `bare`: no header, footer or sign-in provider. For the popup and hidden-frame sign-in
   * callbacks, which only hand the provider's answer to the window that asked.
   * `checkout`: a slim header (logo, "Secure checkout", help) and a footer of the legal links only.
   */
  frame?: 'bare' | 'checkout';
  /** The page shows sign-in failures itself, so the page-wide notice stays away. */
  showsAuthProblem?: boolean;
  /**
   * `clear-of-summary`: the page's order summary and its Checkout button take the right-hand column
   * (and, on a phone, the bottom of the page), so short messages appear where they cannot cover it:
   * at the top on a phone, at the bottom left on a wide screen.
   */
  toasts?: 'clear-of-summary';
}

/** The handles of the matched routes, merged (deeper routes win). */
export function useRouteHandle(): RouteHandle {
  return Object.assign({}, ...useMatches().map((match) => (match.handle ?? {}) as RouteHandle)) as RouteHandle;
}
