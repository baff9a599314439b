import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessApiFetch } from './api-in-process.ts';

/**
 * The storefront's calls to an API in the same process are answered by the API's own routing, as
 * over HTTP (status, headers, body; hooks run), without a connection; anything else still goes over HTTP.
 */
let app: FastifyInstance;
let origin = '';
let overHttp = 0;
const seen: { method: string; url: string; host: string | undefined; visitor: string | undefined; body: unknown }[] = [];

beforeAll(async () => {
  app = Fastify();
  app.addHook('onRequest', async (request) => {
    seen.push({ method: request.method, url: request.url, host: request.headers.host, visitor: request.headers['x-visitor'] as string, body: undefined });
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-hooked', 'yes');
  });
  app.get('/api/catalogue/Navigation', async (_request, reply) => reply.header('cache-control', 'public, max-age=300').send({ categories: ['basins'] }));
  app.post('/api/basket/basket', async (request, reply) => {
    seen.at(-1)!.body = request.body;
    return reply.code(201).send({ basketId: 'b-1' });
  });
  app.delete('/api/basket/basket/b-1', async (_request, reply) => reply.code(204).send());
  app.get('/api/basket/basket/missing', async (_request, reply) =>
    reply.code(404).type('application/problem+json').send({ status: 404, code: 'BASKET_NOT_FOUND', detail: 'No basket with that id.' }),
  );
  app.get('/elsewhere', async () => ({ over: 'http' }));
  // Requests that came over a connection (an injected one does not pass the server).
  app.server.on('request', () => overHttp++);
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
});

afterAll(async () => {
  await app.close();
});

describe('inProcessApiFetch', () => {
  it('answers as the API does over HTTP, hooks and all, without a request over HTTP', async () => {
    const inProcess = inProcessApiFetch(app, `${origin}/api`);
    const cases: [string, RequestInit][] = [
      [`${origin}/api/catalogue/Navigation`, { headers: { 'x-visitor': '203.0.113.9' } }],
      [`${origin}/api/basket/basket`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ sku: 'PL1', quantity: 2 }) }],
      [`${origin}/api/basket/basket/b-1`, { method: 'DELETE' }],
      [`${origin}/api/basket/basket/missing`, {}],
    ];
    for (const [url, init] of cases) {
      const before = overHttp;
      const here = await inProcess(url, init);
      expect(overHttp).toBe(before);
      const there = await fetch(url, init);
      expect({ status: here.status, type: here.headers.get('content-type'), hooked: here.headers.get('x-hooked'), body: await here.text() }).toEqual({
        status: there.status,
        type: there.headers.get('content-type'),
        hooked: 'yes',
        body: await there.text(),
      });
      expect(here.headers.get('cache-control')).toBe(there.headers.get('cache-control'));
    }
    // The API saw the same request both ways: method, path, the address it was sent to, the visitor and the body.
    const [navigationHere, navigationThere, postHere, postThere] = seen;
    expect(navigationHere).toEqual(navigationThere);
    expect(navigationHere).toMatchObject({ host: new URL(origin).host, visitor: '203.0.113.9' });
    expect(postHere).toEqual(postThere);
    expect(postHere!.body).toEqual({ sku: 'PL1', quantity: 2 });
  });

  it('sends an address outside the API, or a body that is not text, over HTTP', async () => {
    const inProcess = inProcessApiFetch(app, `${origin}/api`);
    const before = overHttp;
    expect(await (await inProcess(`${origin}/elsewhere`)).json()).toEqual({ over: 'http' });
    expect(overHttp).toBe(before + 1);
    const form = new FormData();
    form.set('sku', 'PL1');
    await inProcess(`${origin}/api/basket/basket`, { method: 'POST', body: form });
    expect(overHttp).toBe(before + 2);
  });
});
