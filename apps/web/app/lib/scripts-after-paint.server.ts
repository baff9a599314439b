import { Transform, type TransformCallback } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

/**
 * The page's scripts wait for its first paint. React Router's `<Scripts>` writes a module preload
 * per chunk and one inline module script whose static imports fetch the route modules at once; on a
 * phone those 150 kB share the first round trips with the stylesheet, the font and the product
 * image, and the page paints late. This rewrites that part of the page as it streams by:
 *
 * - the `<link rel="modulepreload">` tags are taken out, their addresses kept;
 * - the module script first waits for the first frame (`requestAnimationFrame`, then a task), then
 *   adds the same preloads (so the chunks still come in parallel), then imports the route modules
 *   it used to import statically, then runs as it did.
 *
 * Hydration then runs after the first paint, in short slices (the frame's Suspense boundary in
 * root.tsx). A hidden tab does not wait for a frame, and a frame that is never drawn is waited for
 * half a second at most. A page without those tags passes through unchanged, and a module script
 * of another shape still runs (its imports are then simply not delayed).
 */
export function scriptsAfterFirstPaint(nonce?: string): Transform {
  const decoder = new StringDecoder('utf8');
  // React Router writes the response's nonce (content security policy) before the script's type.
  const markers = [PRELOAD, `<script${nonce ? ` nonce="${nonce}"` : ''} type="module"`];
  const preloads: string[] = [];
  let pending = '';

  /** Writes out what is settled, keeping back an element that has begun but not ended. */
  const settle = (text: string): string => {
    let out = '';
    let rest = text;
    for (;;) {
      const start = firstMarker(rest, markers);
      if (start === -1) {
        const keep = partialMarkerAtEnd(rest, markers);
        pending = rest.slice(rest.length - keep);
        return out + rest.slice(0, rest.length - keep);
      }
      out += rest.slice(0, start);
      rest = rest.slice(start);
      const isPreload = rest.startsWith(PRELOAD);
      const end = isPreload ? rest.indexOf('>') : rest.indexOf(SCRIPT_END);
      if (end === -1) {
        pending = rest;
        return out;
      }
      const element = rest.slice(0, end + (isPreload ? 1 : SCRIPT_END.length));
      rest = rest.slice(element.length);
      if (isPreload) {
        const href = /\bhref="([^"]+)"/.exec(element)?.[1];
        if (href) preloads.push(href);
        else out += element;
      } else {
        out += deferModuleScript(element, preloads);
      }
    }
  };

  // React writes a page in chunks of a few kB, mostly in one go: what arrives within one turn of the
  // event loop goes on as one piece, so the stream, the socket and this rewrite each work once per
  // turn rather than once per chunk (decision 0069).
  let arrived: string[] = [];
  let scheduled = false;
  const takeArrived = () => {
    const text = pending + arrived.join('');
    arrived = [];
    return text;
  };
  const transform: Transform = new Transform({
    transform(chunk: Buffer | string, _encoding, callback: TransformCallback) {
      arrived.push(typeof chunk === 'string' ? chunk : decoder.write(chunk));
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          if (arrived.length) transform.push(settle(takeArrived()));
        });
      }
      callback();
    },
    flush(callback: TransformCallback) {
      arrived.push(decoder.end());
      const text = takeArrived();
      pending = '';
      callback(null, settle(text) + pending);
    },
  });
  return transform;
}

const PRELOAD = '<link rel="modulepreload"';
const SCRIPT_END = '</script>';

function firstMarker(text: string, markers: readonly string[]): number {
  const found = markers.map((marker) => text.indexOf(marker)).filter((index) => index !== -1);
  return found.length ? Math.min(...found) : -1;
}

/** How many characters at the end of `text` begin a marker without completing it. */
function partialMarkerAtEnd(text: string, markers: readonly string[]): number {
  const longest = Math.max(...markers.map((marker) => marker.length));
  for (let length = Math.min(longest - 1, text.length); length > 0; length--) {
    const tail = text.slice(text.length - length);
    if (markers.some((marker) => marker.startsWith(tail))) return length;
  }
  return 0;
}

const STATIC_IMPORT = /^\s*import \* as (\w+) from ("[^"\\]+");\s*$/gm;

/** The module script, its static imports made dynamic and the whole put after the first paint. */
export function deferModuleScript(element: string, preloads: readonly string[]): string {
  const open = element.indexOf('>') + 1;
  const body = element.slice(open, element.length - SCRIPT_END.length);
  const names: string[] = [];
  const imports: string[] = [];
  const rest = body.replace(STATIC_IMPORT, (_line, name: string, url: string) => {
    names.push(name);
    imports.push(`import(${url})`);
    return '';
  });
  const loader = [
    // A frame the browser never draws (a hidden tab, a sign-in frame it does not render) waits no longer than half a second.
    `if(document.visibilityState!=="hidden")await new Promise((r)=>{requestAnimationFrame(()=>setTimeout(r));setTimeout(r,500);});`,
    `for(const href of ${JSON.stringify(preloads)}){const l=document.createElement("link");l.rel="modulepreload";l.href=href;document.head.append(l);}`,
    names.length ? `const [${names.join(',')}]=await Promise.all([${imports.join(',')}]);` : '',
  ].join('');
  return `${element.slice(0, open)}${loader}${rest}${SCRIPT_END}`;
}
