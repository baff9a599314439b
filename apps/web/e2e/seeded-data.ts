/**
 * A test shop's data, seeded once per run (run before `main.ts` by playwright.config.ts's shops).
 * Playwright starts its web servers one after another, each waited for, and each shop seeded the demo
 * shop itself: three seeds in a row before the first test. Now the first shop to start seeds it into
 * E2E_SEEDED_DIR (migrations and demo seed, by the shop's own start with SERVE=api, then closed),
 * and each shop's DATA_DIR starts as a copy of that folder (its embedded database and stored files),
 * so every shop still has a database of its own.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createShopServer, loadServerConfig } from '@shop/server';

const seeded = process.env.E2E_SEEDED_DIR;
const dataDir = process.env.DATA_DIR;
if (!seeded || !dataDir) throw new Error('E2E_SEEDED_DIR and DATA_DIR name the seeded folder and this shop’s');

const data = path.join(seeded, 'data');
const complete = path.join(seeded, 'complete');
if (!fs.existsSync(complete)) {
  const started = performance.now();
  fs.rmSync(data, { recursive: true, force: true });
  const server = await createShopServer(loadServerConfig({ ...process.env, SERVE: 'api', DATA_DIR: data }), { logger: false });
  await server.close();
  fs.writeFileSync(complete, '');
  process.stderr.write(`seeded the test shops' demo data in ${Math.round((performance.now() - started) / 1000)} s\n`);
}
fs.cpSync(data, dataDir, { recursive: true });
// The seeding shop's timers (its snapshot's checks) would keep this process alive: the shop starts next.
process.exit(0);
