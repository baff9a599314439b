import { fileURLToPath } from 'node:url';
import { getHeapStatistics } from 'node:v8';
import { ConfigError } from '@shop/api/config';
import { loadServerConfig } from './config.ts';
import { heapLimitFlag, restartWithHeapLimit } from './heap-limit.ts';
import { listeningText } from './public-host.ts';
import { MissingWebBuildError, storefrontServerEntry } from './storefront-build.ts';
import { redactWrites } from './redacted-output.ts';

// Whatever this process writes outside the loggers (the storefront's lines, React Router's and
// libraries' reports) carries no e-mail address or token either (decision 0048).
redactWrites(process.stdout);
redactWrites(process.stderr);

/** Starts the shop, prints where to find it, and shuts down cleanly on Ctrl-C or SIGTERM. */
async function main() {
  const started = performance.now();
  const config = loadServerConfig();
  if (config.serve.has('web')) storefrontServerEntry(config.webBuildDir);
  // The shop itself is loaded only once its settings are read: a wrong setting is named at once, and a
  // process that starts again under its heap limit (heap-limit.ts) never loads it at all.
  const [{ startTracing, stopTracing }, { createShopServer }] = await Promise.all([import('@shop/api'), import('./server.ts')]);
  // Before the server is made: its database and gateway are traced from the start (decision 0070).
  await startTracing({ exporter: config.api.operations.tracesExporter });
  const server = await createShopServer(config);
  const url = config.api.publicUrl;
  const servesPages = config.serve.has('web');
  await server.app.listen({
    port: config.api.port,
    host: config.api.host,
    listenTextResolver: (address) => listeningText(url, address, servesPages),
  });

  const lines = ['', '  Plumbline shop is running', ''];
  if (servesPages) {
    // Only PUBLIC_URL works for pages: any other name of this machine is redirected to it (decision 0052).
    lines.push(`  Storefront          ${url}/`, '                      (other addresses of this machine redirect here; to use another, set PUBLIC_URL)');
  }
  if (config.serve.has('api')) {
    lines.push(`  API reference       ${url}/api/docs`, `  API health          ${url}/api/health`);
    lines.push(
      config.api.identity.embedded
        ? `  Identity provider   ${config.api.identity.issuer}/.well-known/openid-configuration`
        : `  Sign-in             ${config.api.identity.issuer} (external provider)`,
    );
    const kind = server.database?.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.api.database.dataDir}/pglite`;
    lines.push(`  Database            ${kind}`);
  }
  // The whole heap's limit: the old generation's (HEAP_LIMIT_MB) and the young generation's.
  const heapLimit = Math.round(getHeapStatistics().heap_size_limit / 1024 / 1024);
  lines.push(`  Memory              JavaScript heap limit ${heapLimit.toLocaleString('en-GB')} MB, young generation included (HEAP_LIMIT_MB)`);
  lines.push(`  Started in          ${Math.round(performance.now() - started)} ms`, '');
  if (server.database?.kind === 'pglite') {
    lines.push(
      '  ! The embedded database (PGlite, fsync off) is for evaluation and development only.',
      '    Set DATABASE_URL to a PostgreSQL server for production.',
      '',
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      process.stderr.write('Forced exit.\n');
      process.exit(1);
    }
    stopping = true;
    // /readyz answers 503 from now on, so load balancers stop sending requests before the server stops taking them (decision 0070).
    server.app.readiness.drain();
    const delay = config.api.operations.shutdownDelaySeconds;
    if (delay > 0) {
      process.stdout.write(
        `\n${signal} received: no longer ready; taking requests for ${delay} more second${delay === 1 ? '' : 's'} (SHUTDOWN_DELAY_SECONDS)…\n`,
      );
      await new Promise((resolve) => setTimeout(resolve, delay * 1000));
    }
    process.stdout.write(`\n${signal} received: finishing requests in flight and closing the database…\n`);
    try {
      await server.close();
      await stopTracing();
      process.exit(0);
    } catch (error) {
      process.stderr.write(`Shutdown failed: ${String(error)}\n`);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

function failed(error: unknown) {
  if (error instanceof ConfigError || error instanceof MissingWebBuildError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`The shop could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
}

let flag: string | null = null;
try {
  flag = heapLimitFlag(process.env, process.execArgv);
} catch (error) {
  failed(error);
}
if (flag) restartWithHeapLimit(fileURLToPath(import.meta.url), flag);
else main().catch(failed);
