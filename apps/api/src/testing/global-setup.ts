import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { applyMigrations, migrationsFolder } from '../db/migrate.ts';
import { buildApi } from '../api.ts';
import { loadApiConfig } from '../config.ts';
import { runSeeds } from '../seed/seed.ts';

/**
 * Creating a PGlite database runs initdb (about 3 s); loading a dumped one takes about 0.5 s. So the
 * migrated and seeded database is dumped once per set of migrations and seed sources, and every test
 * file starts from that dump (its own copy: files never see each other's writes). The database as it
 * is before the seeds is dumped too, for shops started without demo data (test-database.ts).
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE === 'postgres') return;
  const key = templateKey();
  const templateFile = path.join(os.tmpdir(), `shop-pglite-template-${key}.tar`);
  const migratedFile = path.join(os.tmpdir(), `shop-pglite-migrated-${key}.tar`);
  if (!fs.existsSync(templateFile) || !fs.existsSync(migratedFile)) {
    const handle = await openDatabase({});
    await applyMigrations(handle);
    await writeAtomically(migratedFile, await handle.dump!());
    // The seeds of an API composed as the tests' are; it is never started.
    const app = await buildApi({ config: loadApiConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database: handle });
    await runSeeds(handle, app.composed.seeds, () => {});
    const dump = await handle.dump!();
    await app.close();
    await handle.close();
    await writeAtomically(templateFile, dump);
  }
  project.provide('pgliteTemplate', templateFile);
  project.provide('pgliteMigratedTemplate', migratedFile);
}

/**
 * What the templates are made from: the migrations, the modules (whose seeds they run) and the demo package (the seeds'
 * data), so any change there makes new ones.
 */
export function templateKey(): string {
  const hash = createHash('sha1');
  const modulesFolder = path.join(import.meta.dirname, '..', 'modules');
  const demoFolder = path.join(import.meta.dirname, '..', '..', '..', '..', 'packages', 'demo', 'src');
  for (const folder of [migrationsFolder, modulesFolder, demoFolder]) {
    for (const file of fs.readdirSync(folder, { recursive: true }).map(String).toSorted()) {
      const full = path.join(folder, file);
      // Seeds live in the modules: any change there could change the seeded data.
      if (fs.statSync(full).isFile() && !file.includes('.test.')) hash.update(file).update(fs.readFileSync(full));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/** Written under another name, then renamed: a parallel run never reads half a file. */
async function writeAtomically(file: string, dump: Blob): Promise<void> {
  const partial = `${file}.${process.pid}`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, file);
}
