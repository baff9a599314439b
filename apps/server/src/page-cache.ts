import { deflateParts, splitAtNonce, type SplitPage } from './kept-page-bytes.ts';
import type { PageSource } from './page-sources.ts';

/**
 * Guest pages kept as drawn (decision 0077): a page that is the same for every visitor without a
 * cookie (home, a category, search results, a product page, the category directory) is drawn once
 * and then sent from memory to every such visitor until it ages out (`ttlMs`) or a change notice
 * says what it shows changed (`forgetAll`, with `settleMs` after the notice in which nothing is
 * kept, while the instance's own kept answers catch up). A product's change forgets the pages that
 * show it (decision 0160); a listing that keeps the API's answers it was drawn from is checked
 * against them once the change is in, rather than forgotten (`toCheck`, `checked`: decision 0162).
 *
 * A page keeps its bytes split at its content-security-policy nonce (decision 0064): each answer
 * carries a nonce of its own, minted for it and spliced in, never the one the page was drawn with.
 * Compressed, the parts between nonces are kept as raw deflate that ends on a byte boundary with
 * nothing remembered across it (a full flush), so a gzip answer is those parts with each nonce
 * between them as a stored block: no compression on the way out, only a CRC-32 of what is sent.
 */
export interface PageCacheSettings {
  /** How long a kept page is sent before it is drawn again; 0 keeps none. */
  ttlMs: number;
  /** How much kept pages may hold in all (their plain and compressed bytes); the least recently sent go first. */
  maxBytes: number;
  /** How many pages may be kept, whatever their size. */
  maxEntries: number;
  /** After a change notice, how long no page is kept: what the instance keeps of the API's answers (10 s) and the catalogue's rebuild gap. */
  settleMs: number;
  /**
   * After a product's own change patched into this instance's catalogue (a price, a stock status, a name: decisions 0080 and
   * 0149), how long a page drawn since is kept at most: what the instance keeps of the API's answers (10 s), which a page drawn
   * then may still show (decision 0155).
   */
  patchedSettleMs: number;
}

export interface KeptPage extends SplitPage {
  status: number;
  headers: [string, string][];
  bytes: number;
  /** When it is drawn again: its age limit, or the end of a patched change's settling. */
  keptUntil: number;
  /** The products whose details it shows, when the page says (a product page); null when it may show any (a listing). */
  shows: readonly number[] | null;
  /** Of a page that names no products, the API's answers it was drawn from (decision 0162); null when they are not all known. */
  sources: readonly PageSource[] | null;
  /** The catalogue's epoch (`PageCache.epoch`) when it was begun, or when its sources were last found unchanged. */
  epoch: number;
}

/** What `keep` is given: the page as drawn, when it was begun, and the products it shows if it says (`KeptPage.shows`). */
export interface DrawnPage {
  status: number;
  headers: Headers;
  body: Buffer;
  nonce: string;
  drawnAt: number;
  shows?: readonly number[] | null;
  /** The answers it was drawn from, when all are known (`KeptPage.sources`), and the epoch read when it was begun. */
  sources?: readonly PageSource[] | null;
  epoch?: number;
}

/**
 * Pages only a guest's URL decides: the home page, a category, search results, a product page, the category directory, and the
 * content pages (about us, the blog and its posts, the help topics, the legal pages), whose publishing forgets them as a price does.
 * The help centre's forms and reply links are drawn each time.
 */
const GUEST_PAGES =
  /^\/(?:|c\/[^/]+|p\/[^/]+|search|categories|about|blog|blog\/[^/]+|help|help\/(?!contact$|reply$)[^/]+|terms|privacy|cookies|reviews-policy)$/;
/** A Cookie header holding nothing but the visitor's cookie choice (apps/web/app/lib/consent.ts). */
const CONSENT_ONLY = /^shop_consent=(?:accepted|rejected);?$/;
/** The most nonces a kept page may carry (the shop's pages have fewer than ten inline scripts). */
const MAX_NONCES = 64;
/** A longer address is drawn each time rather than kept (no page of the shop needs more). */
const MAX_KEY_LENGTH = 512;

export interface PageRequest {
  method: string;
  /** The scheme and host the page is drawn for (its canonical links, sign-in callbacks): one key each. */
  protocol: string;
  host: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

/** Whether the request is answered the same for every visitor, and then under what key; null when it is drawn for this visitor. */
export function guestPageKey(request: PageRequest, isBot: boolean): string | null {
  if (request.method !== 'GET') return null;
  // Any cookie may be someone's: a session, the sign-in hint, a guest basket, a trade customer's price choice. The one
  // exception is the answer to the cookie banner alone, which only takes the banner off the page: one key for all who chose.
  const cookie = request.headers.cookie;
  const chosen = typeof cookie === 'string' && CONSENT_ONLY.test(cookie.trim());
  if ((cookie !== undefined && !chosen) || request.headers.authorization !== undefined) return null;
  const query = request.url.indexOf('?');
  const pathname = query < 0 ? request.url : request.url.slice(0, query);
  if (!GUEST_PAGES.test(pathname)) return null;
  let search = '';
  if (query >= 0) {
    const params = new URLSearchParams(request.url.slice(query + 1));
    // One key whatever the order of the same parameters (a page reads them by name).
    params.sort();
    search = params.toString();
  }
  const key = `${isBot ? 'bot' : 'browser'}${chosen ? ' chosen' : ''} ${request.protocol}://${request.host}${pathname}${search ? `?${search}` : ''}`;
  return key.length > MAX_KEY_LENGTH ? null : key;
}

/** What a kept answer may be: a page, or the blog's feed, which feed readers ask for every few minutes each. */
const KEPT_TYPES = /^(?:text\/html|application\/rss\+xml)\b/i;

/** Whether a drawn answer may be kept for every guest: a plain 200 page (or feed) that sets no cookie and says nothing against it. */
export function keepable(status: number, headers: Headers): boolean {
  if (status !== 200) return false;
  if (!KEPT_TYPES.test(headers.get('content-type') ?? '')) return false;
  if (headers.getSetCookie().length > 0) return false;
  // A page with a policy of its own is not one the shop's nonce policy is put on.
  if (headers.has('content-security-policy')) return false;
  if (/\b(no-store|private|no-cache)\b/i.test(headers.get('cache-control') ?? '')) return false;
  const vary = headers.get('vary');
  return !vary || /^\s*accept-encoding\s*$/i.test(vary);
}

/**
 * The products a page shows, as the storefront says on a page that shows only those it names (a product page, with its
 * essentials and carousels): their ids, space-separated (apps/web/app/routes/product.tsx). Read here (decision 0160), never sent.
 */
export const SHOWS_PRODUCTS_HEADER = 'x-shows-products';

/** The ids the page names; null when it names none (it may show any product) or says something else. */
export function showsProducts(headers: Headers): number[] | null {
  const named = headers.get(SHOWS_PRODUCTS_HEADER);
  if (named === null) return null;
  const ids = named.split(' ').filter(Boolean).map(Number);
  return ids.every((id) => Number.isSafeInteger(id) && id > 0) ? ids : null;
}

/** Headers a kept page is sent with besides those it was drawn with: these are the answer's own (or for this cache alone). */
const ANSWER_OWN = new Set([
  'content-length',
  'content-encoding',
  'content-security-policy',
  'set-cookie',
  'date',
  'transfer-encoding',
  'connection',
  SHOWS_PRODUCTS_HEADER,
]);

export interface PageCache {
  /** The kept page for `key`, if one is fresh; before it is sent, see `toCheck`. */
  get(key: string): KeptPage | undefined;
  /**
   * Whether a kept page is sent only once its sources are found unchanged (`checked`): a page that names no products but its
   * sources, begun (or last found unchanged) before a product's change was in this instance's catalogue (decision 0162).
   */
  toCheck(page: KeptPage): boolean;
  /**
   * Its sources asked again from `epoch` on (read before they were): when each `unchanged`, it is kept as checked at that epoch,
   * and true says it may be sent. False, and forgotten, when one changed, when it was forgotten meanwhile, or when the last
   * product change heard is `patchedSettleMs` past: what the web tier keeps of the API's answers (carousels, promotions), which
   * the page shows too, may be newer by then.
   */
  checked(key: string, page: KeptPage, epoch: number, unchanged: boolean): boolean;
  /** Keeps a page drawn with `nonce`, begun at `drawnAt`, unless a change it may show was heard since it was begun or it is too large. */
  keep(key: string, drawn: DrawnPage): void;
  /** Something a kept page may show changed: every page is forgotten, and none is kept for `settleMs`. */
  forgetAll(): void;
  /**
   * A product's own change (`productId`; null: any product's), which this instance's catalogue patches in (`patched` says when
   * it has: true when it holds every change heard, false when a rebuild is to come). The pages that may show it are forgotten:
   * those that show it, and those that may show any product (decision 0160) but those with sources, which are checked once the
   * patch is in (decision 0162). None of them is kept until the patch is in; then a page begun after it is kept again, until
   * `patchedSettleMs` after the change; after a rebuild's false, none for `settleMs` (nor any with sources, unless the
   * snapshot's number says when it is loaded).
   */
  forgetUntilPatched(patched: Promise<boolean>, productId?: number | null): void;
  /** Now, by the cache's clock (when a page is begun). */
  now(): number;
  /**
   * The catalogue's epoch (read when a page is begun): the number of the snapshot answering listings where the API gives one, else
   * moved on each time a product's change heard is in this instance's catalogue.
   */
  epoch(): number;
  /** What it holds (tests, metrics): pages, their bytes, and the products the pages kept say they show. */
  size(): { entries: number; bytes: number; products: number };
}

/** One product's changes heard: patches of it under way, when a page showing it may have been begun to be kept, and until when it may be kept. */
interface ProductChanges {
  patching: number;
  freshFrom: number;
  settledAt: number;
}
/** Products whose changes are this long past are let go (no page takes this long to draw), keeping the record small. */
const PRODUCT_CHANGES_KEPT_MS = 60_000;

/** A page that names no products but the answers it was drawn from: checked against them, not forgotten, on a product's change. */
const checkable = (page: Pick<KeptPage, 'shows' | 'sources'>) => page.shows === null && page.sources !== null;

/**
 * `catalogueVersion`, where the API in this process answers listings from a snapshot, numbers the snapshot answering now: a page
 * with sources is checked once it has moved on (a patch in, a rebuild loaded), and a refused patch forgets none of them, since
 * the snapshot it leaves answering is the one they were found true to. Without it, the cache counts patches in itself.
 */
export function createPageCache(settings: PageCacheSettings, clock: () => number = () => performance.now(), catalogueVersion?: () => number): PageCache {
  // A Map in the order pages were last sent: the first is the least recently sent.
  const pages = new Map<string, KeptPage>();
  let bytes = 0;
  /** Pages that may show any product (with no sources, or with them), and those that show each product: what a product's change forgets or checks. */
  const showingAny = new Set<string>();
  const checkedAny = new Set<string>();
  const showing = new Map<number, Set<string>>();
  /** No page begun before this is kept (a change anything may show was heard after it was begun, or within the settling time). */
  let keepFrom = Number.NEGATIVE_INFINITY;
  /**
   * The same for pages that may show any product, after product changes (whichever product); `rebuiltFrom`, after a refused
   * patch, for those with sources too.
   */
  let anyFrom = Number.NEGATIVE_INFINITY;
  let rebuiltFrom = Number.NEGATIVE_INFINITY;
  /** Product changes heard whose patch is not in yet: no page that may show any product (and has no sources) is kept meanwhile. */
  let patching = 0;
  /** Of them, changes to any product (the notice named none): no page at all is kept meanwhile. */
  let patchingEvery = 0;
  /** Product changes in this instance's catalogue: a page with sources begun before the last is checked before it is sent. */
  let epoch = 0;
  const currentEpoch = catalogueVersion ?? (() => epoch);
  /** A page that may show any product is kept only until then (a patched change is settling); `everySettledAt` for every page. */
  let anySettledAt = Number.NEGATIVE_INFINITY;
  let everySettledAt = Number.NEGATIVE_INFINITY;
  /** Each product changed lately, for the pages that say they show it; and, for pages that show products, the oldest record let go. */
  const changes = new Map<number, ProductChanges>();
  let showingFrom = Number.NEGATIVE_INFINITY;
  const drop = (key: string) => {
    const page = pages.get(key);
    if (!page) return;
    pages.delete(key);
    bytes -= page.bytes;
    if (page.shows === null) (page.sources === null ? showingAny : checkedAny).delete(key);
    else {
      for (const id of page.shows) {
        const keys = showing.get(id);
        keys?.delete(key);
        // No empty set left behind for each product a page ever showed.
        if (keys?.size === 0) showing.delete(id);
      }
    }
  };
  const clear = () => {
    pages.clear();
    showingAny.clear();
    checkedAny.clear();
    showing.clear();
    bytes = 0;
  };
  /** Until when a page begun at `drawnAt` may be kept from `now` (its ttl, or a change's settling); null: not at all. */
  const keepUntil = (page: Pick<KeptPage, 'shows' | 'sources'>, drawnAt: number, now: number): number | null => {
    let until = now + settings.ttlMs;
    const settling = (at: number) => (until = at > now ? Math.min(until, at) : until);
    if (patchingEvery > 0) return null;
    settling(everySettledAt);
    const { shows } = page;
    if (shows === null) {
      // A page with sources begun while a patch is under way shows what the API answered then: it is checked once the patch is in.
      if (checkable(page) ? drawnAt < rebuiltFrom : patching > 0 || drawnAt < anyFrom) return null;
      settling(anySettledAt);
      return until;
    }
    if (drawnAt < showingFrom) return null;
    for (const id of shows) {
      const change = changes.get(id);
      if (!change) continue;
      if (change.patching > 0 || drawnAt < change.freshFrom) return null;
      settling(change.settledAt);
    }
    return until;
  };
  /**
   * Lets go of products changed long ago; a page begun before one of them is then not kept (none takes that long to draw).
   * `changes` is in the order products were last heard of, so only its oldest few are looked at: an import's thousands of
   * notices each cost the same, not a walk through all the others.
   */
  const forgetOldChanges = (now: number) => {
    for (const [id, change] of changes) {
      if (change.patching > 0 || change.settledAt > now || change.freshFrom > now - PRODUCT_CHANGES_KEPT_MS) return;
      showingFrom = Math.max(showingFrom, change.freshFrom);
      changes.delete(id);
    }
  };
  return {
    get(key) {
      const page = pages.get(key);
      if (!page) return undefined;
      if (clock() >= page.keptUntil) {
        drop(key);
        return undefined;
      }
      pages.delete(key);
      pages.set(key, page);
      return page;
    },
    toCheck: (page) => checkable(page) && page.epoch < currentEpoch(),
    checked(key, page, checkedAt, unchanged) {
      if (pages.get(key) !== page) return false;
      // Kept, as a page drawn now would be, only until `patchedSettleMs` after the last product change heard.
      const until = Math.min(page.keptUntil, anySettledAt);
      if (!unchanged || until <= clock()) {
        drop(key);
        return false;
      }
      page.keptUntil = until;
      page.epoch = Math.max(page.epoch, checkedAt);
      return true;
    },
    keep(key, drawn) {
      if (settings.ttlMs <= 0 || drawn.drawnAt < keepFrom || !keepable(drawn.status, drawn.headers)) return;
      const shows = drawn.shows ?? null;
      // Sources matter only to a page that names no products (a product page keeps decision 0160's rules).
      const sources = shows === null ? (drawn.sources ?? null) : null;
      const now = clock();
      const keptUntil = keepUntil({ shows, sources }, drawn.drawnAt, now);
      if (keptUntil === null) return;
      const parts = splitAtNonce(drawn.body, drawn.nonce);
      // A page has a handful of scripts; more places than that is not a page drawn with this nonce.
      if (parts.length > MAX_NONCES + 1) return;
      const deflated = deflateParts(parts);
      const size = drawn.body.length + deflated.reduce((sum, part) => sum + part.length, 0);
      if (size > settings.maxBytes / 8) return;
      const headers = [...drawn.headers].filter(([name]) => !ANSWER_OWN.has(name.toLowerCase()));
      drop(key);
      pages.set(key, { status: drawn.status, headers, parts, deflated, bytes: size, keptUntil, shows, sources, epoch: drawn.epoch ?? -1 });
      bytes += size;
      if (shows === null) (sources === null ? showingAny : checkedAny).add(key);
      else for (const id of shows) showing.set(id, (showing.get(id) ?? new Set()).add(key));
      for (const [oldest] of pages) {
        if (bytes <= settings.maxBytes && pages.size <= settings.maxEntries) break;
        drop(oldest);
      }
    },
    forgetAll() {
      clear();
      keepFrom = Math.max(keepFrom, clock() + settings.settleMs);
    },
    forgetUntilPatched(patched, productId = null) {
      const heard = clock();
      const settledAt = heard + settings.patchedSettleMs;
      patching++;
      anySettledAt = Math.max(anySettledAt, settledAt);
      let change: ProductChanges | null = null;
      if (productId === null) {
        clear();
        patchingEvery++;
        everySettledAt = Math.max(everySettledAt, settledAt);
      } else {
        // Pages with sources stay: until the patch is in, the API answers them as before (decision 0162).
        for (const key of [...showingAny, ...(showing.get(productId) ?? [])]) drop(key);
        forgetOldChanges(heard);
        change = changes.get(productId) ?? { patching: 0, freshFrom: Number.NEGATIVE_INFINITY, settledAt: Number.NEGATIVE_INFINITY };
        // Heard last, so last in the order.
        changes.delete(productId);
        changes.set(productId, change);
        change.patching++;
        change.settledAt = Math.max(change.settledAt, settledAt);
      }
      const settle = (whole: boolean) => {
        // A page begun before the patch was in may show the product as it was.
        const from = clock() + (whole ? 0 : settings.settleMs);
        anyFrom = Math.max(anyFrom, from);
        patching--;
        epoch++;
        if (!whole && !catalogueVersion) {
          // A rebuild to come, and no snapshot number to say when it is loaded: pages with sources go too, and none is kept meanwhile.
          rebuiltFrom = Math.max(rebuiltFrom, from);
          for (const key of checkedAny) drop(key);
        }
        if (change) {
          change.freshFrom = Math.max(change.freshFrom, from);
          change.patching--;
        } else {
          keepFrom = Math.max(keepFrom, from);
          patchingEvery--;
        }
      };
      patched.then(settle, () => settle(false));
    },
    now: clock,
    epoch: () => currentEpoch(),
    size: () => ({ entries: pages.size, bytes, products: showing.size }),
  };
}
