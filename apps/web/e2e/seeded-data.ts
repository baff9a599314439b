/**
 * A test shop's data, seeded once per run (run before `main.ts` by playwright.config.ts's shops).
 * The shops start side by side (e2e/test-servers.ts), and each shop seeding the demo shop itself
 * would make three seeds. The first shop to take E2E_SEEDED_DIR's `seeding` folder seeds it
 * (migrations and demo seed, by the shop's own start with SERVE=api, then closed) and marks it
 * complete; the others wait for that mark. Each shop's DATA_DIR starts as a copy of the seeded
 * folder (its embedded database and stored files), so every shop still has a database of its own.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createShopServer, loadServerConfig } from '@shop/server';

const seeded = process.env.E2E_SEEDED_DIR;
const dataDir = process.env.DATA_DIR;
if (!seeded || !dataDir) throw new Error('E2E_SEEDED_DIR and DATA_DIR name the seeded folder and this shop’s');

const data = path.join(seeded, 'data');
const complete = path.join(seeded, 'complete');
const seeding = path.join(seeded, 'seeding');

/** Whether this shop is the one to seed: making the folder succeeds for one process only. */
function takeSeeding() {
  try {
    fs.mkdirSync(seeding);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Waits for the seeding shop's mark (if that shop stops, e2e/test-servers.ts stops this one with it). */
async function seedingComplete() {
  while (!fs.existsSync(complete)) {
    await new Promise<void>((resolve) => {
      const watcher = fs.watch(path.dirname(complete), () => {
        watcher.close();
        resolve();
      });
      // The mark may have been made before the watch began.
      if (fs.existsSync(complete)) {
        watcher.close();
        resolve();
      }
    });
  }
}

if (fs.existsSync(complete)) {
  // Seeded by an earlier shop of this run.
} else if (takeSeeding()) {
  const started = performance.now();
  fs.rmSync(data, { recursive: true, force: true });
  const server = await createShopServer(loadServerConfig({ ...process.env, SERVE: 'api', DATA_DIR: data }), { logger: false });
  await server.close();
  fs.writeFileSync(complete, '');
  process.stderr.write(`seeded the test shops' demo data in ${Math.round((performance.now() - started) / 1000)} s\n`);
} else {
  await seedingComplete();
}
fs.cpSync(data, dataDir, { recursive: true });
// The seeding shop's timers (its snapshot's checks) would keep this process alive: the shop starts next.
process.exit(0);
