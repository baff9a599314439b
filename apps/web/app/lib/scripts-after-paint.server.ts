import { Transform, type TransformCallback } from 'node:stream';

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
  // React Router writes the response's nonce (content security policy) before the script's type.
  const opening = `<script${nonce ? ` nonce="${nonce}"` : ''}`;
  const moduleScript = Buffer.from(`${opening} type="module"`);
  const streamChunk = Buffer.from(`${opening}>${ENQUEUE}`);
  const markers = [PRELOAD, moduleScript, streamChunk];
  const preloads: string[] = [];
  let pending: Buffer = EMPTY;

  /**
   * What is settled, as pieces to write out, keeping back an element that has begun but not ended.
   * The page stays in the bytes React wrote: only the elements rewritten here are read as text (the
   * markers are ASCII, so a cut never falls inside a character of theirs).
   */
  const settle = (bytes: Buffer): Buffer[] => {
    const out: Buffer[] = [];
    let rest = bytes;
    for (;;) {
      const start = firstMarker(rest, markers);
      if (start === -1) {
        const keep = partialMarkerAtEnd(rest, markers);
        pending = rest.subarray(rest.length - keep);
        out.push(rest.subarray(0, rest.length - keep));
        return out;
      }
      out.push(rest.subarray(0, start));
      rest = rest.subarray(start);
      const isPreload = startsWith(rest, PRELOAD);
      const isStreamChunk = startsWith(rest, streamChunk);
      const end = isPreload ? rest.indexOf(TAG_END) : rest.indexOf(SCRIPT_END);
      if (end === -1) {
        pending = rest;
        return out;
      }
      const length = end + (isPreload ? TAG_END.length : SCRIPT_END.length);
      const element = rest.toString('utf8', 0, length);
      rest = rest.subarray(length);
      if (isPreload) {
        const href = /\bhref="([^"]+)"/.exec(element)?.[1];
        if (href) preloads.push(href);
        else out.push(Buffer.from(element));
      } else if (isStreamChunk) {
        out.push(Buffer.from(singleQuotedStreamChunk(element)));
      } else {
        out.push(Buffer.from(deferModuleScript(element, preloads)));
      }
    }
  };

  // React writes a page in chunks of a few kB, mostly in one go: what arrives within one turn of the
  // event loop goes on as one piece, so the stream, the socket and this rewrite each work once per
  // turn rather than once per chunk (decision 0069). The bytes are never decoded and encoded again
  // (issue 36: that was a twentieth of a page's CPU).
  let arrived: Buffer[] = [];
  let scheduled = false;
  const takeArrived = () => {
    const bytes = Buffer.concat([pending, ...arrived]);
    arrived = [];
    pending = EMPTY;
    return bytes;
  };
  const transform: Transform = new Transform({
    transform(chunk: Buffer | string, _encoding, callback: TransformCallback) {
      arrived.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => {
          scheduled = false;
          if (arrived.length) transform.push(Buffer.concat(settle(takeArrived())));
        });
      }
      callback();
    },
    flush(callback: TransformCallback) {
      const out = settle(takeArrived());
      callback(null, Buffer.concat([...out, pending]));
    },
  });
  return transform;
}

const EMPTY: Buffer = Buffer.alloc(0);
const PRELOAD = Buffer.from('<link rel="modulepreload"');
const TAG_END = Buffer.from('>');
const SCRIPT_END = Buffer.from('</script>');

const startsWith = (bytes: Buffer, prefix: Buffer) => bytes.length >= prefix.length && bytes.compare(prefix, 0, prefix.length, 0, prefix.length) === 0;

function firstMarker(bytes: Buffer, markers: readonly Buffer[]): number {
  let first = -1;
  for (const marker of markers) {
    const index = bytes.indexOf(marker);
    if (index !== -1 && (first === -1 || index < first)) first = index;
  }
  return first;
}

/** How many bytes at the end of `bytes` begin a marker without completing it. */
function partialMarkerAtEnd(bytes: Buffer, markers: readonly Buffer[]): number {
  const longest = Math.max(...markers.map((marker) => marker.length));
  for (let length = Math.min(longest - 1, bytes.length); length > 0; length--) {
    const from = bytes.length - length;
    if (markers.some((marker) => marker.length > length && bytes.compare(marker, 0, length, from) === 0)) return length;
  }
  return 0;
}

const ENQUEUE = 'window.__reactRouterContext.streamController.enqueue(';
const CHUNK_END = ');</script>';
const IN_SINGLE_QUOTES: Record<string, string> = {
  '\\': '\\\\',
  "'": "\\'",
  '\n': '\\n',
  '\r': '\\r',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
  '<': '\\x3C',
  '>': '\\x3E',
  '&': '\\x26',
};

/**
 * React Router writes its hydration data (a turbo-stream of JSON) as a double-quoted string, so every
 * one of its many `"` is written `\"`: a twelfth of a product page's data, more on a listing's
 * (issue 36). The same string in single quotes needs none of them; what could end the script or the
 * string (`<`, `>`, `&`, `\`, `'`, line ends) is still escaped. Anything of another shape is left as written.
 */
export function singleQuotedStreamChunk(element: string): string {
  const start = element.indexOf(ENQUEUE);
  if (start === -1 || !element.endsWith(CHUNK_END)) return element;
  const from = start + ENQUEUE.length;
  const literal = element.slice(from, element.length - CHUNK_END.length);
  let text: unknown;
  try {
    text = JSON.parse(literal);
  } catch {
    return element;
  }
  if (typeof text !== 'string') return element;
  const quoted = `'${text.replace(/[\\'\n\r\u2028\u2029<>&]/g, (character) => IN_SINGLE_QUOTES[character]!)}'`;
  return `${element.slice(0, from)}${quoted}${CHUNK_END}`;
}

const STATIC_IMPORT = /^\s*import \* as (\w+) from ("[^"\\]+");\s*$/gm;

/** The module script, its static imports made dynamic and the whole put after the first paint. */
export function deferModuleScript(element: string, preloads: readonly string[]): string {
  const open = element.indexOf('>') + 1;
  const body = element.slice(open, element.length - '</script>'.length);
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
  return `${element.slice(0, open)}${loader}${compactManifest(rest)}</script>`;
}

const MANIFEST = /(window\.__reactRouterManifest = )(\{[\s\S]*?\n\});/;
const compacted = new Map<string, string>();

/**
 * React Router writes the routes' manifest into every page indented, a third of it spaces (1.5–2 kB
 * a page, issue 36): written without them it is the same object. Its routes' `has…: false` flags are
 * left out too (React Router reads each only as true or not, `hasLoader === true` at most), and empty
 * `css` lists, which it reads with `?.`. The few distinct manifests (one per set of routes a page
 * names) are compacted once each.
 */
const withoutDefaults = (key: string, value: unknown) =>
  (value === false && /^has[A-Z]/.test(key)) || (key === 'css' && Array.isArray(value) && value.length === 0) ? undefined : value;

export function compactManifest(script: string): string {
  return script.replace(MANIFEST, (_whole, assignment: string, manifest: string) => {
    let compact = compacted.get(manifest);
    if (compact === undefined) {
      try {
        compact = JSON.stringify(JSON.parse(manifest), withoutDefaults);
      } catch {
        // Not the JSON it has always been: left as written.
        compact = manifest;
      }
      if (compacted.size >= 200) compacted.clear();
      compacted.set(manifest, compact);
    }
    return `${assignment}${compact};`;
  });
}
