import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { applyMigrations, migrationsFolder } from '../db/migrate.ts';

/**
 * Creating a PGlite database runs initdb (about 3 s); loading a dumped one takes about 0.5 s. So the
 * migrated schema is dumped once per set of migrations, and every test file starts from that dump.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE === 'postgres') return;
  const hash = createHash('sha1');
  for (const file of fs.readdirSync(migrationsFolder, { recursive: true }).map(String).toSorted()) {
    const full = path.join(migrationsFolder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  const templateFile = path.join(os.tmpdir(), `shop-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!fs.existsSync(templateFile)) {
    const handle = await openDatabase({});
    await applyMigrations(handle);
    const dump = await handle.dump!();
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
