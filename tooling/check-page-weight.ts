/**
 * The JavaScript a page loads before anyone touches it, gzipped, held to a budget on every `npm test`
 * after the storefront build (docs/decisions/0008 and 0054): the shop's own code, which is all but the
 * `framework` chunk (React, React DOM, React Router).
 *
 * A page's scripts are what React Router's client manifest lists for it: the entry, the root route and
 * the page's route with their imports, the files its HTML preloads. Code a page fetches later with
 * `import()` (a dialog, the reviews form, signing in) is not counted; `e2e/page-weight.spec.ts` checks
 * that hydrating the page fetches nothing more. Sizes are gzip level 9 of the built files, as
 * `npm run bench:lighthouse` measures them, in kB of 1,024 bytes.
 *
 * `node tooling/check-page-weight.ts [build/client folder]` (default: WEB_BUILD_DIR's, else apps/web/build).
 */
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The pages held to a budget, by React Router route id, and their own JavaScript's budget in kB. */
export const PAGE_BUDGETS: readonly { page: string; routeId: string; ownKb: number }[] = [
  { page: 'product', routeId: 'routes/product', ownKb: 50 },
  { page: 'home', routeId: 'routes/home', ownKb: 50 },
  { page: 'category', routeId: 'routes/category', ownKb: 50 },
];

const FRAMEWORK_CHUNK = /\/framework-[^/]*\.js$/;
const MANIFEST_GLOBAL = '__reactRouterManifest';

interface ManifestPart {
  module: string;
  imports?: string[];
}
interface ClientManifest {
  entry: ManifestPart;
  routes: Record<string, ManifestPart & { parentId?: string }>;
}

/** React Router's client manifest (`assets/manifest-<hash>.js`, which sets `window.__reactRouterManifest`). */
export function readClientManifest(clientDir: string): ClientManifest {
  const assets = path.join(clientDir, 'assets');
  const file = fs.readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`No React Router manifest in ${assets}: build the storefront first.`);
  const sandbox: { window: Record<string, ClientManifest | undefined> } = { window: {} };
  vm.runInNewContext(fs.readFileSync(path.join(assets, file), 'utf8'), sandbox);
  const manifest = sandbox.window[MANIFEST_GLOBAL];
  if (!manifest) throw new Error(`${file} does not set the React Router manifest.`);
  return manifest;
}

/** The scripts a page of `routeId` loads: the entry's, then each route's from the root down to it. */
export function pageScripts(manifest: ClientManifest, routeId: string): string[] {
  const chain: ManifestPart[] = [];
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`No route ${id} in the storefront's manifest.`);
    chain.unshift(route);
  }
  const scripts = [manifest.entry, ...chain].flatMap((part) => [...(part.imports ?? []), part.module]);
  return [...new Set(scripts)];
}

export interface PageWeight {
  scripts: number;
  totalBytes: number;
  frameworkBytes: number;
  ownBytes: number;
  /** Each script's gzipped bytes, largest first. */
  files: { url: string; bytes: number }[];
}

/** What the scripts weigh gzipped, read from the build's client folder. */
export function weigh(clientDir: string, scripts: string[]): PageWeight {
  const files = scripts
    .map((url) => ({ url, bytes: gzipSync(fs.readFileSync(path.join(clientDir, url)), { level: 9 }).length }))
    .toSorted((a, b) => b.bytes - a.bytes);
  const totalBytes = files.reduce((sum, file) => sum + file.bytes, 0);
  const frameworkBytes = files.filter((file) => FRAMEWORK_CHUNK.test(file.url)).reduce((sum, file) => sum + file.bytes, 0);
  return { scripts: files.length, totalBytes, frameworkBytes, ownBytes: totalBytes - frameworkBytes, files };
}

export const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** One line per page, and the pages over budget. */
export function checkPageWeights(clientDir: string, budgets = PAGE_BUDGETS): { lines: string[]; over: string[] } {
  const manifest = readClientManifest(clientDir);
  const lines: string[] = [];
  const over: string[] = [];
  for (const { page, routeId, ownKb } of budgets) {
    const weight = weigh(clientDir, pageScripts(manifest, routeId));
    const within = weight.ownBytes <= ownKb * 1024;
    lines.push(
      `${page.padEnd(9)} own ${kb(weight.ownBytes).padStart(5)} kB of ${ownKb} kB ${within ? 'ok' : 'OVER'}` +
        `  (all ${kb(weight.totalBytes)} kB, framework ${kb(weight.frameworkBytes)} kB, ${weight.scripts} scripts)`,
    );
    if (!within) {
      over.push(page);
      for (const file of weight.files.slice(0, 8)) lines.push(`    ${kb(file.bytes).padStart(5)} kB  ${file.url}`);
    }
  }
  return { lines, over };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const clientDir = path.resolve(process.argv[2] ?? path.join(process.env.WEB_BUILD_DIR ?? path.join(root, 'apps/web/build'), 'client'));
  const { lines, over } = checkPageWeights(clientDir);
  process.stdout.write(`JavaScript per page, gzipped (the shop's own: all but the framework chunk)\n${lines.join('\n')}\n`);
  if (over.length) {
    process.stderr.write(`Over budget: ${over.join(', ')}. Load what only an interaction needs with import() (docs/decisions/0054).\n`);
    process.exit(1);
  }
}
