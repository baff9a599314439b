/**
 * What no log line may carry (decision 0048): an e-mail address keeps its first character and its
 * domain (`j***@example.com`), a token becomes `[redacted]`. Every logger the shop makes applies
 * `redactLogText` to each line as written (the API's and the web tier's pino hook, the storefront's
 * own lines), so a message, a URL, an error's stack and a logged object are covered alike, and so is
 * code written later. The staff mailbox asks `urlCarriesToken` which links to hide.
 */

export const REDACTED = '[redacted]';

/**
 * The words after which a path segment is a link's token: the help centre's reply and erasure
 * links, review question invitations, newsletter and back-in-stock links, the identity provider's
 * interactions, the e-mailed link to manage an order (`/order-help/link/…`, decision 0049). A token
 * also looks like one (`looksLikeToken`); these catch the few that do not.
 */
const TOKEN_ROUTE_WORDS = 'reply|replies|answer|confirm|confirm-deletion|unsubscribe|invitations|interaction|challenge|link';
const ROUTE_WORDS = ['/repl', '/answer/', '/confirm', '/unsubscribe/', '/invitations/', '/interaction/', '/challenge/', '/link/'];
const AFTER_TOKEN_ROUTE_WORD = new RegExp(`(/(?:${TOKEN_ROUTE_WORDS})/)[A-Za-z0-9_-]{8,}`, 'gi');
const TOKEN_ROUTE_WORD = new RegExp(`^(?:${TOKEN_ROUTE_WORDS})$`, 'i');

/** Query parameters whose value is a secret: tokens, codes, signatures, OpenID's state and hints. */
const SECRET_PARAMETER = /^(?:[a-z_-]*token|[a-z_-]*secret|password|passwd|code|code_verifier|state|nonce|sig|signature|key|api_?key|otp|[a-z_]*_hint)$/i;
const SECRET_QUERY = /([?&;]([A-Za-z_-]+)=)[^&#\s"'\\<>]+/g;
/** A link's parameters that make it act for its recipient (the mailbox hides those links; codes people read out stay). */
const LINK_TOKEN_PARAMETER = /(?:token|secret)$/i;

/** A logged object's member holding a secret, in a JSON line: its value goes. */
const SECRET_MEMBER_WORDS = ['token', 'secret', 'passw', 'authorization', 'cookie', 'key'];
const SECRET_MEMBER = /"([A-Za-z_-]*(?:token|secret|password|passwd|authorization|cookie|api_?key))":"(?:[^"\\]|\\.)*"/gi;
const JWT = /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]*)?/g;
/** A payment's client secret (Stripe's and the sandbox's `pi_…_secret_…`), wherever it stands: in quotes, a provider's error, a value under any name. */
const CLIENT_SECRET = /\b(?:pi|seti|pm)_[A-Za-z0-9]+_secret_[A-Za-z0-9]+/g;
const BEARER = /\b(Bearer\s+)[A-Za-z0-9._~+/=-]+/gi;
// A word would pass for a Basic credential: require a digit or a base64 sign in it.
const BASIC = /\b(Basic\s+)(?=[A-Za-z0-9+/]*[0-9+/])[A-Za-z0-9+/]{8,}={0,2}/g;
// Local part at a boundary (a longer run is not cut in two), `@` or its percent-encoding, then the domain.
const EMAIL = /(?<![A-Za-z0-9._%+-])([A-Za-z0-9._%+-]{1,256})(?:@|%40)([A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})+)/gi;

/**
 * Whether a run of URL-safe characters is a random token: twenty or more, with capitals, small
 * letters and digits (the shop's tokens are base64url). Slugs, UUIDs, hex digests and the spec's
 * CamelCase path words are not.
 */
export function looksLikeToken(run: string): boolean {
  return run.length >= 20 && /[A-Z]/.test(run) && /[a-z]/.test(run) && /[0-9]/.test(run);
}

/** `jo.bloggs@example.com` → `j***@example.com`: enough to tell two customers' lines apart, not to write to either. */
export function maskEmailAddress(local: string, domain: string): string {
  return `${local.startsWith('%') ? local.slice(0, 3) : local.charAt(0)}***@${domain}`;
}

/**
 * A line (JSON or text) with every e-mail address masked and every token replaced by `[redacted]`.
 * Each rule runs only on a line with what it looks for (a few microseconds for a request's line).
 */
export function redactLogText(line: string): string {
  const lower = line.toLowerCase();
  let text = line;
  if (lower.includes('eyj')) text = text.replace(JWT, REDACTED);
  if (lower.includes('_secret_')) text = text.replace(CLIENT_SECRET, REDACTED);
  if (lower.includes('bearer')) text = text.replace(BEARER, `$1${REDACTED}`);
  if (lower.includes('basic')) text = text.replace(BASIC, `$1${REDACTED}`);
  if (text.includes('":"') && SECRET_MEMBER_WORDS.some((word) => lower.includes(word))) text = text.replace(SECRET_MEMBER, `"$1":"${REDACTED}"`);
  if (text.includes('=')) text = text.replace(SECRET_QUERY, (match, head: string, name: string) => (SECRET_PARAMETER.test(name) ? head + REDACTED : match));
  if (ROUTE_WORDS.some((word) => lower.includes(word))) text = text.replace(AFTER_TOKEN_ROUTE_WORD, `$1${REDACTED}`);
  text = redactTokenShapedRuns(text);
  if (text.includes('@') || lower.includes('%40')) {
    // A version (`pino@10.4.0`) has no letters in its last part: only an address's domain has.
    text = text.replace(EMAIL, (match, local: string, domain: string) => (/[A-Za-z]{2,}$/.test(domain) ? maskEmailAddress(local, domain) : match));
  }
  return text;
}

const isRunCharacter = (code: number) =>
  (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 /* _ */ || code === 45; /* - */
// After a slash, an equals sign or a space: a path segment, a value, a word. Not after a quote, so a
// caller's own request id (a JSON value) is never taken for a token.
const isRunStart = (code: number) => code === 47 || code === 61 || code === 32 || code === 9 || code === 10;

/** Every run of URL-safe characters that `looksLikeToken`, after a slash, equals sign or space, as `[redacted]` (a scan: a regex was 3 µs a line). */
function redactTokenShapedRuns(text: string): string {
  let out = '';
  let copied = 0;
  let start = -1;
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && isRunCharacter(text.charCodeAt(i))) {
      if (start < 0) start = i;
      continue;
    }
    if (start > 0 && i - start >= 20 && isRunStart(text.charCodeAt(start - 1)) && looksLikeToken(text.slice(start, i))) {
      out += text.slice(copied, start) + REDACTED;
      copied = i;
    }
    start = -1;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/**
 * Whether a link acts for whoever holds it: a token in its query (`?token=`) or in its path (after a
 * token route word, or shaped like one). A retrieval or share code people read out is not one.
 */
export function urlCarriesToken(href: string): boolean {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return false;
  }
  for (const name of url.searchParams.keys()) if (LINK_TOKEN_PARAMETER.test(name)) return true;
  const segments = url.pathname.split('/').filter(Boolean);
  return segments.some((segment, index) => looksLikeToken(segment) || (index > 0 && TOKEN_ROUTE_WORD.test(segments[index - 1]!) && segment.length >= 8));
}
