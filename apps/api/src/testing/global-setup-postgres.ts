import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildApi } from '../api.ts';
import { loadApiConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { applyMigrations } from '../db/migrate.ts';
import { runSeeds } from '../seed/seed.ts';
import { templateKey } from './global-setup.ts';
import { serverOf, type PostgresTemplates } from './test-database.ts';

/**
 * On PostgreSQL every API test file made an empty database and ran every migration (and most, the demo seed) into it:
 * seconds a file, most of the step's time. The two starting points are made once per set of migrations and seed sources
 * here, as PGlite's dumps are (global-setup.ts), and each file's database is a copy of one (`CREATE DATABASE … TEMPLATE`,
 * a copy of files on the server): its own, so files never see each other's writes.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return;
  const key = templateKey();
  const templates: PostgresTemplates = { server: serverOf(adminUrl), migrated: `shop_tpl_${key}_migrated`, seeded: `shop_tpl_${key}_seeded` };
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = async (name: string) => (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    // Made under another name and renamed when complete: a run that stopped half way, or one alongside, never leaves half a template.
    const make = async (name: string, fill: (url: string) => Promise<void>, from?: string) => {
      if (await exists(name)) return;
      const partial = `${name}_${process.pid}`;
      await admin.query(`DROP DATABASE IF EXISTS ${partial} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${partial}${from ? ` TEMPLATE ${from}` : ''}`);
      const url = new URL(adminUrl);
      url.pathname = `/${partial}`;
      await fill(url.toString());
      try {
        await admin.query(`ALTER DATABASE ${partial} RENAME TO ${name}`);
      } catch (error) {
        // Another run made it first.
        await admin.query(`DROP DATABASE IF EXISTS ${partial} WITH (FORCE)`);
        if (!(await exists(name))) throw error;
      }
    };
    await make(templates.migrated, async (url) => {
      const handle = await openDatabase({ url, poolSize: 2 });
      await applyMigrations(handle);
      await handle.close();
    });
    await make(
      templates.seeded,
      async (url) => {
        const handle = await openDatabase({ url, poolSize: 2 });
        // The seeds of an API composed as the tests' are; it is never started.
        const app = await buildApi({ config: loadApiConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), database: handle });
        await runSeeds(handle, app.composed.seeds, () => {});
        await app.close();
        await handle.close();
      },
      templates.migrated,
    );
    // Templates of other migrations and seeds (earlier runs here) go, unless a run is copying one now.
    const old = await admin.query<{ datname: string }>("select datname from pg_database where datname like 'shop\\_tpl\\_%' and datname not like $1", [
      `shop\\_tpl\\_${key}\\_%`,
    ]);
    for (const { datname } of old.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => {});
  } finally {
    await admin.end();
  }
  project.provide('postgresTemplates', templates);
}
