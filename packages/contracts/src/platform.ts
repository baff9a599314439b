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
