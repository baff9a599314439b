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
 * file starts from that dump (its own copy: files never see each other's writes).
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE === 'postgres') return;
  const hash = createHash('sha1');
  const modulesFolder = path.join(import.meta.dirname, '..', 'modules');
  for (const folder of [migrationsFolder, modulesFolder]) {
    for (const file of fs.readdirSync(folder, { recursive: true }).map(String).toSorted()) {
      const full = path.join(folder, file);
      // Seeds live in the modules: any change there could change the seeded data.
      if (fs.statSync(full).isFile() && !file.includes('.test.')) hash.update(file).update(fs.readFileSync(full));
    }
  }
  const templateFile = path.join(os.tmpdir(), `shop-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!fs.existsSync(templateFile)) {
    const handle = await openDatabase({});
    await applyMigrations(handle);
    // The seeds of an API composed as the tests' are; it is never started.
    const app = await buildApi({ config: loadApiConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database: handle });
    await runSeeds(handle, app.composed.seeds, () => {});
    const dump = await handle.dump!();
    await app.close();
    await handle.close();
    const partial = `${templateFile}.${process.pid}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, templateFile); // Atomic, so a parallel run never reads half a file.
  }
  project.provide('pgliteTemplate', templateFile);
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
