import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptsGzip, gzipBody, plainBody } from './kept-page-bytes.ts';
import { createPageCache, guestPageKey, keepable, type PageCacheSettings } from './page-cache.ts';

/** A patch under way, settled by the test. */
function deferred(): { promise: Promise<boolean>; resolve: (whole: boolean) => void } {
  let resolve!: (whole: boolean) => void;
  const promise = new Promise<boolean>((settle) => (resolve = settle));
  return { promise, resolve };
}

const settings: PageCacheSettings = { ttlMs: 30_000, maxBytes: 1024 * 1024, maxEntries: 100, settleMs: 25_000, patchedSettleMs: 10_000 };
const html = new Headers({ 'content-type': 'text/html', 'referrer-policy': 'strict-origin-when-cross-origin' });
const NONCE = 'c2hvcC1ub25jZS1mb3ItdGVzdA==';
const get = (url: string, headers: Record<string, string> = {}) => ({ method: 'GET', protocol: 'https', host: 'shop.test', url, headers });

/** A page drawn with `nonce` on its scripts, long enough to compress (and with scripts side by side). */
function pageWith(nonce: string, filler = 'Basin 50 cm, white ceramic, £129.00 '.repeat(2_000)): Buffer {
  return Buffer.from(
    `<!DOCTYPE html><html><head><script nonce="${nonce}">early()</script></head><body><main>${filler}</main>` +
      `<script nonce="${nonce}">ctx</script><script nonce="${nonce}"></script><script type="module" nonce="${nonce}">import "/a.js"</script></body></html>`,
  );
}

describe('which requests get a kept guest page', () => {
  it('keys the guest pages by path and parameters, in any order, apart for crawlers', () => {
    expect(guestPageKey(get('/'), false)).toBe('browser https://shop.test/');
    expect(guestPageKey(get('/search?q=basin&sort=price'), false)).toBe(guestPageKey(get('/search?sort=price&q=basin'), false));
    expect(guestPageKey({ ...get('/'), protocol: 'http' }, false)).not.toBe(guestPageKey(get('/'), false));
    expect(guestPageKey(get('/p/a-basin'), true)).toBe('bot https://shop.test/p/a-basin');
    expect(guestPageKey(get('/c/basins?page=2'), false)).toBe('browser https://shop.test/c/basins?page=2');
    expect(guestPageKey(get('/categories'), false)).toBe('browser https://shop.test/categories');
    for (const path of [
      '/about',
      '/blog',
      '/blog?page=2',
      '/blog/a-post',
      '/blog/rss.xml',
      '/help',
      '/help/delivery',
      '/terms',
      '/privacy',
      '/cookies',
      '/reviews-policy',
    ]) {
      expect(guestPageKey(get(path), false)).toBe(`browser https://shop.test${path}`);
    }
  });

  it('keys the pages of a guest who has answered the cookie banner, and nothing else, apart from those who have not', () => {
    for (const cookie of ['shop_consent=accepted', 'shop_consent=rejected']) {
      expect(guestPageKey(get('/p/a-basin', { cookie }), false)).toBe('browser chosen https://shop.test/p/a-basin');
    }
    expect(guestPageKey(get('/p/a-basin', { cookie: 'shop_consent=maybe' }), false)).toBeNull();
  });

  it('draws every page for a visitor with any cookie or credentials, every other page, and every other method', () => {
    for (const cookie of ['shop_session=abc', 'shop_signed_in=1', 'shop_basket=b1', 'shop_prices=ex', 'anything=else']) {
      expect(guestPageKey(get('/p/a-basin', { cookie }), false)).toBeNull();
    }
    expect(guestPageKey(get('/p/a-basin', { cookie: 'shop_consent=accepted; shop_basket=b1' }), false)).toBeNull();
    expect(guestPageKey(get('/', { authorization: 'Bearer x' }), false)).toBeNull();
    for (const path of [
      '/basket',
      '/checkout',
      '/account',
      '/p/a/b',
      '/help/contact',
      '/help/contact/return',
      '/help/reply/t1',
      '/cookies/settings',
      '/sitemap.xml',
    ]) {
      expect(guestPageKey(get(path), false)).toBeNull();
    }
    expect(guestPageKey({ ...get('/p/a-basin'), method: 'POST' }, false)).toBeNull();
    expect(guestPageKey({ ...get('/'), method: 'HEAD' }, false)).toBeNull();
    expect(guestPageKey(get(`/search?q=${'x'.repeat(600)}`), false)).toBeNull();
  });

  it('keeps only plain pages that set no cookie and say nothing against it', () => {
    expect(keepable(200, html)).toBe(true);
    expect(keepable(404, html)).toBe(false);
    expect(keepable(200, new Headers({ 'content-type': 'application/json' }))).toBe(false);
    // The blog's feed, asked for by every feed reader every few minutes.
    expect(keepable(200, new Headers({ 'content-type': 'application/rss+xml; charset=utf-8', 'cache-control': 'public, max-age=900' }))).toBe(true);
    const withCookie = new Headers(html);
    withCookie.append('set-cookie', 'shop_basket=b1');
    expect(keepable(200, withCookie)).toBe(false);
    for (const cacheControl of ['private, no-cache', 'no-store'])
      expect(keepable(200, new Headers({ 'content-type': 'text/html', 'cache-control': cacheControl }))).toBe(false);
    expect(keepable(200, new Headers({ 'content-type': 'text/html', vary: 'Cookie' }))).toBe(false);
    expect(keepable(200, new Headers({ 'content-type': 'text/html', 'content-security-policy': "default-src 'none'" }))).toBe(false);
  });

  it('reads Accept-Encoding as browsers send it', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br')).toBe(false);
    expect(acceptsGzip('gzip;q=0, br')).toBe(false);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip(undefined)).toBe(false);
  });
});

describe('a kept page is sent with a nonce of its own', () => {
  const drawnWith = randomBytes(16).toString('base64');
  const page = pageWith(drawnWith);

  it('in plain bytes and as gzip that any inflater reads, with the new nonce wherever the old one stood', () => {
    const cache = createPageCache(settings);
    cache.keep('browser /', { status: 200, headers: html, body: page, nonce: drawnWith, drawnAt: cache.now() });
    const kept = cache.get('browser /')!;
    for (let answer = 0; answer < 3; answer++) {
      const fresh = randomBytes(16).toString('base64');
      const expected = pageWith(fresh).toString();
      expect(plainBody(kept, fresh).toString()).toBe(expected);
      const gzipped = gzipBody(kept, fresh);
      // gunzip checks the CRC-32 and length in the trailer.
      expect(zlib.gunzipSync(gzipped).toString()).toBe(expected);
      expect(gzipped.length).toBeLessThan(page.length / 10);
      expect(gzipped.includes(drawnWith)).toBe(false);
    }
    // Neither the drawn nonce nor the headers an answer makes for itself are kept.
    expect(kept.parts.some((part) => part.includes(drawnWith))).toBe(false);
    expect(kept.headers.map(([name]) => name)).toEqual(['content-type', 'referrer-policy']);
  });

  it('a page without scripts is kept whole', () => {
    const cache = createPageCache(settings);
    cache.keep('browser /c/basins', { status: 200, headers: html, body: Buffer.from('<p>no scripts</p>'), nonce: drawnWith, drawnAt: cache.now() });
    expect(zlib.gunzipSync(gzipBody(cache.get('browser /c/basins')!, 'n')).toString()).toBe('<p>no scripts</p>');
  });
});

describe('how long pages are kept, and how many', () => {
  const clockAt = () => {
    const clock = { now: 0, read: () => clock.now };
    return clock;
  };
  const body = (text: string) => Buffer.from(`<p>${text}</p>`);

  it('a page ages out after its time', () => {
    const clock = clockAt();
    const cache = createPageCache(settings, clock.read);
    cache.keep('k', { status: 200, headers: html, body: body('a'), nonce: NONCE, drawnAt: 0 });
    clock.now = 29_999;
    expect(cache.get('k')).toBeDefined();
    clock.now = 30_000;
    expect(cache.get('k')).toBeUndefined();
    expect(cache.size()).toEqual({ entries: 0, bytes: 0, products: 0 });
  });

  it('a change forgets every page, and no page begun before it or within the settling time after is kept', () => {
    const clock = clockAt();
    const cache = createPageCache(settings, clock.read);
    cache.keep('k', { status: 200, headers: html, body: body('old price'), nonce: NONCE, drawnAt: 0 });
    clock.now = 1_000;
    cache.forgetAll();
    expect(cache.get('k')).toBeUndefined();
    // Begun before the notice, finished after it.
    clock.now = 1_500;
    cache.keep('k', { status: 200, headers: html, body: body('old price'), nonce: NONCE, drawnAt: 900 });
    expect(cache.get('k')).toBeUndefined();
    cache.keep('k', { status: 200, headers: html, body: body('maybe old'), nonce: NONCE, drawnAt: 1_500 });
    expect(cache.get('k')).toBeUndefined();
    clock.now = 26_000;
    cache.keep('k', { status: 200, headers: html, body: body('new price'), nonce: NONCE, drawnAt: 26_000 });
    expect(plainBody(cache.get('k')!, NONCE).toString()).toBe('<p>new price</p>');
  });

  it('a product’s change forgets every page and keeps none until its patch is in; then pages begun after it, until it has settled', async () => {
    const clock = clockAt();
    const cache = createPageCache(settings, clock.read);
    cache.keep('k', { status: 200, headers: html, body: body('old price'), nonce: NONCE, drawnAt: 0 });
    clock.now = 1_000;
    const patch = deferred();
    cache.forgetUntilPatched(patch.promise);
    expect(cache.get('k')).toBeUndefined();
    // Drawn while the catalogue is still patching it in: it may show the old price.
    clock.now = 1_050;
    cache.keep('k', { status: 200, headers: html, body: body('old price'), nonce: NONCE, drawnAt: 1_050 });
    expect(cache.get('k')).toBeUndefined();
    clock.now = 1_100;
    patch.resolve(true);
    await patch.promise;
    // Begun before the patch was in, finished after it: not kept either.
    cache.keep('k', { status: 200, headers: html, body: body('old price'), nonce: NONCE, drawnAt: 1_060 });
    expect(cache.get('k')).toBeUndefined();
    cache.keep('k', { status: 200, headers: html, body: body('new price'), nonce: NONCE, drawnAt: 1_100 });
    expect(plainBody(cache.get('k')!, NONCE).toString()).toBe('<p>new price</p>');
    // Kept until 10 s after the change (what the web tier keeps of the API's answers may be older until then), not for 30 s.
    clock.now = 10_999;
    expect(cache.get('k')).toBeDefined();
    clock.now = 11_000;
    expect(cache.get('k')).toBeUndefined();
    cache.keep('k', { status: 200, headers: html, body: body('new price'), nonce: NONCE, drawnAt: 11_000 });
    clock.now = 40_999;
    expect(cache.get('k')).toBeDefined();
  });

  it('pages wait for every patch under way, and a patch the catalogue refused (a rebuild to come) keeps none while it settles', async () => {
    const clock = clockAt();
    const cache = createPageCache(settings, clock.read);
    const [first, second] = [deferred(), deferred()];
    clock.now = 1_000;
    cache.forgetUntilPatched(first.promise);
    cache.forgetUntilPatched(second.promise);
    first.resolve(true);
    await first.promise;
    clock.now = 1_200;
    cache.keep('k', { status: 200, headers: html, body: body('half'), nonce: NONCE, drawnAt: 1_200 });
    expect(cache.get('k')).toBeUndefined();
    second.resolve(false);
    await second.promise;
    clock.now = 2_000;
    cache.keep('k', { status: 200, headers: html, body: body('before the rebuild'), nonce: NONCE, drawnAt: 2_000 });
    expect(cache.get('k')).toBeUndefined();
    clock.now = 26_200;
    cache.keep('k', { status: 200, headers: html, body: body('rebuilt'), nonce: NONCE, drawnAt: 26_200 });
    expect(cache.get('k')).toBeDefined();
  });

  it('a product’s change forgets the pages that show it and those that may show any product; a page showing others stays kept', async () => {
    const clock = clockAt();
    const cache = createPageCache(settings, clock.read);
    const product = (key: string, shows: number[] | null, text: string, drawnAt = clock.now) =>
      cache.keep(key, { status: 200, headers: html, body: body(text), nonce: NONCE, drawnAt, shows });
    product('basin', [7, 8], 'basin with its waste');
    product('tap', [9], 'tap');
    product('listing', null, 'basins');
    clock.now = 1_000;
    const patch = deferred();
    cache.forgetUntilPatched(patch.promise, 8);
    // Only the tap's page is left, and only its product is recorded (none left behind for the basin's page).
    expect(cache.size()).toMatchObject({ entries: 1, products: 1 });
    expect(cache.get('basin')).toBeUndefined();
    expect(cache.get('listing')).toBeUndefined();
    expect(plainBody(cache.get('tap')!, NONCE).toString()).toBe('<p>tap</p>');
    // While product 8 is patched in, a page that does not show it is kept; one that shows it, or may show any, is not.
    clock.now = 1_050;
    product('tap', [9], 'tap again');
    product('basin', [7, 8], 'old waste price');
    product('listing', null, 'old waste price');
    expect(plainBody(cache.get('tap')!, NONCE).toString()).toBe('<p>tap again</p>');
    expect(cache.get('basin')).toBeUndefined();
    expect(cache.get('listing')).toBeUndefined();
    clock.now = 1_100;
    patch.resolve(true);
    await patch.promise;
    // Begun before the patch was in: not kept. Begun after: kept, until 10 s after the change.
    product('basin', [7, 8], 'old waste price', 1_060);
    expect(cache.get('basin')).toBeUndefined();
    product('basin', [7, 8], 'new waste price');
    expect(cache.get('basin')!.keptUntil).toBe(11_000);
    expect(cache.get('tap')!.keptUntil).toBe(31_050);
    // A notice naming no product (the listener came back): every page goes, and none is kept until the catalogue has caught up.
    expect(cache.size().products).toBe(3);
    const any = deferred();
    cache.forgetUntilPatched(any.promise, null);
    expect(cache.size()).toEqual({ entries: 0, bytes: 0, products: 0 });
    product('tap', [9], 'tap before the catch-up');
    expect(cache.get('tap')).toBeUndefined();
    clock.now = 1_200;
    any.resolve(true);
    await any.promise;
    product('tap', [9], 'tap after the catch-up');
    expect(cache.get('tap')!.keptUntil).toBe(11_100);
  });

  it('a refused patch keeps no page showing that product while it settles; products changed long ago are let go', async () => {
    const clock = clockAt();
    const cache = createPageCache(settings, clock.read);
    const keep = (key: string, shows: number[], drawnAt = clock.now) =>
      cache.keep(key, { status: 200, headers: html, body: body(key), nonce: NONCE, drawnAt, shows });
    const refused = deferred();
    cache.forgetUntilPatched(refused.promise, 3);
    refused.resolve(false);
    await refused.promise;
    clock.now = 2_000;
    keep('shows 3', [3]);
    keep('shows 4', [4]);
    expect(cache.get('shows 3')).toBeUndefined();
    expect(cache.get('shows 4')).toBeDefined();
    clock.now = 25_000;
    keep('shows 3', [3]);
    expect(cache.get('shows 3')).toBeDefined();
    // Products changed and patched; a minute on, the record of them is let go, and a page begun before that is not kept.
    for (let id = 100; id < 110; id++) {
      const patched = deferred();
      cache.forgetUntilPatched(patched.promise, id);
      patched.resolve(true);
      await patched.promise;
    }
    clock.now = 100_000;
    const last = deferred();
    cache.forgetUntilPatched(last.promise, 5);
    last.resolve(true);
    await last.promise;
    keep('shows 100, begun long ago', [100], 20_000);
    expect(cache.get('shows 100, begun long ago')).toBeUndefined();
    keep('shows 100', [100]);
    expect(cache.get('shows 100')).toBeDefined();
  });

  describe('a page that names no products but the answers it was drawn from (decision 0162)', () => {
    const listingSources = [{ method: 'POST' as const, url: '/api/catalogue/Listings/Categories', body: '{"slug":"basins"}', etag: 'W/"a"' }];
    const setUp = () => {
      const clock = clockAt();
      const cache = createPageCache(settings, clock.read);
      const listing = (text: string, drawnAt = clock.now, epoch = cache.epoch(), sources: typeof listingSources | null = listingSources) =>
        cache.keep('listing', { status: 200, headers: html, body: body(text), nonce: NONCE, drawnAt, shows: null, sources, epoch });
      /** A product's change heard, and its patch, settled by the test. */
      const change = (productId: number | null = 8) => {
        const patch = deferred();
        cache.forgetUntilPatched(patch.promise, productId);
        return async (whole = true) => {
          patch.resolve(whole);
          await patch.promise;
        };
      };
      return { clock, cache, listing, change };
    };

    it('is not forgotten by a product’s change, is sent as kept until the patch is in, and is checked after it', async () => {
      const { clock, cache, listing, change } = setUp();
      listing('basins');
      clock.now = 1_000;
      const patched = change();
      // Until the patch is in, the API answers as it did: the page is what drawing it afresh would show.
      const kept = cache.get('listing')!;
      expect(plainBody(kept, NONCE).toString()).toBe('<p>basins</p>');
      expect(cache.toCheck(kept)).toBe(false);
      clock.now = 1_100;
      await patched();
      expect(cache.toCheck(cache.get('listing')!)).toBe(true);
      // Checked: kept at the epoch read before asking, and only until 10 s after the change (the web tier's own kept answers).
      expect(cache.checked('listing', kept, cache.epoch(), true)).toBe(true);
      expect(cache.toCheck(cache.get('listing')!)).toBe(false);
      expect(cache.get('listing')!.keptUntil).toBe(11_000);
    });

    it('checked before a patch is in is checked again after it; one whose answer changed is forgotten', async () => {
      const { clock, cache, listing, change } = setUp();
      listing('basins');
      clock.now = 1_000;
      await change()();
      const kept = cache.get('listing')!;
      // Its sources asked again at this epoch, while another product's change is heard and patched in.
      const askedAt = cache.epoch();
      const other = change(9);
      await other();
      expect(cache.checked('listing', kept, askedAt, true)).toBe(true);
      expect(cache.toCheck(cache.get('listing')!)).toBe(true);
      expect(cache.checked('listing', kept, cache.epoch(), false)).toBe(false);
      expect(cache.get('listing')).toBeUndefined();
    });

    it('drawn while a patch is under way, it is kept, and checked once the patch is in', async () => {
      const { clock, cache, listing, change } = setUp();
      clock.now = 1_000;
      const patched = change();
      clock.now = 1_050;
      listing('basins drawn meanwhile');
      const kept = cache.get('listing')!;
      expect(cache.toCheck(kept)).toBe(false);
      expect(kept.keptUntil).toBe(11_000);
      await patched();
      expect(cache.toCheck(kept)).toBe(true);
      // Begun before the patch was in, finished after it: kept too, at the epoch it began with, so checked.
      listing('basins begun before the patch', 1_060, cache.epoch() - 1);
      expect(cache.toCheck(cache.get('listing')!)).toBe(true);
    });

    it('is sent after a check only within 10 s of the last product change heard', async () => {
      const { clock, cache, listing, change } = setUp();
      listing('basins');
      clock.now = 1_000;
      await change()();
      clock.now = 11_000;
      const kept = cache.get('listing')!;
      expect(cache.checked('listing', kept, cache.epoch(), true)).toBe(false);
      expect(cache.get('listing')).toBeUndefined();
      // Drawn now, it is kept for its whole time: the change heard is settled.
      listing('basins again');
      expect(cache.get('listing')!.keptUntil).toBe(41_000);
    });

    it('with sources unknown, it is forgotten by every product’s change as before', async () => {
      const { clock, cache, listing, change } = setUp();
      listing('basins', clock.now, cache.epoch(), null);
      clock.now = 1_000;
      const patched = change();
      expect(cache.get('listing')).toBeUndefined();
      listing('basins', clock.now, cache.epoch(), null);
      expect(cache.get('listing')).toBeUndefined();
      await patched();
      listing('basins', clock.now, cache.epoch(), null);
      expect(cache.toCheck(cache.get('listing')!)).toBe(false);
    });

    it('a refused patch (a rebuild to come) forgets it and keeps none for the settling time; a change to any product forgets it', async () => {
      const { clock, cache, listing, change } = setUp();
      listing('basins');
      clock.now = 1_000;
      const refused = change();
      expect(cache.get('listing')).toBeDefined();
      await refused(false);
      expect(cache.get('listing')).toBeUndefined();
      clock.now = 2_000;
      listing('basins before the rebuild');
      expect(cache.get('listing')).toBeUndefined();
      clock.now = 26_000;
      listing('basins rebuilt');
      expect(cache.get('listing')).toBeDefined();
      const any = change(null);
      expect(cache.get('listing')).toBeUndefined();
      listing('basins while any product is patched in');
      expect(cache.get('listing')).toBeUndefined();
      await any();
    });

    it('with the snapshot’s number to go by, a refused patch forgets none: the page is checked once the rebuild is loaded', async () => {
      const clock = clockAt();
      const snapshot = { number: 1 };
      const cache = createPageCache(settings, clock.read, () => snapshot.number);
      const listing = (text: string) =>
        cache.keep('listing', {
          status: 200,
          headers: html,
          body: body(text),
          nonce: NONCE,
          drawnAt: clock.now,
          shows: null,
          sources: listingSources,
          epoch: cache.epoch(),
        });
      listing('basins');
      clock.now = 1_000;
      // An import's notices: more than a patch takes, so a rebuild is to come; the snapshot answering is still number 1.
      const refused = deferred();
      cache.forgetUntilPatched(refused.promise, 8);
      refused.resolve(false);
      await refused.promise;
      const kept = cache.get('listing')!;
      expect(plainBody(kept, NONCE).toString()).toBe('<p>basins</p>');
      expect(cache.toCheck(kept)).toBe(false);
      // Drawn meanwhile, from the same snapshot: kept too.
      clock.now = 2_000;
      listing('basins drawn before the rebuild');
      expect(cache.get('listing')).toBeDefined();
      // The rebuild loaded: checked, then kept at its number until 10 s after the change.
      snapshot.number = 2;
      expect(cache.toCheck(cache.get('listing')!)).toBe(true);
      expect(cache.checked('listing', cache.get('listing')!, 2, true)).toBe(true);
      expect(cache.toCheck(cache.get('listing')!)).toBe(false);
      expect(cache.get('listing')!.keptUntil).toBe(11_000);
    });
  });

  it('unique addresses cannot fill memory: the least recently sent pages go first, by bytes and by count', () => {
    const cache = createPageCache({ ...settings, maxBytes: 200_000, maxEntries: 50 });
    // Compressible as pages are: a plain page and its gzip parts hold a little over its own size.
    const drawn = (size: number) => ({ status: 200, headers: html, body: Buffer.from('<p>basin</p>'.repeat(size / 12)), nonce: NONCE, drawnAt: cache.now() });
    cache.keep('popular', drawn(10_000));
    for (let unique = 0; unique < 200; unique++) {
      cache.keep(`unique ${unique}`, drawn(10_000));
      expect(cache.get('popular')).toBeDefined();
      expect(cache.size().bytes).toBeLessThanOrEqual(200_000);
    }
    expect(cache.size().entries).toBeLessThan(20);
    const small = createPageCache({ ...settings, maxEntries: 50 });
    for (let unique = 0; unique < 200; unique++)
      small.keep(`unique ${unique}`, { status: 200, headers: html, body: body(String(unique)), nonce: NONCE, drawnAt: 0 });
    expect(small.size().entries).toBe(50);
    // A page over an eighth of the budget is not kept at all.
    cache.keep('huge', drawn(30_000));
    expect(cache.get('huge')).toBeUndefined();
  });

  it('a ttl of 0 keeps nothing', () => {
    const cache = createPageCache({ ...settings, ttlMs: 0 });
    cache.keep('k', { status: 200, headers: html, body: body('a'), nonce: NONCE, drawnAt: 0 });
    expect(cache.get('k')).toBeUndefined();
  });
});
