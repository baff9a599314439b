/**
 * The storefront's pages are served under PUBLIC_URL's host alone (decision 0052): the identity
 * provider's issuer, the sign-in callbacks, the card field's frame-ancestors and the browser's
 * storage all belong to that one origin, so a page asked for under any other name (127.0.0.1 while
 * PUBLIC_URL says localhost, the machine's network address, a forged Host) is sent there before
 * anything can break. Only the host is compared: behind a TLS proxy that is not trusted the scheme
 * the shop sees is not the visitor's, and comparing it would loop.
 */

/** What to do with a page request, by the host it was asked for under. */
export type PublicHostAnswer =
  | { kind: 'serve' }
  /** GET and HEAD: the same page on PUBLIC_URL. */
  | { kind: 'redirect'; location: string }
  /** Any other method: a form sent to the wrong name is refused, not re-sent to another site. */
  | { kind: 'misdirected' };

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/** Whether `host` (a Host header, as Fastify reads it under TRUST_PROXY) names PUBLIC_URL's host. */
export function isPublicHost(publicUrl: string, host: string | undefined): boolean {
  if (!host) return false;
  const configured = new URL(publicUrl);
  const asked = host.toLowerCase();
  if (asked === configured.host) return true;
  // PUBLIC_URL on the scheme's own port: the Host header may still name it.
  return !configured.port && asked === `${configured.hostname}:${DEFAULT_PORTS[configured.protocol]}`;
}

/** Where a page asked for at `url` (path and query) is found under PUBLIC_URL, with its path prefix if it has one. */
export const publicLocation = (publicUrl: string, url: string) => `${publicUrl.replace(/\/+$/, '')}${url}`;

export function publicHostAnswer(publicUrl: string, request: { method: string; host: string | undefined; url: string }): PublicHostAnswer {
  if (isPublicHost(publicUrl, request.host)) return { kind: 'serve' };
  if (request.method !== 'GET' && request.method !== 'HEAD') return { kind: 'misdirected' };
  return { kind: 'redirect', location: publicLocation(publicUrl, request.url) };
}

/** The refusal of a non-GET page request under another name: problem details a person can act on. */
export function misdirectedProblem(publicUrl: string, url: string) {
  return {
    type: 'https://plumbline.example/problems/misdirected-request',
    title: 'Wrong address for this shop',
    status: 421,
    detail: `This shop is at ${publicUrl.replace(/\/+$/, '')}. Go there and try again.`,
    code: 'MISDIRECTED_REQUEST',
    instance: url,
  };
}

/**
 * Fastify's line for each address it listens on (with HOST=0.0.0.0, every address of the machine):
 * it says where pages asked for there are sent, rather than advertising an address that only redirects.
 */
export function listeningText(publicUrl: string, address: string, servesPages: boolean): string {
  if (!servesPages || isPublicHost(publicUrl, new URL(address).host)) return `Listening on ${address}`;
  return `Listening on ${address}: pages asked for there are sent to ${publicUrl.replace(/\/+$/, '')}/ (PUBLIC_URL)`;
}
