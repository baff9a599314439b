import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createCatalogueClient } from '@shop/api-client';
import { loadServerConfig } from './config.ts';
import { createShopServer } from './server.ts';

// On-disk persistence and process signals are the embedded database's concern; PostgreSQL keeps
// its own data. The Postgres run of the API suites covers the rest.
const onPglite = process.env.TEST_DATABASE !== 'postgres';
const mainFile = fileURLToPath(new URL('./main.ts', import.meta.url));

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.runIf(onPglite)('the shop server on its embedded database', () => {
  it('applies migrations, seeds once, and keeps its data across a restart', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-data-'));
    const config = loadServerConfig({ SERVE: 'api', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0' });
    for (const round of [1, 2]) {
      const server = await createShopServer(config, { logger: false });
      const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
      const { categories } = await createCatalogueClient({ baseUrl: `${address}/api/catalogue` }).getNavigation();
      expect(categories, `round ${round}`).toHaveLength(20);
      await server.close();
    }
    expect(fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
  });

  it('on SIGTERM finishes the requests in flight, closes the database and exits 0', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-data-'));
    const port = await freePort();
    const child = spawn(process.execPath, [mainFile], {
      // An empty DATABASE_URL counts as unset: this test is about the embedded database.
      env: { ...process.env, DATABASE_URL: '', SERVE: 'api', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    await expect.poll(() => output, { timeout: 60_000, interval: 100 }).toContain('Plumbline shop is running');
    expect(output).toContain('PGlite');
    expect(output).toContain('for evaluation and development only');

    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const inFlight = fetch(`http://127.0.0.1:${port}/api/catalogue/Navigation`);
    await new Promise((resolve) => setTimeout(resolve, 5));
    child.kill('SIGTERM');
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect((await response.json()).categories).toHaveLength(20);
    expect(await exited).toBe(0);
    expect(output).toContain('SIGTERM received');
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow('fetch failed');
  });

  it('refuses to start with a clear message naming a bad setting', async () => {
    const child = spawn(process.execPath, [mainFile], {
      env: { ...process.env, PORT: 'not-a-port' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('PORT');
    expect(stderr).not.toContain('    at ');
  });
});
