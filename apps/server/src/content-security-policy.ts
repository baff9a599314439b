import { randomBytes } from 'node:crypto';

/** Where a storefront page may reach beyond itself, from the shop's settings. */
export interface PolicySources {
  /** The shop's address (PUBLIC_URL): its pages, the API below it, the payment sandbox's frames. */
  publicUrl: string;
  /** The identity provider's issuer (OIDC_ISSUER, or the embedded one below PUBLIC_URL): sign-in's calls and hidden frames. */
  issuer: string;
  /** Stripe.js (STRIPE_JS_URL) and the API it calls (STRIPE_API_URL, else Stripe's own); null when no page can use Stripe. */
  stripe: { jsUrl: string; apiUrl?: string } | null;
}

const STRIPE_JS_ORIGIN = 'https://js.stripe.com';

/** Stripe.js's frames and calls (Stripe's published list): its own origin and subdomains, and hooks.stripe.com's 3-D Secure pages. */
function stripeSources(stripe: NonNullable<PolicySources['stripe']>): { frames: string[]; calls: string[] } {
  const js = new URL(stripe.jsUrl).origin;
  const real = js === STRIPE_JS_ORIGIN;
  return {
    frames: real ? [js, 'https://*.js.stripe.com', 'https://hooks.stripe.com'] : [js],
    calls: [stripe.apiUrl ? new URL(stripe.apiUrl).origin : 'https://api.stripe.com'],
  };
}

const unique = (sources: readonly string[]) => [...new Set(sources)];

/**
 * The content security policy of every storefront page (docs/decisions/0064), made once from the
 * settings; the returned function puts a response's nonce in it. Scripts run only with the page's
 * nonce or when loaded by one that did ('strict-dynamic'); `https:` is only for browsers that know
 * nonces but not 'strict-dynamic' (CSP3 browsers ignore it beside a nonce). Styles may be inline:
 * React writes `style` attributes. Stripe is allowed on every page, not only at payment: checkout is
 * reached by a link without loading a new document, and a document keeps the policy it came with.
 */
export function storefrontPolicy(sources: PolicySources): (nonce: string) => string {
  const self = ["'self'", new URL(sources.publicUrl).origin];
  const provider = new URL(sources.issuer).origin;
  const stripe = sources.stripe ? stripeSources(sources.stripe) : { frames: [], calls: [] };
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ['NONCE', "'strict-dynamic'", 'https:']],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    // As X-Frame-Options SAMEORIGIN (apps/api/src/platform/security-headers.ts): the silent-renewal frame is the shop's own page.
    ['frame-ancestors', ["'self'"]],
    // Sign-in's pages post to the provider (and return to the shop).
    ['form-action', [...self, provider]],
    ['connect-src', [...self, provider, ...stripe.calls]],
    // The provider's hidden frames (silent renewal, session check), the payment sandbox's card and bank frames, Stripe's.
    ['frame-src', [...self, provider, ...stripe.frames]],
    // data: and blob: are photos chosen for upload, shown before they are sent.
    ['img-src', [...self, 'data:', 'blob:']],
    ['font-src', ["'self'"]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
  ];
  const [before, after] = directives
    .map(([name, values]) => `${name} ${unique(values).join(' ')}`)
    .join('; ')
    .split('NONCE');
  return (nonce) => `${before}'nonce-${nonce}'${after}`;
}

/** A fresh nonce for one response: 128 random bits, base64. */
export const mintNonce = (): string => randomBytes(16).toString('base64');
