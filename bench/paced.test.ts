import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerEnd, pacedLoad } from './paced.ts';

/** `text` as it arrives, with the length read so far. */
const arrived = (text: string) => {
  const buffer = Buffer.from(text, 'latin1');
  return [buffer, buffer.length] as const;
};

describe('reading an answer off the wire', () => {
  const sized = 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{"ok":true}';
  const chunked = 'HTTP/1.1 201 Created\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n';

  it('ends a sized answer after its content length, and not before', () => {
    expect(answerEnd(...arrived(sized))).toEqual({ end: sized.length, status: 200, close: false });
    expect(answerEnd(...arrived(sized.slice(0, -1)))).toBeNull();
    expect(answerEnd(...arrived(sized.slice(0, 40)))).toBeNull();
  });

  it('ends a chunked answer at its last chunk, however the chunks were split', () => {
    expect(answerEnd(...arrived(chunked))).toEqual({ end: chunked.length, status: 201, close: false });
    for (let cut = 0; cut < chunked.length; cut++) expect(answerEnd(...arrived(chunked.slice(0, cut)))).toBeNull();
  });

  it('reads an answer without a body, and one that closes the connection', () => {
    const notModified = 'HTTP/1.1 304 Not Modified\r\nETag: "x"\r\n\r\n';
    expect(answerEnd(...arrived(notModified))).toEqual({ end: notModified.length, status: 304, close: false });
    const closing = 'HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';
    expect(answerEnd(...arrived(closing))).toEqual({ end: closing.length, status: 503, close: true });
  });
});

describe('a paced round', () => {
  let server: http.Server;
  let origin = '';
  const seen: string[] = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen.push(`${request.method} ${request.url} ${body}`);
        if (request.url === '/chunked') {
          response.writeHead(200, { 'content-type': 'text/plain' });
          response.write('first ');
          setImmediate(() => response.end('second'));
        } else if (request.url === '/missing') {
          response.writeHead(404, { 'content-length': 0 });
          response.end();
        } else if (request.url === '/closing') {
          response.writeHead(200, { connection: 'close', 'content-length': 2 });
          response.end('ok');
        } else if (request.url === '/silent') {
          // Never answers: the round's timeout gives up on it.
        } else {
          const answer = JSON.stringify({ echo: body, padding: 'x'.repeat(100_000) });
          response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) });
          response.end(answer);
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends every request once, with its body, and sorts what comes back into answers, refusals and errors', async () => {
    const paths = ['/json', '/chunked', '/missing', '/closing', '/silent'];
    let sent = 0;
    const result = await pacedLoad('mixed', origin, {
      rate: 200,
      seconds: 0.5,
      // Enough that the silent requests, each holding one until its timeout, leave others free.
      connections: 30,
      // Long enough that no answer on a busy machine is taken for the silent ones.
      timeoutMs: 2_000,
      next: () => {
        const path = paths[sent % paths.length]!;
        return { method: 'POST', path, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ n: sent++ }) };
      },
    });
    // 100 requests: 20 of each kind.
    expect(sent).toBe(100);
    expect(result.total).toBe(60);
    expect(result.non2xx).toBe(20);
    expect(result.errors).toBe(20);
    // Each body as it was made for its request (requests due together may arrive in any order).
    const bodies = seen.filter((line) => line.startsWith('POST /json ')).map((line) => JSON.parse(line.slice('POST /json '.length)).n as number);
    expect(bodies.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, k) => k * 5));
  }, 30_000);
});
