import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ConfigError } from '@shop/api';
import { loadServerConfig } from './config.ts';
import { createShopServer } from './server.ts';

// Migrations as a step of their own (docs/operations.md) are for PostgreSQL deployments; an empty server database is
// made in milliseconds, where a fresh PGlite takes seconds.
const onPostgres = process.env.TEST_DATABASE === 'postgres';
const migrateFile = fileURLToPath(new URL('./migrate.ts', import.meta.url));
const STEP_MS = 120_000;

let databaseUrl = '';
const adminUrl = process.env.DATABASE_URL ?? '';
const name = `shop_step_${randomBytes(6).toString('hex')}`;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
}

/** `npm run db:migrate` (with `args`) in a child process, as the image's migrate role runs it. */
function migrate(args: string[] = []) {
  const child = spawn(process.execPath, [migrateFile, ...args], {
    env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'production', SHOP_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run = { output: '', exited: new Promise<number | null>((resolve) => child.once('exit', resolve)) };
  child.stdout.on('data', (chunk) => (run.output += chunk));
  child.stderr.on('data', (chunk) => (run.output += chunk));
  onTestFinished(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  return run;
}

const productionApi = () =>
  loadServerConfig({
    SERVE: 'api',
    NODE_ENV: 'production',
    SHOP_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: '2',
    JOBS: 'none',
    ALLOW_GENERATED_KEYS_IN_PRODUCTION: 'true',
    ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
  });

describe.runIf(onPostgres)('migrations as a step (production)', () => {
  beforeAll(async () => {
    await admin(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  });
  afterAll(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

  it(
    'an instance refuses an unmigrated database; `migrate --wait` waits until `migrate` has run; then the instance starts',
    async () => {
      expect(productionApi().api.database.migrateOnStart).toBe(false);
      const refusal = await createShopServer(productionApi(), { logger: false }).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(ConfigError);
      expect((refusal as Error).message).toMatch(/^The database lacks \d+ migration\(s\) this build ships \(0000_.*npm run db:migrate/s);

      const waiting = migrate(['--wait']);
      await expect.poll(() => waiting.output, { timeout: STEP_MS }).toMatch(/Waiting for \d+ migration\(s\) to be applied/);

      const applied = migrate();
      expect(await applied.exited).toBe(0);
      expect(applied.output).toMatch(/^Applied \d+ migration\(s\) in \d+ ms: 0000_/);
      expect(await waiting.exited).toBe(0);
      expect(waiting.output).toMatch(/The database has every migration of this build/);

      const server = await createShopServer(productionApi(), { logger: false });
      try {
        expect((await server.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      } finally {
        await server.close();
      }
    },
    STEP_MS * 3,
  );
});
