import { Readable } from 'node:stream';
import vm from 'node:vm';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { compactManifest, scriptsAfterFirstPaint, singleQuotedStreamChunk } from './scripts-after-paint.server.ts';

const through = (chunks: (string | Buffer)[], nonce?: string) =>
  text(Readable.from(chunks.map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk))).pipe(scriptsAfterFirstPaint(nonce)));

// The shape React Router's <Scripts> writes.
const scripts = [
  '<link rel="modulepreload" href="/assets/entry.client-1.js"/>',
  '<link rel="modulepreload" href="/assets/framework-2.js"/>',
  '<script type="module" async="">;\nimport * as route0 from "/assets/root-3.js";\nimport * as route1 from "/assets/product-4.js";\n',
  '  window.__reactRouterManifest = {"entry":{}};\n  window.__reactRouterRouteModules = ' +
    '{"root":route0,"routes/product":route1};\n\nimport("/assets/entry.client-1.js");</script>',
].join('');
const page =
  `<!DOCTYPE html><html><head><link rel="stylesheet" href="/a.css"/></head><body><main><p>£4.95 ` +
  `– Basins</p></main>${scripts}<script>window.__ctx = 1;</script></body></html>`;

describe('scriptsAfterFirstPaint', () => {
  it('takes the preloads out and has the module script add them, then import the routes, after the first frame', async () => {
    const html = await through([page]);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toMatch(/^\s*import \* as/m);
    const script = html.slice(html.indexOf('<script type="module" async="">'), html.indexOf('</script>') + 9);
    const waits = script.indexOf('requestAnimationFrame');
    const preloads = script.indexOf('["/assets/entry.client-1.js","/assets/framework-2.js"]');
    const imports = script.indexOf('const [route0,route1]=await Promise.all([import("/assets/root-3.js"),import("/assets/product-4.js")]);');
    expect(waits).toBeGreaterThan(-1);
    expect(preloads).toBeGreaterThan(waits);
    expect(imports).toBeGreaterThan(preloads);
    // The rest runs as before, after the imports.
    expect(script.indexOf('window.__reactRouterRouteModules = {"root":route0,"routes/product":route1};')).toBeGreaterThan(imports);
    expect(script).toContain('import("/assets/entry.client-1.js");</script>');
    // Everything else is as it was.
    expect(html.replace(script, '')).toBe(page.replace(scripts, ''));
  });

  it('gives the same page however the stream is cut, within a tag or within a character', async () => {
    const whole = await through([page]);
    const bytes = Buffer.from(page);
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await through([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(whole);
    }
  });

  it('finds the module script when it carries the response nonce, as under the content security policy', async () => {
    const nonce = 'rE4HVDjg0wsOCCRnkNuJlQ==';
    const signed = page.replaceAll('<script', `<script nonce="${nonce}"`).replaceAll('<link rel="modulepreload"', `<link rel="modulepreload" nonce="${nonce}"`);
    const html = await through([signed], nonce);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toMatch(/^\s*import \* as/m);
    const script = html.slice(html.indexOf(`<script nonce="${nonce}" type="module"`));
    expect(script.indexOf('requestAnimationFrame')).toBeGreaterThan(-1);
    expect(script.indexOf('requestAnimationFrame')).toBeLessThan(script.indexOf('["/assets/entry.client-1.js","/assets/framework-2.js"]'));
  });

  it('passes a page without scripts through unchanged, even one ending in what looks like a tag', async () => {
    const plain = '<html><body><p>Basins</p></body></html><link rel="modu';
    expect(await through([plain])).toBe(plain);
  });

  it('writes the routes’ manifest without its indentation, the same object, and leaves what is not JSON as it was', () => {
    const manifest = { entry: { module: '/assets/entry.client-1.js', imports: ['/assets/framework-2.js'] }, routes: { root: { id: 'root', path: '' } } };
    const indented = `;\n  window.__reactRouterManifest = ${JSON.stringify(manifest, null, 2)};\n  window.__reactRouterRouteModules = {};\n`;
    const compact = compactManifest(indented);
    expect(compact).toBe(`;\n  window.__reactRouterManifest = ${JSON.stringify(manifest)};\n  window.__reactRouterRouteModules = {};\n`);
    const notJson = 'window.__reactRouterManifest = {\n  entry: routes\n};';
    expect(compactManifest(notJson)).toBe(notJson);
  });

  it('leaves out the routes’ false flags and empty stylesheet lists, keeping every true one and every other field', () => {
    const route = {
      id: 'routes/product',
      parentId: 'root',
      path: 'p/:slug',
      hasAction: true,
      hasLoader: true,
      hasClientLoader: false,
      hasErrorBoundary: false,
    };
    const manifest = {
      entry: { module: '/e.js', imports: [], css: [] },
      routes: { 'routes/product': { ...route, css: [], imports: ['/a.js'] } },
      version: 'v1',
    };
    const compact = compactManifest(`window.__reactRouterManifest = ${JSON.stringify(manifest, null, 2)};`);
    const written = JSON.parse(compact.slice('window.__reactRouterManifest = '.length, -1));
    expect(written).toEqual({
      entry: { module: '/e.js', imports: [] },
      routes: { 'routes/product': { id: 'routes/product', parentId: 'root', path: 'p/:slug', hasAction: true, hasLoader: true, imports: ['/a.js'] } },
      version: 'v1',
    });
  });
});

describe('singleQuotedStreamChunk', () => {
  // React Router's shape: the turbo-stream text JSON-encoded, with <, >, & and line separators escaped.
  const chunkOf = (data: string, nonce = 'abc') =>
    `<script nonce="${nonce}">window.__reactRouterContext.streamController.enqueue(` +
    `${JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)});</script>`;
  const data = `[{"_1":2},"loaderData",{"name":"Harlow & Finch's <b>\\"Thame\\"</b> basin</script>","note":"a\\\\b\u2028c"}]\n`;
  const valueOf = (element: string) => {
    const literal = element.slice(element.indexOf('enqueue(') + 'enqueue('.length, element.length - ');</script>'.length);
    return vm.runInNewContext(literal) as string;
  };

  it('writes the same text in single quotes, with no quote escaped', () => {
    const element = chunkOf(data);
    const quoted = singleQuotedStreamChunk(element);
    expect(valueOf(quoted)).toBe(data);
    expect(valueOf(element)).toBe(data);
    expect(quoted).not.toContain('\\"_1\\"');
    expect(quoted.length).toBeLessThan(element.length);
  });

  it('leaves nothing in the string that could end the script or the string', () => {
    const quoted = singleQuotedStreamChunk(chunkOf(data));
    const inside = quoted.slice(quoted.indexOf("enqueue('") + 9, quoted.length - "');</script>".length);
    expect(inside).not.toMatch(/[<>&\n\r\u2028\u2029]/);
    expect(inside).not.toMatch(/(^|[^\\])'/);
  });

  it('leaves a script of another shape as written', () => {
    const other = '<script nonce="abc">window.__reactRouterContext.streamController.enqueue(notJson);</script>';
    expect(singleQuotedStreamChunk(other)).toBe(other);
    expect(singleQuotedStreamChunk('<script>window.__ctx = 1;</script>')).toBe('<script>window.__ctx = 1;</script>');
  });

  it('rewrites the hydration data as the page streams by, however React cuts it', async () => {
    const element = chunkOf(data, 'n0nce');
    const html = await through(['<body><p>Basins</p>', element.slice(0, 30), element.slice(30, 90), element.slice(90), '</body>'], 'n0nce');
    expect(html).toBe(`<body><p>Basins</p>${singleQuotedStreamChunk(element)}</body>`);
    expect(html).toContain("enqueue('");
  });
});
