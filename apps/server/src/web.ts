import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { Readable } from 'node:stream';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { misdirectedProblem, publicHostAnswer } from './public-host.ts';

export class MissingWebBuildError extends Error {
  override name = 'MissingWebBuildError';
}

/**
 * Serves the React Router build: hashed assets from build/client with long-lived caching, every
 * other page request rendered on the server, under PUBLIC_URL's host only (decision 0052). The API's
 * /api routes are matched first.
 */
export async function registerWeb(app: FastifyInstance, buildDir: string, mode: string, publicUrl: string): Promise<void> {
  const serverEntry = path.join(buildDir, 'server', 'index.js');
  const clientDir = path.join(buildDir, 'client');
  if (!fs.existsSync(serverEntry)) {
    throw new MissingWebBuildError(`The storefront is not built (${serverEntry} is missing): run "npm run build".`);
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const handle = createRequestHandler(build, mode);

  await app.register(async (web) => {
    await web.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // tooling/precompress.ts writes .br and .gz twins at build time.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Vite puts a content hash in every asset name, so they never change.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.header('cache-control', 'public, max-age=3600');
        }
      },
    });
    // React Router reads form posts itself, so leave request bodies unread here.
    web.removeAllContentTypeParsers();
    web.addContentTypeParser('*', (_request, _payload, done) => done(null));
    web.all('/*', { schema: { hide: true }, compress: {} }, async (request, reply) => {
      // Files above are the same under any name (a probe may ask by address); pages only under PUBLIC_URL's.
      const answer = publicHostAnswer(publicUrl, request);
      if (answer.kind === 'redirect') return reply.header('cache-control', 'no-store').redirect(answer.location, 308);
      if (answer.kind === 'misdirected') {
        return reply
          .code(421)
          .type('application/problem+json; charset=utf-8')
          .send(JSON.stringify(misdirectedProblem(publicUrl, request.url)));
      }
      const response = await handle(toFetchRequest(request, reply));
      reply.code(response.status);
      for (const [name, value] of response.headers) {
        if (name !== 'set-cookie') reply.header(name, value);
      }
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      // Streamed so the first bytes of a page leave before the slowest loader finishes.
      return reply.send(response.body ? Readable.fromWeb(response.body as never) : null);
    });
  });
}

/** A Fetch API request for React Router, aborted if the browser goes away. */
function toFetchRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  // Whose visit this is, as Fastify worked it out (a browser's own header is not believed unless
  // TRUST_PROXY): page loaders and actions pass it on to the API (`visitorHeaders`).
  headers.set('x-forwarded-for', request.ip);
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    // HEAD renders as GET so its headers (type, length) are the page's; Node drops the body.
    method: request.method === 'HEAD' ? 'GET' : request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}
