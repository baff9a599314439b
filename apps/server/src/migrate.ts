/**
 * `npm run db:migrate`, and the image's `migrate` role: applies the migrations the database lacks, on one connection
 * holding an advisory lock (so two started together apply each once), then exits. With `--wait` it applies nothing: it
 * waits until the database has every migration this build ships, for a Deployment's init container (deploy/k8s), so no
 * instance of a new build serves on an old schema. Reads DATABASE_URL (or DATABASE_URL_FILE); without it, the PGlite
 * database under DATA_DIR.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { applyMigrations, ConfigError, latestMigrationTag, loadApiConfig, openDatabase, pendingMigrations, type DatabaseHandle } from '@shop/api';

const WAIT_POLL_MS = 2_000;

async function open(): Promise<DatabaseHandle> {
  // Only the database settings matter here: checked as a storefront tier's are, without production's key refusals.
  const { database } = loadApiConfig(process.env, { servesApi: false });
  return openDatabase({ url: database.url, dataDir: `${database.dataDir}/pglite`, poolSize: 1 });
}

async function migrate(): Promise<void> {
  const database = await open();
  try {
    const started = performance.now();
    const applied = await applyMigrations(database);
    const took = Math.round(performance.now() - started);
    process.stdout.write(
      applied.length > 0
        ? `Applied ${applied.length} migration(s) in ${took} ms: ${applied.join(', ')}. The database is at ${latestMigrationTag}.\n`
        : `Nothing to apply: the database is at ${latestMigrationTag} or newer.\n`,
    );
  } finally {
    await database.close();
  }
}

async function waitForMigrations(): Promise<void> {
  let said = '';
  const say = (line: string) => {
    if (line !== said) process.stdout.write(`${line}\n`);
    said = line;
  };
  for (;;) {
    try {
      const database = await open();
      try {
        const pending = await pendingMigrations(database);
        if (pending.length === 0) {
          process.stdout.write(`The database has every migration of this build (${latestMigrationTag}).\n`);
          return;
        }
        say(`Waiting for ${pending.length} migration(s) to be applied by the migrate step: ${pending.join(', ')}…`);
      } finally {
        await database.close();
      }
    } catch (error) {
      if (error instanceof ConfigError) throw error;
      say(`Waiting for the database: ${error instanceof Error ? error.message : String(error)}`);
    }
    await sleep(WAIT_POLL_MS);
  }
}

export async function runMigrate(args: string[]): Promise<void> {
  try {
    await (args.includes('--wait') ? waitForMigrations() : migrate());
  } catch (error) {
    process.stderr.write(
      error instanceof ConfigError ? `${error.message}\n` : `Migrating failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  }
}

if (import.meta.main) await runMigrate(process.argv.slice(2));
