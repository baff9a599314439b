import { z } from 'zod';
import { defineEndpoint, publicAccess, requireRole } from './endpoint.ts';

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

/** A row a job gave up on that staff can send round again (an e-mail that could not be sent, say). */
export const FailedJobItemSchema = z
  .object({
    id: z.string().describe('The row, as the job names it'),
    what: z.string().describe('What the row is, in words with no personal data (an e-mail’s template, say)'),
    queuedAt: z.iso.datetime({ offset: true }).describe('When the row was first queued'),
    attempts: z.number().int(),
    message: z.string().nullable().describe('Why its last attempt failed, with addresses and tokens redacted'),
  })
  .meta({ id: 'FailedJobItem' });

export const BackgroundJobSchema = z
  .object({
    name: z.string().describe('As in the `JOBS` setting, e.g. `email-outbox`'),
    waiting: z.number().int().nullable().describe('Rows waiting for the job (e-mails queued, say); null where the job has no queue of its own'),
    lastRunAt: z.iso.datetime({ offset: true }).nullable().describe('When a worker last ran a batch of it (recorded at most every 30 s while it succeeds)'),
    lastFailedAt: z.iso.datetime({ offset: true }).nullable(),
    lastFailure: z.string().nullable().describe('Why its last failed batch failed, with addresses and tokens redacted'),
    failed: z.array(FailedJobItemSchema).describe('Rows it gave up on that can be retried, newest first (at most 50)'),
  })
  .meta({ id: 'BackgroundJob' });
export const BackgroundJobsSchema = z.object({ jobs: z.array(BackgroundJobSchema) }).meta({ id: 'BackgroundJobs' });
export const RetriedJobItemSchema = z
  .object({ retried: z.boolean().describe('False when the row had already been sent round again: a second click does nothing') })
  .meta({ id: 'RetriedJobItem' });
export type FailedJobItem = z.infer<typeof FailedJobItemSchema>;
export type BackgroundJob = z.infer<typeof BackgroundJobSchema>;
export type BackgroundJobs = z.infer<typeof BackgroundJobsSchema>;

/** Background jobs are the shop's operations: its administrators see and retry them. */
const operators = requireRole('admin');

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

/** Staff's operations page (`/staff/operations`): the background jobs and what they gave up on. */
export const operationsEndpoints = {
  listBackgroundJobs: defineEndpoint({
    service: 'operations',
    method: 'GET',
    path: '/jobs',
    summary: 'Staff operations: every background job, what waits for it, its last run and failure, and the rows it gave up on',
    access: operators,
    responses: { 200: BackgroundJobsSchema },
  }),
  retryFailedJobItem: defineEndpoint({
    service: 'operations',
    method: 'POST',
    path: '/jobs/{job}/failed/{itemId}/retry',
    summary: 'Sends one row a job gave up on round again; a second call for the same row does nothing',
    access: operators,
    params: z.object({ job: z.string().min(1).max(100), itemId: z.string().min(1).max(100) }),
    responses: { 200: RetriedJobItemSchema },
  }),
} as const;

/**
 * What the storefront's server sends with a call it makes for a visitor (a page's loader, a form):
 * the visitor's address and the secret the web and API tiers share (`WEB_TIER_SECRET`). The API
 * takes the address as the caller's only when the secret matches (`platform/web-tier.ts`). With the
 * secret, `check` marks a call made for no visitor: a kept page's answers asked again (decision 0162),
 * which counts against no one's rate-limit budget. `kept` marks a call whose answer the storefront's
 * server keeps for every page for a few seconds (the frame, promotions, carousels): not a source of the
 * page whose drawing made it (decision 0162). The API ignores it.
 */
export const WEB_TIER_HEADERS = {
  visitor: 'x-web-tier-visitor',
  secret: 'x-web-tier-secret',
  check: 'x-web-tier-check',
  kept: 'x-web-tier-kept',
} as const;
