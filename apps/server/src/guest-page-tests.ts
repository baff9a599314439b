import http from 'node:http';
import zlib from 'node:zlib';

/**
 * A one-page storefront for the guest-page tests (decision 0077): its page shows who asked (their
 * cookies), how many pages the server has drawn, and the first basin's price as the API lists it, with
 * the response's nonce on two scripts: so a test sees whether a page was drawn for this request, kept
 * from another's, or kept from before a change. Build it with `storefrontBuild(bed, rootModule, documentEntry)`.
 */
export const rootModule = `{
  loader: async () => {
    const answer = await fetch(process.env.API_INTERNAL_URL + '/catalogue/Listings/Categories', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ slug: 'basins', size: 1 }),
    });
    const { products } = await answer.json();
    return { sku: products[0].sku, price: products[0].price.priceIncTax };
  },
  default: () => null,
}`;

export const documentEntry = `(request, status, headers, context, loadContext) => {
  globalThis.__pagesDrawn = (globalThis.__pagesDrawn ?? 0) + 1;
  const nonce = loadContext.cspNonce;
  const { sku, price } = context.staticHandlerContext.loaderData.root ?? {};
  const url = new URL(request.url);
  headers.set('content-type', 'text/html');
  if (url.searchParams.has('remember')) headers.append('set-cookie', 'shop_seen=1');
  const page = '<!DOCTYPE html><html><head><script nonce="' + nonce + '">early()</script></head><body>' +
    '<p id="visitor">' + (request.headers.get('cookie') ?? 'guest') + '</p><p id="drawn">' + globalThis.__pagesDrawn + '</p>' +
    '<p id="sku">' + sku + '</p><p id="price">' + price + '</p>' + '<p>' + 'basin '.repeat(400) + '</p>' +
    '<script nonce="' + nonce + '">hydrate()</script></body></html>';
  return new Response(page, { status, headers });
}`;

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A page as a browser asks for it, gzip unzipped here (so a broken stream fails the test). */
export function guestPage(port: number, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const raw = Buffer.concat(chunks);
        const body = response.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(raw) : raw;
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: body.toString() });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** The page as drawn: the same bytes for a kept page, whatever nonce each answer carries. */
export const asDrawn = (answer: Answer) => answer.body.replace(/nonce="[^"]+"/g, 'nonce=""');
export const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

export const field = (answer: Answer, id: string) => new RegExp(`<p id="${id}">([^<]*)</p>`).exec(answer.body)?.[1];
/** The nonce the response's policy names, and the nonces on the page's scripts. */
export const nonces = (answer: Answer) => ({
  policy: /'nonce-([^']+)'/.exec(String(answer.headers['content-security-policy']))?.[1],
  scripts: [...answer.body.matchAll(/nonce="([^"]+)"/g)].map((match) => match[1]),
});

export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, withinMs: number): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
