import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkPageWeights, pageScripts, readClientManifest } from './check-page-weight.ts';

/** A build's client folder: React Router's manifest and the scripts it names. */
function build(scripts: Record<string, string>, manifest: object): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-weight-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  for (const [name, text] of Object.entries(scripts)) fs.writeFileSync(path.join(dir, 'assets', name), text);
  fs.writeFileSync(path.join(dir, 'assets', 'manifest-1a2b3c4d.js'), `window.__reactRouterManifest=${JSON.stringify(manifest)};`);
  return dir;
}

// Text that gzip shrinks little: about three quarters of `bytes` gzipped.
const noise = (bytes: number) => randomBytes(bytes).toString('base64').slice(0, bytes);

const manifest = {
  entry: { module: '/assets/entry.client-a.js', imports: ['/assets/framework-f.js'] },
  routes: {
    root: { id: 'root', module: '/assets/root-r.js', imports: ['/assets/framework-f.js', '/assets/shop-s.js'] },
    'routes/product': { id: 'routes/product', parentId: 'root', module: '/assets/product-p.js', imports: ['/assets/shop-s.js', '/assets/carousel-c.js'] },
    'routes/home': { id: 'routes/home', parentId: 'root', module: '/assets/home-h.js', imports: [] },
  },
};

describe('page weight', () => {
  it("lists a page's scripts from the entry and its routes down from the root, each once", () => {
    const dir = build({}, manifest);
    expect(pageScripts(readClientManifest(dir), 'routes/product')).toEqual([
      '/assets/framework-f.js',
      '/assets/entry.client-a.js',
      '/assets/shop-s.js',
      '/assets/root-r.js',
      '/assets/carousel-c.js',
      '/assets/product-p.js',
    ]);
  });

  it('counts the gzipped scripts but the framework chunk against the budget, and names the pages over it', () => {
    const dir = build(
      {
        'entry.client-a.js': 'x',
        'framework-f.js': noise(40_000),
        'root-r.js': 'y',
        'shop-s.js': noise(1_500),
        'product-p.js': noise(5_000),
        'carousel-c.js': noise(1_000),
        'home-h.js': 'z',
      },
      manifest,
    );
    const budgets = [
      { page: 'product', routeId: 'routes/product', ownKb: 4 },
      { page: 'home', routeId: 'routes/home', ownKb: 4 },
    ];
    const { lines, over } = checkPageWeights(dir, budgets);
    expect(over).toEqual(['product']);
    const own = (page: string) => Number(/own +([\d.]+) kB/.exec(lines.find((line) => line.startsWith(page)) ?? '')?.[1]);
    const gz = (name: string) => gzipSync(fs.readFileSync(path.join(dir, 'assets', name)), { level: 9 }).length;
    expect(own('product')).toBeCloseTo((gz('entry.client-a.js') + gz('root-r.js') + gz('shop-s.js') + gz('product-p.js') + gz('carousel-c.js')) / 1024, 1);
    expect(own('product')).toBeGreaterThan(4);
    expect(own('home')).toBeLessThan(4);
  });

  it('says so when the storefront is not built', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-weight-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    expect(() => checkPageWeights(dir)).toThrow(/build the storefront first/);
  });
});
