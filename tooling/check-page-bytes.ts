/**
 * The HTML a shopper's first pages weigh, uncompressed, held to a budget on every `npm test` after the
 * storefront build (issue 36, decisions 0073 and 0084): the home page, a category, search results and a product
 * page, as the production server renders them. Every kilobyte of a page is work for the server (React
 * draws it, and collects the garbage after) and bytes for a phone; a change that puts the category tree
 * back into every page, or sends a loader's whole answer as hydration data, fails here.
 *
 * Starts the shop as `npm start` does (React's production build, `SHOP_ENV=demo`: the embedded demo data
 * on PGlite in a folder of its own), asks for each page once and compares its bytes with the budget.
 * Sizes are kB of 1,024 bytes, as `npm run bench:pages` prints them.
 *
 * `node tooling/check-page-bytes.ts` (WEB_BUILD_DIR's build, else apps/web/build).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The pages held to a budget, and their HTML's budget in kB. */
export const HTML_BUDGETS: readonly { page: string; path: string; kb: number }[] = [
  // The home page's words and blocks came with its content page (decision 0085, update of 2026-11-28): 1.2 kB of its data.
  { page: 'home', path: '/', kb: 137 },
  { page: 'category', path: '/c/basins', kb: 143 },
  { page: 'search', path: '/search?q=basin', kb: 187 },
  // Issue 36's goal for a product page (decision 0084): held there since the cards of every page's
  // carousels and listings carry only what a tile draws (lib/tile-cards.ts).
  { page: 'product', path: '/p/kestrel-tavy-wall-hung-basin-pl000123', kb: 60 },
];

/** A start on a busy machine seeds the demo catalogue first: an upper bound, not an expected time. */
const START_MS = 300_000;

export interface PageBytes {
  page: string;
  bytes: number;
  kb: number;
}

/** One line per page, and the pages over budget. */
export function judge(measured: readonly PageBytes[]): { lines: string[]; over: string[] } {
  const lines = measured.map(({ page, bytes, kb }) => {
    const size = (bytes / 1024).toFixed(1);
    return `${page.padEnd(9)} ${size.padStart(6)} kB of ${kb} kB ${bytes <= kb * 1024 ? 'ok' : 'OVER'}`;
  });
  return { lines, over: measured.filter(({ bytes, kb }) => bytes > kb * 1024).map(({ page }) => page) };
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

async function measure(root: string): Promise<PageBytes[]> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plumbline-page-bytes-'));
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', SHOP_ENV: 'demo', PORT: String(port), PUBLIC_URL: origin, DATA_DIR: dataDir };
  // The embedded database and no shared cache, whatever this shell points at.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  env.LOG_LEVEL = 'warn';
  // A busy machine (the rest of npm test) delays the event loop past the overload guard's limit (decision 0070): its 503 is not a page.
  env.OVERLOAD_EVENT_LOOP_DELAY_MS = '0';
  env.OVERLOAD_HEAP_USED_PERCENT = '0';
  const shop = spawn(process.execPath, [path.join(root, 'apps/server/src/main.ts')], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise<never>((_, reject) =>
    shop.once('exit', (code) => reject(new Error(`The shop stopped before its pages were weighed (exit ${code}).`))),
  );
  try {
    const deadline = Date.now() + START_MS;
    for (;;) {
      const health = await Promise.race([fetch(`${origin}/api/health`).catch(() => null), exited]);
      if (health?.ok) break;
      if (Date.now() > deadline) throw new Error(`The shop did not answer within ${START_MS / 1000} s.`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const measured: PageBytes[] = [];
    for (const { page, path: pagePath, kb } of HTML_BUDGETS) {
      const response = await fetch(`${origin}${pagePath}`, { headers: { 'accept-encoding': 'identity' } });
      const html = await response.text();
      if (response.status !== 200) throw new Error(`${page} (${pagePath}) answered ${response.status}.`);
      measured.push({ page, bytes: Buffer.byteLength(html), kb });
    }
    return measured;
  } finally {
    shop.kill('SIGTERM');
    await new Promise((resolve) => (shop.exitCode === null ? shop.once('exit', resolve) : resolve(null)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const { lines, over } = judge(await measure(root));
  process.stdout.write(`HTML per page, uncompressed, as the production server renders the demo shop\n${lines.join('\n')}\n`);
  if (over.length) {
    process.stderr.write(
      `Over budget: ${over.join(', ')}. Draw on opening what only an interaction shows; send loaders only what the page reads (issue 36).\n`,
    );
    process.exit(1);
  }
}
