import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ConfigError, loadApiConfig, parseSettings, type ApiConfig } from '@shop/api';
import type { PolicySources } from './content-security-policy.ts';

/**
 * The composition's own settings on top of the API's. `SERVE` lets one build run both tiers
 * (default), the API alone, or the web alone behind a load balancer that routes /api elsewhere.
 */
const ServerConfigSchema = z.object({
  SERVE: z.enum(['all', 'api', 'web']).default('all'),
  WEB_BUILD_DIR: z.string().min(1).optional(),
  API_INTERNAL_URL: z.url().optional(),
  // Read here too: a storefront-only tier has no Stripe secret, yet its pages may take payments by Stripe.
  STRIPE_API_URL: z.url().optional(),
  STRIPE_JS_URL: z.url().default('https://js.stripe.com/v3/'),
});

export interface ServerConfig {
  api: ApiConfig;
  serve: 'all' | 'api' | 'web';
  webBuildDir: string;
  /** Where server-side page loaders reach the API. */
  apiInternalUrl: string;
  /** What the pages' content security policy allows beyond the shop (content-security-policy.ts). */
  pageSources: PolicySources;
}

const defaultWebBuild = fileURLToPath(new URL('../../web/build', import.meta.url));

export function loadServerConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const { SERVE, WEB_BUILD_DIR, API_INTERNAL_URL, STRIPE_API_URL, STRIPE_JS_URL } = parseSettings(ServerConfigSchema, env);
  const api = loadApiConfig(env, { servesApi: SERVE !== 'web' });
  if (SERVE === 'web' && !API_INTERNAL_URL) {
    throw new ConfigError('Invalid configuration:\n  API_INTERNAL_URL: required when SERVE=web (where page loaders reach the API)');
  }
  // Generated, it would be this process's alone: the API tier would count every page against this host (decision 0047).
  if (SERVE === 'web' && !env.WEB_TIER_SECRET && !env.WEB_TIER_SECRET_FILE) {
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
      stripe: api.payments.stripe || SERVE === 'web' ? { jsUrl: STRIPE_JS_URL, apiUrl: STRIPE_API_URL } : null,
    },
  };
}
