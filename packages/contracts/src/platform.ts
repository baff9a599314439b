import { z } from 'zod';
import { defineEndpoint, publicAccess } from './endpoint.ts';

export const HealthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.object({
      kind: z.enum(['pglite', 'postgres']),
      status: z.enum(['up', 'down']),
      schemaVersion: z.string().nullable().describe('Tag of the newest migration applied'),
      latencyMs: z.number(),
    }),
    version: z.string(),
    uptimeSeconds: z.number(),
    caches: z
      .record(
        z.string(),
        z.object({
          entries: z.number().int(),
          bytes: z.number().int().describe('Estimated heap bytes kept'),
          maxEntries: z.number().int(),
          maxBytes: z.number().int().nullable(),
          hits: z.number().int(),
          misses: z.number().int(),
          evictions: z.number().int(),
          hitRate: z.number().nullable(),
        }),
      )
      .describe('The in-process caches that grow with what visitors ask, by name: their size against their budget, hit rate and evictions since start'),
    memory: z
      .object({
        residentBytes: z.number().int().describe('Resident set size of the process'),
        heapUsedBytes: z.number().int().describe('JavaScript heap in use, garbage not yet collected included'),
        heapLimitBytes: z.number().int().describe('The heap limit the process was started with (HEAP_LIMIT_MB)'),
      })
      .describe('What the process holds in memory, against its heap limit'),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof HealthSchema>;

export const platformEndpoints = {
  getHealth: defineEndpoint({
    service: 'platform',
    method: 'GET',
    path: '/health',
    summary: 'Service health: database kind, schema version and status',
    access: publicAccess,
    responses: { 200: HealthSchema, 503: HealthSchema },
  }),
} as const;

/**
 * What the storefront's server sends with a call it makes for a visitor (a page's loader, a form):
 * the visitor's address and the secret the web and API tiers share (`WEB_TIER_SECRET`). The API
 * takes the address as the caller's only when the secret matches (`platform/web-tier.ts`).
 */
export const WEB_TIER_HEADERS = { visitor: 'x-web-tier-visitor', secret: 'x-web-tier-secret' } as const;
