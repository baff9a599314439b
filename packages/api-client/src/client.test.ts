import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEndpoint, publicAccess } from '@shop/contracts';
import { ApiError, createClientFromEndpoints } from './client.ts';
import { createCatalogueClient } from './index.ts';

const endpoints = {
  getItem: defineEndpoint({
    service: 'basket',
    method: 'PUT',
    path: '/basket/{basketId}/setitem',
    summary: 'set',
    access: publicAccess,
    params: z.object({ basketId: z.string() }),
    query: z.object({ tags: z.array(z.string()).optional(), page: z.number().optional() }),
    body: z.object({ sku: z.string() }),
    responses: { 200: z.object({ ok: z.boolean() }) },
  }),
} as const;

/** A fetch that records what it was asked and answers with the given response. */
function recordingFetch(response: () => Response) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return response();
  }) as unknown as typeof fetch;
  return { calls, fetchImpl };
}

describe('service clients', () => {
  it('cannot be created without a base URL', () => {
    expect(() => createCatalogueClient({ baseUrl: '' })).toThrow(new Error('baseUrl is required'));
    expect(() => createCatalogueClient(undefined as never)).toThrow('baseUrl is required');
  });

  it('builds the path, query and JSON body from the declaration', async () => {
    const { calls, fetchImpl } = recordingFetch(() => Response.json({ ok: true }));
    const client = createClientFromEndpoints(endpoints, {
      baseUrl: 'https://shop.test/api/basket/',
      fetch: fetchImpl,
      getAccessToken: () => 'token-1',
    });
    const result = await client.getItem({
      params: { basketId: 'a/b c' },
      query: { tags: ['x', 'y'], page: 2 },
      body: { sku: 'TAP-1' },
    });
    expect(result).toEqual({ ok: true });
    expect(calls[0]?.url).toBe('https://shop.test/api/basket/basket/a%2Fb%20c/setitem?tags=x&tags=y&page=2');
    expect(calls[0]?.init.method).toBe('PUT');
    expect(calls[0]?.init.body).toBe('{"sku":"TAP-1"}');
    expect((calls[0]!.init.headers as Record<string, string>).authorization).toBe('Bearer token-1');
  });

  it('turns a failed request into an error holding the status and the response data', async () => {
    const problem = { status: 404, code: 'BASKET_NOT_FOUND', detail: 'No basket with that id.' };
    const { fetchImpl } = recordingFetch(() => new Response(JSON.stringify(problem), { status: 404, headers: { 'content-type': 'application/problem+json' } }));
    const client = createClientFromEndpoints(endpoints, { baseUrl: 'https://shop.test', fetch: fetchImpl });
    const error = await client.getItem({ params: { basketId: 'x' }, body: { sku: 'y' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, data: problem, code: 'BASKET_NOT_FOUND', message: 'No basket with that id.' });
  });

  it('holds the error message when there is no response data', async () => {
    const failing = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    const client = createClientFromEndpoints(endpoints, { baseUrl: 'https://shop.test', fetch: failing });
    const error = await client.getItem({ params: { basketId: 'x' }, body: { sku: 'y' } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, data: 'fetch failed', message: 'fetch failed' });

    const { fetchImpl } = recordingFetch(() => new Response(null, { status: 502, statusText: 'Bad Gateway' }));
    const empty = createClientFromEndpoints(endpoints, { baseUrl: 'https://shop.test', fetch: fetchImpl });
    const gateway = await empty.getItem({ params: { basketId: 'x' }, body: { sku: 'y' } }).catch((e: unknown) => e);
    expect(gateway).toMatchObject({ status: 502, data: '502 Bad Gateway' });
  });

  it('fails a success whose body is cut off, rather than answering nothing', async () => {
    const cutOff = () =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"basketId":'));
            controller.error(new TypeError('network error'));
          },
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    const { fetchImpl } = recordingFetch(cutOff);
    const client = createClientFromEndpoints(endpoints, { baseUrl: 'https://shop.test', fetch: fetchImpl });
    const error = await client.getItem({ params: { basketId: 'x' }, body: { sku: 'y' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, message: 'network error' });
  });
});
