import { z } from 'zod';

/**
 * The web tier's own settings, read from the environment once. They agree with the API's
 * (`apps/api/src/config.ts`): both derive the provider's issuer and the API's address from
 * PUBLIC_URL, so the storefront asks the provider the API trusts.
 */
const WebConfigSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().min(1).default('storefront'),
  OIDC_SCOPE: z
    .string()
    .regex(/(^|\s)openid(\s|$)/, 'must include "openid"')
    .default('openid profile email'),
});

export interface WebConfig {
  /** The address people use, without a trailing slash. */
  publicUrl: string;
  oidc: {
    /** The provider's issuer; its discovery document is at `<authority>/.well-known/openid-configuration`. */
    authority: string;
    clientId: string;
    scope: string;
  };
  /** Where browsers reach the API (each service below it, e.g. `…/api/accounts`). */
  apiPublicUrl: string;
}

const trimSlashes = (url: string) => url.replace(/\/+$/, '');

/** Parses the settings; a wrong value throws an error naming the variable. */
export function parseWebConfig(env: Record<string, string | undefined>): WebConfig {
  // Empty strings count as "not set", as in the API's configuration.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = WebConfigSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid storefront configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const publicUrl = trimSlashes(c.PUBLIC_URL ?? `http://localhost:${c.PORT}`);
  return {
    publicUrl,
    oidc: {
      authority: trimSlashes(c.OIDC_ISSUER ?? `${publicUrl}/identity`),
      clientId: c.OIDC_CLIENT_ID,
      scope: c.OIDC_SCOPE.trim().split(/\s+/).join(' '),
    },
    apiPublicUrl: `${publicUrl}/api`,
  };
}

let cached: WebConfig | undefined;

/** The settings of this process, read on first use. */
export function webConfig(): WebConfig {
  cached ??= parseWebConfig(process.env);
  return cached;
}
