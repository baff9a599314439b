/** The floor to compare against: node:http answering a health-sized JSON body, no framework. */
import http from 'node:http';

const body = JSON.stringify({
  status: 'ok',
  database: { kind: 'pglite', status: 'up', schemaVersion: '0000_platform_and_categories', latencyMs: 0.1 },
  version: '0.1.0',
  uptimeSeconds: 1,
});
const server = http.createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`ready ${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
