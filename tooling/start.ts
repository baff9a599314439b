/**
 * `npm start`: builds the storefront if its build is missing or older than its sources, then
 * starts the shop (migrations, first-run demo data, banner) in this process.
 *
 * Pages render with React's production build (NODE_ENV=production); `npm run dev` has the development
 * build. Without a NODE_ENV of the caller's, the shop started here is the demo (SHOP_ENV=demo, decision
 * 0065): demo data and generated keys, as before. A caller who sets NODE_ENV, or SHOP_ENV, keeps them.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const web = path.join(root, 'apps', 'web');
const builtEntry = path.join(web, 'build', 'server', 'index.js');

function newestSourceTime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    if (full.includes(`${path.sep}node_modules${path.sep}`)) continue;
    newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = [path.join(web, 'app'), path.join(root, 'packages')].filter((dir) => fs.existsSync(dir));
const stale = !fs.existsSync(builtEntry) || Math.max(...sources.map(newestSourceTime)) > fs.statSync(builtEntry).mtimeMs;

if (stale && process.env.SERVE !== 'api') {
  process.stdout.write('Building the storefront (first run, or its sources changed)…\n');
  const result = spawnSync('npm', ['run', 'build', '-w', '@shop/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!process.env.NODE_ENV) {
  process.env.NODE_ENV = 'production';
  process.env.SHOP_ENV ||= 'demo';
}

await import('../apps/server/src/main.ts');
