import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ConfigError, loadApiConfig, parseSettings, type ApiConfig } from '@shop/api/config';
import type { PolicySources } from './content-security-policy.ts';
import type { PageCacheSettings } from './page-cache.ts';

/** What an instance does: answer the API, draw the storefront's pages, run the background jobs. */
export type Role = 'api' | 'web' | 'worker';
const ROLES: readonly Role[] = ['api', 'web', 'worker'];

/**
 * The composition's own settings on top of the API's. `SERVE` lets one build run every role
 * (`all`, the default), or those named: the API alone, the web alone behind a load balancer that
 * routes /api elsewhere, the background jobs alone (`worker`), or any of them together (`api,worker`).
 */
const ServerConfigSchema = z.object({
  SERVE: z
    .string()
    .trim()
    .regex(/^(all|(api|web|worker)(\s*,\s*(api|web|worker))*)$/, 'must be all, or api, web and worker separated by commas, such as api,worker')
    .default('all')
    .transform((value) => new Set(value === 'all' ? ROLES : value.split(',').map((role) => role.trim() as Role))),
  WEB_BUILD_DIR: z.string().min(1).optional(),
  API_INTERNAL_URL: z.url().optional(),
  // Read here too: a storefront-only tier has no Stripe secret, yet its pages may take payments by Stripe.
  STRIPE_API_URL: z.url().optional(),
  STRIPE_JS_URL: z.url().default('https://js.stripe.com/v3/'),
  // Guest pages kept as drawn (decision 0077): how long, and how much memory they may hold.
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  PAGE_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(32),
});

export interface ServerConfig {
  api: ApiConfig;
  /** The roles this instance plays (SERVE): background jobs run only where it holds `worker`. */
  serve: ReadonlySet<Role>;
  webBuildDir: string;
  /** Where server-side page loaders reach the API. */
  apiInternalUrl: string;
  /** What the pages' content security policy allows beyond the shop (content-security-policy.ts). */
  pageSources: PolicySources;
  /** Guest pages kept as drawn (page-cache.ts, decision 0077). */
  pageCache: PageCacheSettings;
}

/**
 * How long after a change notice no guest page is kept: what the web tier keeps of the API's answers (the category tree,
 * promotions, carousels: 10 s), the catalogue's rebuild gap (10 s), and a margin for the rebuild.
 */
const PAGE_CACHE_SETTLE_MS = 25_000;
/** After a product's change is patched into the catalogue: what the web tier keeps of the API's answers (10 s, decision 0155). */
const PAGE_CACHE_PATCHED_SETTLE_MS = 10_000;

const defaultWebBuild = fileURLToPath(new URL('../../web/build', import.meta.url));

export function loadServerConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const { SERVE, WEB_BUILD_DIR, API_INTERNAL_URL, STRIPE_API_URL, STRIPE_JS_URL, PAGE_CACHE_SECONDS, PAGE_CACHE_MB } = parseSettings(ServerConfigSchema, env);
  const pagesElsewhere = SERVE.has('web') && !SERVE.has('api');
  // A worker signs and pays as the API does (its jobs send links, recover payments), so production's refusals apply to it too.
  const loaded = loadApiConfig(env, { servesApi: SERVE.has('api') || SERVE.has('worker') });
  // Only a worker runs jobs; within one, JOBS may choose among them.
  const api: ApiConfig = SERVE.has('worker') ? loaded : { ...loaded, jobs: [] };
  if (pagesElsewhere && !API_INTERNAL_URL) {
    throw new ConfigError('Invalid configuration:\n  API_INTERNAL_URL: required when SERVE=web (where page loaders reach the API)');
  }
  // Generated, it would be this process's alone: the API tier would count every page against this host (decision 0047).
  if (pagesElsewhere && !env.WEB_TIER_SECRET && !env.WEB_TIER_SECRET_FILE) {
    throw new ConfigError(
      'Invalid configuration:\n  WEB_TIER_SECRET: required when SERVE=web. Set it on the web and API tiers to the same random string ' +
        'of 32 characters or more, so that each page counts against its own visitor’s rate limit',
    );
  }
  return {
    api,
    serve: SERVE,
    webBuildDir: path.resolve(WEB_BUILD_DIR ?? defaultWebBuild),
    apiInternalUrl: (API_INTERNAL_URL ?? `http://127.0.0.1:${api.port}/api`).replace(/\/+$/, ''),
    pageSources: {
      publicUrl: api.publicUrl,
      issuer: api.identity.issuer,
      // The API tier decides the gateway; a storefront-only tier cannot tell, so it allows Stripe.
      stripe: api.payments.stripe || pagesElsewhere ? { jsUrl: STRIPE_JS_URL, apiUrl: STRIPE_API_URL } : null,
    },
    pageCache: {
      ttlMs: PAGE_CACHE_SECONDS * 1000,
      maxBytes: PAGE_CACHE_MB * 1024 * 1024,
      maxEntries: 2000,
      settleMs: PAGE_CACHE_SETTLE_MS,
      patchedSettleMs: PAGE_CACHE_PATCHED_SETTLE_MS,
    },
  };
}
