import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineEndpoint, publicAccess, requireRole, signedIn } from '@shop/contracts';
import { createClientFromEndpoints, type ApiError } from '@shop/api-client';
import { loadApiConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { buildApp } from './app.ts';
import { bindEndpoint } from './bind.ts';
import { createCacheRegistry } from './cache.ts';
import { systemClock, type Actor } from './context.ts';
import { AppError } from './errors.ts';
import { noChangeNotices } from './change-notices.ts';

/** Endpoints that exercise the binder itself: access rules, validation and error mapping. */
const probe = {
  echo: defineEndpoint({
    service: 'projects',
    method: 'PUT',
    path: '/Probe/{ProbeId}/Items',
    summary: 'echo',
    access: publicAccess,
    params: z.object({ ProbeId: z.string() }),
    query: z.object({ pageSize: z.coerce.number().int().min(1).max(100).default(10) }),
    body: z.object({ quantity: z.number().int().min(1).max(999), sku: z.string().min(1) }),
    responses: { 200: z.object({ id: z.string(), pageSize: z.number(), quantity: z.number() }) },
  }),
  mine: defineEndpoint({
    service: 'projects',
    method: 'GET',
    path: '/Probe/mine',
    summary: 'signed-in only',
    access: signedIn,
    responses: { 200: z.object({ userId: z.string() }) },
  }),
  staff: defineEndpoint({
    service: 'projects',
    method: 'GET',
    path: '/Probe/staff',
    summary: 'discount managers only',
    access: requireRole('discount-manager', 'admin'),
    responses: { 200: z.object({ ok: z.boolean() }) },
  }),
  conflict: defineEndpoint({
    service: 'projects',
    method: 'POST',
    path: '/Probe/conflict',
    summary: 'throws',
    access: publicAccess,
    body: z.object({ kind: z.enum(['conflict', 'unprocessable', 'crash', 'bad-shape']) }),
    responses: { 200: z.object({ never: z.string() }) },
  }),
  once: defineEndpoint({
    service: 'projects',
    method: 'POST',
    path: '/Probe/once/{ProbeId}',
    summary: 'idempotent',
    access: publicAccess,
    params: z.object({ ProbeId: z.string() }),
    body: z.object({ amount: z.number().int() }),
    responses: { 200: z.object({ run: z.number(), amount: z.number() }) },
    idempotent: { scope: 'probe.once' },
  }),
  kept: defineEndpoint({
    service: 'projects',
    method: 'GET',
    path: '/Probe/kept',
    summary: 'cacheable for a minute',
    access: publicAccess,
    responses: { 200: z.object({ value: z.number() }) },
    cacheSeconds: 60,
  }),
  revalidated: defineEndpoint({
    service: 'projects',
    method: 'GET',
    path: '/Probe/revalidated',
    summary: 'cacheable, asked again every time',
    access: publicAccess,
    responses: { 200: z.object({ value: z.number() }) },
    cacheSeconds: 0,
  }),
} as const;

const actors: Record<string, Actor> = {
  shopper: { userId: 'u-shopper', roles: ['shopper'] },
  manager: { userId: 'u-manager', roles: ['discount-manager'] },
};

let app: FastifyInstance;
let database: DatabaseHandle;
let client: ReturnType<typeof createClientFromEndpoints<typeof probe>>;
const as = (name: string) => createClientFromEndpoints(probe, { baseUrl: `${origin}/api/projects`, getAccessToken: () => name });
let origin = '';
/** How many times the idempotent probe's handler has run. */
let runs = 0;
/** What the cacheable probes answer. */
let value = 1;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadApiConfig({ NODE_ENV: 'test' });
  app = await buildApp({
    config,
    logger: false,
    modules: [
      {
        name: 'probe',
        registerRoutes(instance) {
          bindEndpoint(instance, probe.echo, async ({ params, query, body }) => ({
            id: params.ProbeId,
            pageSize: query.pageSize,
            quantity: body.quantity,
          }));
          bindEndpoint(instance, probe.mine, async ({ ctx }) => ({ userId: ctx.actor!.userId }));
          bindEndpoint(instance, probe.staff, async () => ({ ok: true }));
          bindEndpoint(instance, probe.once, async ({ body }) => {
            runs += 1;
            if (body.amount < 0) throw new AppError(422, 'PROBE_AMOUNT_NEGATIVE', 'Enter an amount of 0 or more.');
            return { run: runs, amount: body.amount };
          });
          bindEndpoint(instance, probe.kept, async () => ({ value }));
          bindEndpoint(instance, probe.revalidated, async () => ({ value }));
          bindEndpoint(instance, probe.conflict, async ({ body }) => {
            if (body.kind === 'conflict') throw new AppError(409, 'BASKET_CHANGED', 'The basket changed; reload it.');
            if (body.kind === 'unprocessable') throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', 'That key was used with another body.');
            if (body.kind === 'bad-shape') return { never: 42 } as never;
            throw new Error('relation "secret_table" does not exist');
          });
        },
      },
    ],
    platform: {
      config,
      db: database.db,
      databaseKind: database.kind,
      clock: systemClock,
      caches: createCacheRegistry(),
      ping: async () => {},
      schemaVersion: async () => null,
      authenticate: async (authorization) => {
        if (!authorization) return null;
        const actor = actors[authorization.replace(/^Bearer /, '')];
        if (!actor) throw new AppError(401, 'UNAUTHENTICATED', 'The access token is not valid.');
        return actor;
      },
      changes: noChangeNotices(),
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  client = createClientFromEndpoints(probe, { baseUrl: `${origin}/api/projects` });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: ApiError) => error,
  );

describe('binding a contract', () => {
  it('validates and coerces params, query and body, keeping the case of path values', async () => {
    const result = await client.echo({ params: { ProbeId: 'AbC-123' }, query: { pageSize: 25 }, body: { quantity: 3, sku: 'BAS-1' } });
    expect(result).toEqual({ id: 'AbC-123', pageSize: 25, quantity: 3 });
    const lower = await fetch(`${origin}/API/PROJECTS/probe/AbC-123/items`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ quantity: 1, sku: 'x' }),
    });
    expect((await lower.json()).id).toBe('AbC-123');
  });

  it('reports every invalid field with its path', async () => {
    const error = await failure(client.echo({ params: { ProbeId: 'x' }, query: { pageSize: 500 }, body: { quantity: 1, sku: 'x' } }));
    expect(error.status).toBe(400);
    const problem = error.data as { code: string; errors: { path: string; message: string }[]; detail: string };
    expect(problem.code).toBe('VALIDATION_FAILED');
    expect(problem.errors.map((item) => item.path)).toEqual(['query.pageSize']);
    const bodyError = await failure(client.echo({ params: { ProbeId: 'x' }, body: { quantity: 1.5, sku: '' } }));
    const paths = (bodyError.data as typeof problem).errors.map((item) => item.path).toSorted();
    expect(paths).toEqual(['body.quantity', 'body.sku']);
    expect((bodyError.data as typeof problem).detail).toMatch(/^body\.(quantity|sku): .+ \(and 1 more problem\)$/);
  });

  it('refuses an anonymous caller with 401 and a wrong role with 403', async () => {
    expect((await failure(client.mine())).status).toBe(401);
    expect((await failure(as('nobody').mine())).status).toBe(401);
    expect(await as('shopper').mine()).toEqual({ userId: 'u-shopper' });
    const forbidden = await failure(as('shopper').staff());
    expect(forbidden.status).toBe(403);
    expect(forbidden.code).toBe('FORBIDDEN');
    expect(await as('manager').staff()).toEqual({ ok: true });
  });

  it('turns module errors into problem+json with their codes', async () => {
    const conflict = await failure(client.conflict({ body: { kind: 'conflict' } }));
    expect([conflict.status, conflict.code]).toEqual([409, 'BASKET_CHANGED']);
    const unprocessable = await failure(client.conflict({ body: { kind: 'unprocessable' } }));
    expect([unprocessable.status, unprocessable.code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
  });

  it('hides the cause of a 500: no stack, no SQL', async () => {
    for (const kind of ['crash', 'bad-shape'] as const) {
      const error = await failure(client.conflict({ body: { kind } }));
      expect(error.status).toBe(500);
      expect(error.code).toBe('INTERNAL_ERROR');
      const text = JSON.stringify(error.data);
      expect(text).not.toContain('secret_table');
      expect(text).not.toContain('at ');
    }
  });
});

describe('a public endpoint its contract declares cacheable', () => {
  it('may be kept for its cacheSeconds, with an ETag, and answers 304 to a matching If-None-Match', async () => {
    const first = await fetch(`${origin}/api/projects/Probe/kept`);
    expect(first.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=60');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await fetch(`${origin}/api/projects/Probe/kept`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('with cacheSeconds 0 must be asked again every time: 304 while unchanged, the new answer and ETag the moment it changes', async () => {
    value = 1;
    const first = await fetch(`${origin}/api/projects/Probe/revalidated`);
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(await first.json()).toEqual({ value: 1 });
    const etag = first.headers.get('etag')!;
    expect((await fetch(`${origin}/api/projects/Probe/revalidated`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    value = 2;
    const changed = await fetch(`${origin}/api/projects/Probe/revalidated`, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({ value: 2 });
    expect(changed.headers.get('etag')).not.toBe(etag);
  });
});

describe('an endpoint its contract declares idempotent', () => {
  const key = (name: string) => ({ headers: { 'idempotency-key': `${name}-${Date.now()}` } });
  const params = { ProbeId: 'p-1' };

  it('without a key runs every time; with one, a retry by the same caller replays the first answer', async () => {
    const before = runs;
    await client.once({ params, body: { amount: 1 } });
    await client.once({ params, body: { amount: 1 } });
    expect(runs).toBe(before + 2);

    const retry = key('retry');
    const first = await client.once({ params, body: { amount: 5 } }, retry);
    expect(await client.once({ params, body: { amount: 5 } }, retry)).toEqual(first);
    expect(runs).toBe(before + 3);
  });

  it('refuses the key for another body or other params, and replays a refusal', async () => {
    const reused = key('reused');
    await client.once({ params, body: { amount: 5 } }, reused);
    expect(await failure(client.once({ params, body: { amount: 6 } }, reused))).toMatchObject({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await failure(client.once({ params: { ProbeId: 'p-2' }, body: { amount: 5 } }, reused))).toMatchObject({
      status: 422,
      code: 'IDEMPOTENCY_KEY_REUSED',
    });

    const refused = key('refused');
    const before = runs;
    for (let attempt = 0; attempt < 2; attempt++) {
      expect(await failure(client.once({ params, body: { amount: -1 } }, refused))).toMatchObject({ status: 422, code: 'PROBE_AMOUNT_NEGATIVE' });
    }
    expect(runs).toBe(before + 1);
    expect(await failure(client.once({ params, body: { amount: 1 } }, { headers: { 'idempotency-key': 'has a space' } }))).toMatchObject({
      status: 400,
      code: 'IDEMPOTENCY_KEY_INVALID',
    });
  });

  it('keeps each caller’s answers to that caller: the same key from someone else runs for them', async () => {
    const shared = key('shared');
    const guests = await client.once({ params, body: { amount: 7 } }, shared);
    const shoppers = await as('shopper').once({ params, body: { amount: 7 } }, shared);
    const managers = await as('manager').once({ params, body: { amount: 7 } }, shared);
    expect(new Set([guests.run, shoppers.run, managers.run]).size).toBe(3);
    expect(await as('shopper').once({ params, body: { amount: 7 } }, shared)).toEqual(shoppers);
  });

  it('says so in the API reference', async () => {
    const document = (await (await fetch(`${origin}/api/openapi.json`)).json()) as { paths: Record<string, { post?: { description?: string } }> };
    expect(document.paths['/api/projects/Probe/once/{ProbeId}']?.post?.description).toContain('Send an `Idempotency-Key` header');
  });
});
