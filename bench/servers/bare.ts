/**
 * The floor to compare against: node:http answering a health-sized JSON body, no framework.
 * `BARE_BODY_BYTES` pads the body to another size (a listing's 25 kB, for `bench:generator`).
 */
import http from 'node:http';

const health = {
  status: 'ok',
  database: { kind: 'pglite', status: 'up', schemaVersion: '0000_platform_and_categories', latencyMs: 0.1 },
  version: '0.1.0',
  uptimeSeconds: 1,
};
const padding = Math.max(0, Number(process.env.BARE_BODY_BYTES ?? 0) - JSON.stringify(health).length - 14);
const body = JSON.stringify(padding > 0 ? { ...health, padding: 'x'.repeat(padding) } : health);
const server = http.createServer((request, response) => {
  // A body sent is read before the answer, as the API reads it.
  request.resume();
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    response.end(body);
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`ready ${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
