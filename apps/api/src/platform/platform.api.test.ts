import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { createCatalogueClient, createPlatformClient, type ApiError } from '@shop/api-client';
import { startTestApi, type TestApi } from '../testing/test-api.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ env: { RATE_LIMIT_PER_MINUTE: '40', BODY_LIMIT_BYTES: '2048' } });
});
afterAll(() => api?.close());

const expectProblem = (response: Response, status: number) => {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
};

describe('health', () => {
  it('reports the database kind, schema version and status', async () => {
    const health = await createPlatformClient({ baseUrl: api.serviceUrl('platform') }).getHealth();
    expect(health.status).toBe('ok');
    expect(health.database).toMatchObject({
      kind: process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite',
      status: 'up',
      schemaVersion: expect.stringMatching(/^\d{4}_/),
    });
  });

  it('answers 503 when the database is gone', async () => {
    const broken = await startTestApi({ seed: false });
    await broken.database.close();
    const response = await fetch(`${broken.origin}/api/health`);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: 'degraded', database: { status: 'down' } });
    await broken.app.close();
  });
});

describe('documentation', () => {
  it('serves a valid OpenAPI 3.1 document generated from the contracts', async () => {
    const document = await (await fetch(`${api.origin}/api/openapi.json`)).json();
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/api/catalogue/Navigation'].get.responses['200']).toBeDefined();
    expect(document.paths['/api/health'].get.responses['4XX']).toBeDefined();
    expect(document.components.schemas.Problem.properties.code).toBeDefined();
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('renders a browsable reference at /api/docs', async () => {
    const response = await fetch(`${api.origin}/api/docs`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('swagger-ui');
  });
});

describe('routing', () => {
  it('matches paths case-insensitively and ignores a trailing slash', async () => {
    const response = await fetch(`${api.origin}/API/Catalogue/NAVIGATION/`);
    expect(response.status).toBe(200);
  });

  it('answers an unknown route with a problem+json 404', async () => {
    const response = await fetch(`${api.origin}/api/basket/nowhere`);
    expectProblem(response, 404);
    const problem = await response.json();
    expect(problem).toMatchObject({ status: 404, code: 'ROUTE_NOT_FOUND', title: 'Not Found' });
    expect(problem.detail).toContain('/api/basket/nowhere');
    expect(problem.requestId).toBe(response.headers.get('x-request-id'));
  });

  it('answers a wrong method with 405 and an Allow header', async () => {
    const response = await fetch(`${api.origin}/api/health`, { method: 'DELETE' });
    expectProblem(response, 405);
    expect(response.headers.get('allow')).toBe('GET');
    expect((await response.json()).code).toBe('METHOD_NOT_ALLOWED');
  });

  it('keeps a caller-supplied request id', async () => {
    const response = await fetch(`${api.origin}/api/health`, { headers: { 'x-request-id': 'lb-1234' } });
    expect(response.headers.get('x-request-id')).toBe('lb-1234');
  });

  it('sets security headers', async () => {
    const response = await fetch(`${api.origin}/api/health`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('strict-transport-security')).toContain('max-age=');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    // A JSON call is never shown as a document: the document-only headers are left off.
    expect(response.headers.get('referrer-policy')).toBeNull();
  });

  it('sets the document headers on anything that may be shown as a page', async () => {
    for (const path of ['/api/docs', '/api/nowhere']) {
      const response = await fetch(`${api.origin}${path}`);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    }
  });
});

describe('bad input', () => {
  const post = (body: string, type = 'application/json') => fetch(`${api.origin}/api/nowhere`, { method: 'POST', body, headers: { 'content-type': type } });

  it('refuses malformed JSON with 400', async () => {
    const response = await post('{"broken"');
    expectProblem(response, 400);
    expect((await response.json()).code).toBe('MALFORMED_BODY');
  });

  it('refuses a body over the limit with 413', async () => {
    const response = await post(JSON.stringify({ text: 'x'.repeat(4096) }));
    expectProblem(response, 413);
    expect((await response.json()).code).toBe('BODY_TOO_LARGE');
  });

  it('refuses an unsupported content type with 415', async () => {
    const response = await post('<xml/>', 'application/xml');
    expectProblem(response, 415);
    const problem = await response.json();
    expect(problem.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(problem.detail).toContain('application/xml');
  });

  it('refuses a forged bearer token with 401, even on a public route', async () => {
    const response = await fetch(`${api.origin}/api/health`, { headers: { authorization: 'Bearer forged' } });
    expectProblem(response, 401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
  });
});

describe('catalogue navigation', () => {
  it('returns the seeded department tree through the typed client', async () => {
    const { categories } = await createCatalogueClient({ baseUrl: api.serviceUrl('catalogue') }).getNavigation();
    expect(categories).toHaveLength(20);
    expect(categories[0]).toMatchObject({ slug: 'bathroom-suites', name: 'Bathroom Suites' });
    const basins = categories.find((category) => category.slug === 'basins');
    expect(basins?.children.map((child) => child.slug)).toContain('countertop-basins');
  });

  it('carries cache headers a CDN can use and answers 304 when unchanged', async () => {
    const first = await fetch(`${api.origin}/api/catalogue/Navigation`);
    expect(first.headers.get('cache-control')).toMatch(/public, max-age=\d+/);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const second = await fetch(`${api.origin}/api/catalogue/Navigation`, { headers: { 'if-none-match': etag! } });
    expect(second.status).toBe(304);
  });
});

describe('rate limiting', () => {
  it('answers 429 with Retry-After once a caller exceeds the limit, but never throttles health', async () => {
    const client = createCatalogueClient({ baseUrl: api.serviceUrl('catalogue') });
    const outcomes: (ApiError | null)[] = [];
    for (let i = 0; i < 45; i++) {
      outcomes.push(
        await client.getNavigation().then(
          () => null,
          (error: ApiError) => error,
        ),
      );
    }
    const limited = outcomes.find((outcome) => outcome !== null);
    expect(outcomes.indexOf(limited ?? null)).toBeGreaterThan(20);
    expect(limited?.status).toBe(429);
    expect(limited?.code).toBe('RATE_LIMITED');
    expect((limited!.data as { detail: string }).detail).toMatch(/Try again in \d+ seconds?/);
    expect((await fetch(`${api.origin}/api/health`)).status).toBe(200);
  });
});
