/**
 * Fastify with nothing added, answering the same body: the framework's own floor, so a report
 * shows how much of the gap to node:http is the framework and how much is our middleware.
 */
import Fastify from 'fastify';

const body = {
  status: 'ok',
  database: { kind: 'pglite', status: 'up', schemaVersion: '0000_platform_and_categories', latencyMs: 0.1 },
  version: '0.1.0',
  uptimeSeconds: 1,
};
const app = Fastify({ logger: false });
app.get('/api/health', async () => body);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`ready ${new URL(address).port}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
