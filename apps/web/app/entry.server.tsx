import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router';
import { cspNonceOf, CspNonceContext } from './lib/csp-nonce.ts';
import { lazyComponentsLoaded } from './lib/lazy-component.tsx';
import { keepPersonalPagesPrivate } from './lib/private-pages.server.ts';
import { scriptsAfterFirstPaint } from './lib/scripts-after-paint.server.ts';

export const streamTimeout = 5_000;

// The shop's server hands loaders its own way into the API when both run in one process (lib/api.server.ts).
export { answerApiCallsInProcess } from './lib/api.server.ts';
// …and answers the shopping events' beacons at /events itself, before any page's routing.
export { acceptEventsBeacon, EVENTS_BEACON_MAX_BYTES } from './lib/events/events-beacon.server.ts';

/** Whether a visitor is a crawler, which is given the whole page at once (the shop's server keeps guest pages for each kind apart). */
export const isCrawler = (userAgent: string | null | undefined): boolean => Boolean(userAgent && isbot(userAgent));

/**
 * React Router's Node entry, with one change: the page's scripts are fetched after its first paint
 * (lib/scripts-after-paint.server.ts), so what the page shows comes first on a slow network. Every
 * script it writes carries the nonce the server's content security policy names (lib/csp-nonce.ts).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = cspNonceOf(loadContext);
  keepPersonalPagesPrivate(request, responseHeaders);
  // Components the browser fetches when first drawn are drawn in place here (lib/lazy-component.tsx).
  await lazyComponentsLoaded();
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status: responseStatusCode, headers: responseHeaders });

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers get the whole page at once.
    const readyOption: keyof RenderToPipeableStreamOptions = isCrawler(userAgent) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const page = (
      <CspNonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </CspNonceContext>
    );
    const { pipe, abort } = renderToPipeableStream(page, {
      // React's own inline scripts (streamed Suspense boundaries) carry it too.
      nonce,
      // The shop's frame is one Suspense boundary (root.tsx) for sliced hydration. It never suspends
      // here, so it must be written in place, however large: outlined (React's default over 12.8 kB)
      // it would wait for a script to be shown, and never be shown without JavaScript.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      [readyOption]() {
        shellRendered = true;
        const body = scriptsAfterFirstPaint(nonce);
        body.once('finish', () => {
          clearTimeout(timeoutId);
          timeoutId = undefined;
        });
        responseHeaders.set('Content-Type', 'text/html');
        pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors in the shell reject above and are logged by React Router.
        if (shellRendered) process.stderr.write(`[web] rendering failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      },
    });
  });
}
