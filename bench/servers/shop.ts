/**
 * The whole shop (API and storefront on one port) as `npm start` runs it, for page benchmarks, in
 * this process (so its CPU time is the pages' own). Listens on PORT at 127.0.0.1 and prints `ready <port>`.
 */
import { loadServerConfig } from '../../apps/server/src/config.ts';
import { createShopServer } from '../../apps/server/src/server.ts';
import { recordPauses } from './pauses.ts';

const config = loadServerConfig({
  ...process.env,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  // Benchmarks measure the server, not the abuse limiter nor the overload guard (a loaded machine delays the event loop past its limit).
  RATE_LIMIT_PER_MINUTE: '100000000',
  OVERLOAD_EVENT_LOOP_DELAY_MS: process.env.OVERLOAD_EVENT_LOOP_DELAY_MS ?? '0',
});
const server = await createShopServer(config);
await server.app.listen({ port: config.api.port, host: '127.0.0.1' });
recordPauses(process.env.BENCH_PAUSES, server.app.server);
process.stdout.write(`ready ${config.api.port}\n`);
process.on('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
