import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import type { ShopDetails } from '@shop/contracts';
import { z } from 'zod';
import { installPlainWords } from '@shop/contracts/plain-words';

// Settings are read before the rest of the shop loads (apps/server's main.ts): in plain words from the first.
installPlainWords();

/**
 * Every API setting, read from the environment once at start-up. Each has a default that works on a
 * fresh machine, or start-up fails with a message naming the variable.
 */
const booleanFlag = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((value) => value === 'true' || value === '1' || value === 'yes');
/** A setting read by `parse`, which answers the value or, as a string, what is wrong with it. */
const readWith = <T>(parse: (value: string) => T | string) =>
  z.string().transform((value, ctx) => {
    const parsed = parse(value);
    if (typeof parsed !== 'string') return parsed;
    ctx.addIssue({ code: 'custom', message: parsed });
    return z.NEVER;
  });

export const ApiConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  // How the shop is deployed (decision 0065): `production` applies production's refusals whatever NODE_ENV says, `demo` lifts
  // them from a NODE_ENV=production process (`npm start` runs the demo on React's production build). Absent: NODE_ENV decides.
  SHOP_ENV: z.enum(['production', 'demo']).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection string')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  // A read replica for the catalogue snapshot's loads, with its own pool; reads fall back to DATABASE_URL while it cannot be reached (decision 0080).
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection string')
    .optional(),
  DATABASE_READ_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(5),
  // A statement running longer is cancelled by the server; a call waiting longer for a connection of the pool fails (503, decision 0070). 0: no limit.
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number({ error: 'must be a number of milliseconds, such as 30000' }).int().min(0).default(30_000),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number({ error: 'must be a number of milliseconds, such as 5000' }).int().min(0).default(5_000),
  // Absent: on, except in production, where migrations are a step of their own (`npm run db:migrate`, docs/operations.md).
  MIGRATE_ON_START: booleanFlag.optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // A request that takes this long is logged at info; others at debug (platform/request-log.ts).
  REQUEST_LOG_SLOW_MS: z.coerce.number({ error: 'must be a number of milliseconds, such as 1000' }).int().min(0).default(1000),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  // The storefront's server sends it with the calls it makes for visitors (platform/web-tier.ts); absent: generated at start,
  // which serves SERVE=all, where both tiers are this process. Split tiers share one value.
  WEB_TIER_SECRET: z.string().min(32, 'must be a random string of 32 characters or more, the same on the web and API tiers').optional(),
  // The "review your purchase" e-mail: days after delivery, and how often due orders are looked for.
  REVIEW_INVITATION_DAYS: z.coerce.number({ error: 'must be a number of days, such as 7' }).int('must be a whole number of days').min(0).max(60).default(7),
  REVIEW_INVITATION_POLL_SECONDS: z.coerce.number({ error: 'must be a number of seconds, such as 900' }).int().min(1).max(86_400).default(900),
  SEARCH_ENGINE: z.enum(['memory', 'postgres'], { error: 'must be memory or postgres' }).default('memory'),
  CATALOGUE_ANSWER_CACHE_MB: z.coerce
    .number({ error: 'must be a number of megabytes, such as 64' })
    .int('must be a whole number of megabytes')
    .min(1)
    .max(4096)
    .default(64),
  // Shared state across instances (rate-limit counters): in this process unless REDIS_URL is set.
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  REDIS_KEY_PREFIX: z.string().min(1).max(64).default('plumbline:'),
  // Absent: on, except in production (decision 0046), where seeding them needs ALLOW_DEMO_DATA_IN_PRODUCTION as well.
  DEMO_DATA: booleanFlag.optional(),
  ALLOW_DEMO_DATA_IN_PRODUCTION: booleanFlag.default(false),
  ALLOW_GENERATED_KEYS_IN_PRODUCTION: booleanFlag.default(false),
  ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: booleanFlag.default(false),
  // Sign-in (docs/architecture.md, "Sign-in"): the embedded provider by default, any OIDC provider by setting.
  IDENTITY_EMBEDDED: booleanFlag.default(true),
  OIDC_ISSUER: z.url().optional(),
  OIDC_AUDIENCE: z.string().min(1).optional(),
  OIDC_CLIENT_ID: z.string().min(1).default('storefront'),
  OIDC_ROLES_CLAIM: z.string().min(1).default('roles'),
  OIDC_JWKS_URL: z.url().optional(),
  IDENTITY_ACCESS_TOKEN_TTL: z.coerce.number().int().min(10).max(86_400).default(900),
  IDENTITY_COOKIE_KEYS: z.string().min(32).optional(),
  // Production signing keys for the embedded provider: a JWK set of private keys, newest first.
  IDENTITY_JWKS: readWith(parsePrivateJwks).optional(),
  // Origins besides PUBLIC_URL whose /auth/* callbacks the storefront client may use (dev, tests).
  IDENTITY_CLIENT_ORIGINS: z
    .string()
    .transform((value, ctx) => {
      const origins = value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
      for (const origin of origins) {
        if (!URL.canParse(origin) || new URL(origin).origin !== origin.replace(/\/+$/, '')) {
          ctx.addIssue({ code: 'custom', message: `"${origin}" is not an origin such as http://127.0.0.1:3100` });
          return z.NEVER;
        }
      }
      return origins.map((origin) => origin.replace(/\/+$/, ''));
    })
    .optional(),
  // E-mail: the outbox and staff mailbox by default; SMTP when SMTP_URL is set.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Plumbline <no-reply@plumbline.example>'),
  // The staff mailbox shows one-time links only where it is the delivery (no SMTP_URL), outside production (decision 0048).
  MAILBOX_ONE_TIME_LINKS: z.enum(['hidden', 'shown'], { error: 'must be hidden or shown' }).optional(),
  EMAIL_BODY_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a number of days, such as 30' })
    .int('must be a whole number of days')
    .min(1)
    .max(3650)
    .default(30),
  TRUST_PROXY: readWith(parseTrustProxy).default(false),
  // Payments: the sandbox gateway by default; Stripe when STRIPE_SECRET_KEY is set (then the other two STRIPE_ keys too).
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_… or rk_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().regex(/^pk_/, 'must be a Stripe publishable key (pk_…)').optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_/, 'must be a Stripe webhook signing secret (whsec_…)')
    .optional(),
  STRIPE_API_URL: z.url().optional(),
  STRIPE_JS_URL: z.url().default('https://js.stripe.com/v3/'),
  // Postcode lookup: the embedded list by default; Ideal Postcodes when its key is set (the key never leaves the server).
  IDEAL_POSTCODES_API_KEY: z.string().min(4, 'must be an Ideal Postcodes API key (ak_…)').optional(),
  IDEAL_POSTCODES_API_URL: z.url().default('https://api.ideal-postcodes.co.uk'),
  // Trade credit (pay on account): the embedded sandbox by default; Two when TWO_API_KEY is set (then TWO_MERCHANT_ID too).
  TWO_API_KEY: z.string().min(8, 'must be a Two merchant API key').optional(),
  TWO_API_URL: z.url().default('https://api.two.inc'),
  // The secret the provider signs its webhooks with: Two's from its portal; for the sandbox, absent means one made and kept in the database.
  TWO_WEBHOOK_SECRET: z.string().min(16, 'must be the webhook secret Two gives (at least 16 characters)').optional(),
  TWO_MERCHANT_ID: z.string().min(1).optional(),
  SANDBOX_WEBHOOK_SECRET: z.string().min(16).optional(),
  SANDBOX_WEBHOOK_URL: z.url().optional(),
  SANDBOX_WEBHOOK_CHAOS: z.enum(['off', 'random', 'always']).optional(),
  SANDBOX_WEBHOOK_POLL_MS: z.coerce.number().int().min(1).max(60_000).default(500),
  PAYMENT_RECOVERY_GRACE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(30),
  // Uploaded files (modules/files): a folder by default; an S3-compatible bucket when FILES_S3_BUCKET is set.
  FILES_DIR: z.string().min(1).optional(),
  FILES_S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens')
    .optional(),
  FILES_S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: "must be the store's http:// or https:// address, such as http://127.0.0.1:9000 (absent: Amazon S3 itself)" })
    .optional(),
  FILES_S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,32}$/, 'must be a region name, such as eu-west-2')
    .default('us-east-1'),
  FILES_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  FILES_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  FILES_S3_FORCE_PATH_STYLE: booleanFlag.optional(),
  FILES_S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9._-]+\/)+$/, 'must be folder names ending in a slash, such as uploads/ or shop/uploads/')
    .optional(),
  // Background jobs (platform/jobs.ts): `all`, `none`, or the names of those this instance runs.
  JOBS: z
    .string()
    .trim()
    .regex(/^[a-z-]+(\s*,\s*[a-z-]+)*$/, 'must be all, none, or job names separated by commas, such as email-outbox,payment-recovery')
    .optional(),
  // Operations (decision 0070): overload protection, draining, metrics and traces.
  OVERLOAD_EVENT_LOOP_DELAY_MS: z.coerce.number({ error: 'must be a number of milliseconds, such as 500' }).int().min(0).optional(),
  OVERLOAD_HEAP_USED_PERCENT: z.coerce.number({ error: 'must be a percentage, such as 95' }).int().min(0).max(100).optional(),
  OVERLOAD_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
  SHUTDOWN_DELAY_SECONDS: z.coerce.number({ error: 'must be a number of seconds, such as 10' }).int().min(0).max(300).default(0),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_TOKEN: z.string().min(32, 'must be a random string of 32 characters or more').optional(),
  OTEL_TRACES_EXPORTER: z.enum(['none', 'otlp'], { error: 'must be none or otlp' }).default('none'),
  ...shopSettings(),
});

export interface ApiConfig {
  /** NODE_ENV: which build of React renders the pages, and the test defaults. */
  env: 'development' | 'production' | 'test';
  /** Deployed in production (SHOP_ENV, else NODE_ENV; decision 0065): no demo data by default, and the unsafe defaults refused. */
  production: boolean;
  port: number;
  host: string;
  publicUrl: string;
  /** `migrateOnStart`: apply migrations when the API starts; otherwise refuse to start on a database older than the build. */
  database: {
    url?: string;
    poolSize: number;
    /** A read replica (PostgreSQL only) and its pool's size. */
    readUrl?: string;
    readPoolSize: number;
    dataDir: string;
    statementTimeoutMs: number;
    connectTimeoutMs: number;
    migrateOnStart: boolean;
  };
  /** Overload protection, draining, metrics and traces (decision 0070). */
  operations: OperationsConfig;
  logLevel: z.infer<typeof ApiConfigSchema>['LOG_LEVEL'];
  slowRequestMs: number;
  bodyLimitBytes: number;
  rateLimitPerMinute: number;
  /** Proves a call comes from the storefront's server, which then says whose visit it is for (platform/web-tier.ts). */
  webTierSecret: string;
  /** The "review your purchase" e-mail: how many days after delivery, and how often due orders are looked for. */
  reviews: { invitationDelayDays: number; invitationPollSeconds: number };
  /** The catalogue's kept listing, search and suggestion answers, in bytes (least recently used go first). */
  catalogueAnswerCacheBytes: number;
  /** Which engine answers listings, search, suggestions and staff's review search (decision 0059). */
  searchEngine: 'memory' | 'postgres';
  /** Set: rate-limit counters live in Redis, shared by every instance; keys start with `keyPrefix`. */
  redis?: { url: string; keyPrefix: string };
  demoData: boolean;
  /** Whose X-Forwarded-* headers are believed besides this machine's; Fastify is given `trustedProxies(trustProxy)`. */
  trustProxy: TrustProxy;
  /** The background jobs this instance runs: all (the default), or those named (none by default in tests, which run batches themselves). */
  jobs: 'all' | readonly string[];
  identity: {
    /** Serve the embedded OpenID provider at /identity. */
    embedded: boolean;
    issuer: string;
    /** The `aud` the API requires in access tokens. */
    audience: string;
    clientId: string;
    /** Claim holding the roles; a dotted path such as `realm_access.roles` reaches into objects. */
    rolesClaim: string;
    /** JWKS address; absent means the issuer's discovery document says where. */
    jwksUrl?: string;
    accessTokenTtlSeconds: number;
    /** Keys signing the provider's cookies; absent means generated once and kept in the database. */
    cookieKeys?: string[];
    /** Private signing keys (JWK set, newest first); absent means generated once and kept in the database. */
    jwks?: { keys: PrivateJwk[] };
    /** Further origins whose /auth/* callbacks the storefront client may use. */
    extraClientOrigins: string[];
  };
  mail: {
    smtpUrl?: string;
    from: string;
    /** Whether the staff mailbox shows the links that act for their recipient (resets, confirmations, reply links) or a placeholder. */
    mailboxOneTimeLinks: 'hidden' | 'shown';
    /** Days a sent (or given-up) e-mail keeps its bodies in the outbox: the `email-body-retention` job clears them after. */
    bodyRetentionDays: number;
  };
  payments: PaymentsConfig;
  /** Where "Find address" looks postcodes up: the embedded list, or Ideal Postcodes (IDEAL_POSTCODES_*). */
  addressLookup: AddressLookupConfig;
  /** Who gives trade credit: the embedded sandbox, or Two (TWO_*). */
  creditProvider: CreditProviderConfig;
  files: FilesConfig;
  /** The company behind the shop and how to reach it (SHOP_*): contact page, footer, legal pages, e-mails. */
  shop: ShopDetails;
}

/** See the README's configuration table. */
export interface OperationsConfig {
  /** 503 with Retry-After while the event loop's mean delay or the heap in use passes these (0: never). */
  overload: { eventLoopDelayMs: number; heapUsedPercent: number; retryAfterSeconds: number };
  /** How long `/readyz` answers 503 after SIGTERM before the server stops taking requests. */
  shutdownDelaySeconds: number;
  /** `/metrics` on its own port, or on the shop's with this bearer token; neither: not served. */
  metrics: { port?: number; token?: string };
  /** OpenTelemetry traces sent over OTLP/HTTP (the standard OTEL_EXPORTER_OTLP_* settings say where), or none. */
  tracesExporter: 'none' | 'otlp';
}

function operationsConfig(c: z.infer<typeof ApiConfigSchema>): OperationsConfig {
  // Tests run many apps on two cores: a slow moment there is no overload, so tests turn it on themselves.
  const testing = c.NODE_ENV === 'test';
  return {
    overload: {
      eventLoopDelayMs: c.OVERLOAD_EVENT_LOOP_DELAY_MS ?? (testing ? 0 : 500),
      heapUsedPercent: c.OVERLOAD_HEAP_USED_PERCENT ?? (testing ? 0 : 95),
      retryAfterSeconds: c.OVERLOAD_RETRY_AFTER_SECONDS,
    },
    shutdownDelaySeconds: c.SHUTDOWN_DELAY_SECONDS,
    metrics: { port: c.METRICS_PORT, token: c.METRICS_TOKEN },
    tracesExporter: c.OTEL_TRACES_EXPORTER,
  };
}

export interface PaymentsConfig {
  /** How long a shopper's browser has to place the order after a payment succeeds before the recovery worker does. */
  recoveryGraceMs: number;
  /** Set: the Stripe adapter. `apiUrl` points the SDK elsewhere, `jsUrl` the browser's Stripe.js (tests' stand-in). */
  stripe?: { secretKey: string; publishableKey: string; webhookSecret: string; apiUrl?: string; jsUrl: string };
  sandbox: {
    /** Absent: generated once and kept in the database. */
    webhookSecret?: string;
    /** Absent: this API's own /api/payments/webhooks/sandbox over loopback. */
    webhookUrl?: string;
    /** Deliver some events twice and late, as real gateways do: `random` (default), `always`, `off` (tests). */
    webhookChaos: 'off' | 'random' | 'always';
    /** How often the sender looks for due deliveries (when `JOBS` runs `sandbox-webhooks`). */
    webhookPollMs: number;
  };
}

/** `off`: production without Two and without ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: no paying on account is offered. */
export type CreditProviderConfig =
  | { kind: 'off' }
  | { kind: 'sandbox'; webhookSecret?: string }
  | { kind: 'two'; apiKey: string; apiUrl: string; merchantId: string; webhookSecret?: string };

export type AddressLookupConfig = { kind: 'embedded' } | { kind: 'ideal-postcodes'; apiKey: string; apiUrl: string };

/** Where uploaded files are kept (FILES_*): a local folder, or a bucket of any S3-compatible store. */
export type FilesConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      /** Absent: Amazon S3 itself, in `region`. */
      endpoint?: string;
      region: string;
      /** `http://host/bucket/key` rather than `http://bucket.host/key`: what most other stores expect. */
      forcePathStyle: boolean;
      /** Put before every key: '' or folder names ending in a slash. */
      prefix: string;
      /** Absent: the SDK's own chain (environment, instance or task role). */
      credentials?: { accessKeyId: string; secretAccessKey: string };
    };

/** A private JSON Web Key as IDENTITY_JWKS holds it (RSA or EC; `d` is the private part). */
export interface PrivateJwk {
  kty: string;
  d: string;
  kid?: string;
  alg?: string;
  [member: string]: unknown;
}

/** `{"keys":[…]}` or a bare array of private signing keys; a message when it is not usable. */
function parsePrivateJwks(value: string): { keys: PrivateJwk[] } | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return 'must be JSON: a JWK set {"keys":[…]} of private signing keys';
  }
  const keys: unknown = Array.isArray(parsed) ? parsed : (parsed as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys) || keys.length === 0) return 'must hold at least one key in "keys"';
  for (const [index, key] of keys.entries()) {
    const jwk = key as Partial<PrivateJwk> | null;
    if (!jwk || (jwk.kty !== 'RSA' && jwk.kty !== 'EC') || typeof jwk.d !== 'string') {
      return `key ${index} must be a private RSA or EC key (with "kty" and "d")`;
    }
  }
  return { keys: keys as PrivateJwk[] };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads settings with a schema; every wrong one (and any `more` finds) is named in one start-up error. */
export function parseSettings<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined>,
  more: (lines: string[]) => string[] = (lines) => lines,
): z.infer<S> {
  // Empty strings count as "not set", as most shells and .env files intend.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = schema.safeParse(present);
  const lines = more(parsed.success ? [] : parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`));
  if (!parsed.success || lines.length > 0) throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  return parsed.data;
}

/**
 * `servesApi: false` is an instance serving the storefront alone (SERVE=web): it seeds nothing, signs nothing and takes no
 * payment, so production's refusals are not its concern.
 */
export function loadApiConfig(env: Record<string, string | undefined> = process.env, options: { servesApi?: boolean } = {}): ApiConfig {
  const c = parseSettings(ApiConfigSchema, withSecretFiles(env), (lines) => lines.concat(secretFileProblems(env)));
  const production = deployedInProduction(c);
  if (production && options.servesApi !== false) {
    const refusals = productionRefusals(c);
    const why = c.SHOP_ENV === 'production' ? 'SHOP_ENV=production' : 'NODE_ENV=production';
    if (refusals.length > 0) throw new ConfigError(`Invalid configuration for production (${why}):\n${refusals.join('\n')}`);
  }
  const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, '');
  return {
    env: c.NODE_ENV,
    production,
    port: c.PORT,
    host: c.HOST,
    publicUrl,
    database: {
      url: c.DATABASE_URL,
      poolSize: c.DATABASE_POOL_SIZE,
      readUrl: c.DATABASE_URL ? c.DATABASE_READ_URL : undefined,
      readPoolSize: c.DATABASE_READ_POOL_SIZE,
      dataDir: path.resolve(c.DATA_DIR),
      statementTimeoutMs: c.DATABASE_STATEMENT_TIMEOUT_MS,
      connectTimeoutMs: c.DATABASE_CONNECT_TIMEOUT_MS,
      migrateOnStart: c.MIGRATE_ON_START ?? !production,
    },
    operations: operationsConfig(c),
    logLevel: c.LOG_LEVEL,
    slowRequestMs: c.REQUEST_LOG_SLOW_MS,
    bodyLimitBytes: c.BODY_LIMIT_BYTES,
    rateLimitPerMinute: c.RATE_LIMIT_PER_MINUTE,
    webTierSecret: c.WEB_TIER_SECRET ?? randomBytes(32).toString('base64url'),
    catalogueAnswerCacheBytes: c.CATALOGUE_ANSWER_CACHE_MB * 1024 * 1024,
    searchEngine: c.SEARCH_ENGINE,
    reviews: { invitationDelayDays: c.REVIEW_INVITATION_DAYS, invitationPollSeconds: c.REVIEW_INVITATION_POLL_SECONDS },
    redis: c.REDIS_URL ? { url: c.REDIS_URL, keyPrefix: c.REDIS_KEY_PREFIX } : undefined,
    demoData: c.DEMO_DATA ?? !production,
    trustProxy: c.TRUST_PROXY,
    jobs: jobSelection(c.JOBS ?? (c.NODE_ENV === 'test' ? 'none' : 'all')),
    identity: {
      embedded: c.IDENTITY_EMBEDDED,
      issuer: (c.OIDC_ISSUER ?? `${publicUrl}/identity`).replace(/\/+$/, ''),
      audience: c.OIDC_AUDIENCE ?? `${publicUrl}/api`,
      clientId: c.OIDC_CLIENT_ID,
      rolesClaim: c.OIDC_ROLES_CLAIM,
      jwksUrl: c.OIDC_JWKS_URL,
      accessTokenTtlSeconds: c.IDENTITY_ACCESS_TOKEN_TTL,
      cookieKeys: c.IDENTITY_COOKIE_KEYS?.split(',').map((key) => key.trim()),
      jwks: c.IDENTITY_JWKS,
      extraClientOrigins: c.IDENTITY_CLIENT_ORIGINS ?? [],
    },
    mail: mailConfig(c),
    payments: paymentsConfig(c),
    addressLookup: c.IDEAL_POSTCODES_API_KEY
      ? { kind: 'ideal-postcodes', apiKey: c.IDEAL_POSTCODES_API_KEY, apiUrl: c.IDEAL_POSTCODES_API_URL.replace(/\/+$/, '') }
      : { kind: 'embedded' },
    creditProvider: creditProviderConfig(c, production),
    files: filesConfig(c),
    shop: shopDetails(c),
  };
}

/** Settings holding a secret: each may be read instead from the file `<NAME>_FILE` names (a container's or systemd's secrets). */
export const SECRET_SETTINGS = [
  'DATABASE_URL',
  'DATABASE_READ_URL',
  'REDIS_URL',
  'SMTP_URL',
  'IDENTITY_JWKS',
  'IDENTITY_COOKIE_KEYS',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'IDEAL_POSTCODES_API_KEY',
  'TWO_API_KEY',
  'TWO_WEBHOOK_SECRET',
  'SANDBOX_WEBHOOK_SECRET',
  'FILES_S3_ACCESS_KEY_ID',
  'FILES_S3_SECRET_ACCESS_KEY',
  'WEB_TIER_SECRET',
  'METRICS_TOKEN',
] as const;

const FILE_ERRORS: Record<string, string> = { ENOENT: 'there is no such file', EACCES: 'permission denied', EISDIR: 'it is a folder' };

/** The environment with each secret's `<NAME>_FILE` read into `<NAME>`; a file that cannot be used leaves it unset. */
function withSecretFiles(env: Record<string, string | undefined>): Record<string, string | undefined> {
  const resolved = { ...env };
  for (const name of SECRET_SETTINGS) {
    const file = env[`${name}_FILE`];
    if (file && !env[name]) resolved[name] = readSecretFile(file).value;
  }
  return resolved;
}

/** One line per `<NAME>_FILE` that cannot be used: given with `<NAME>`, unreadable or empty. */
function secretFileProblems(env: Record<string, string | undefined>): string[] {
  return SECRET_SETTINGS.flatMap((name) => {
    const file = env[`${name}_FILE`];
    if (!file) return [];
    if (env[name]) return [`  ${name} and ${name}_FILE are both set: set only one`];
    const { problem } = readSecretFile(file);
    return problem ? [`  ${name}_FILE: ${problem}`] : [];
  });
}

function readSecretFile(file: string): { value?: string; problem?: string } {
  try {
    // Editors and `echo` end a file with a newline that is not part of the secret.
    const value = fs.readFileSync(file, 'utf8').replace(/[\r\n]+$/, '');
    return value === '' ? { problem: `${file} is empty` } : { value };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    return { problem: `cannot read ${file}: ${FILE_ERRORS[code] ?? (code || String(error))}` };
  }
}

/**
 * Whether the shop is deployed in production (decision 0065): SHOP_ENV says so when set; without it, NODE_ENV=production
 * does, as it always has. React's build follows NODE_ENV alone, so `npm start` (NODE_ENV=production, SHOP_ENV=demo) renders
 * with the production build and keeps its demo shop.
 */
function deployedInProduction(c: z.infer<typeof ApiConfigSchema>): boolean {
  return c.SHOP_ENV === undefined ? c.NODE_ENV === 'production' : c.SHOP_ENV === 'production';
}

/**
 * What production refuses unless a setting asks for it (decision 0046): demo accounts with a published password, keys
 * generated into the database, and a gateway that takes no money. One line per setting to set.
 */
function productionRefusals(c: z.infer<typeof ApiConfigSchema>): string[] {
  const refusals: string[] = [];
  const orGenerated = 'or set ALLOW_GENERATED_KEYS_IN_PRODUCTION=true to keep one generated and stored in the database';
  if (c.DEMO_DATA && !c.ALLOW_DEMO_DATA_IN_PRODUCTION) {
    refusals.push(
      '  DEMO_DATA: true creates demo accounts whose password, demo-password, is published, one of them holding every staff role. ' +
        'Unset DEMO_DATA, or set ALLOW_DEMO_DATA_IN_PRODUCTION=true as well for a public demonstration',
    );
  }
  if (c.IDENTITY_EMBEDDED && !c.ALLOW_GENERATED_KEYS_IN_PRODUCTION) {
    if (!c.IDENTITY_JWKS) {
      refusals.push(
        '  IDENTITY_JWKS: not set. Set it (or IDENTITY_JWKS_FILE) to the JWK set of private keys sign-in tokens are signed with ' +
          `(docs/identity.md), ${orGenerated}`,
      );
    }
    if (!c.IDENTITY_COOKIE_KEYS) {
      refusals.push(
        '  IDENTITY_COOKIE_KEYS: not set. Set it (or IDENTITY_COOKIE_KEYS_FILE) to random strings of 32 characters or more, ' +
          `separated by commas, that sign the sign-in cookies, ${orGenerated}`,
      );
    }
  }
  if (!c.STRIPE_SECRET_KEY && !c.ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION) {
    refusals.push(
      '  STRIPE_SECRET_KEY: not set, so payments would go to the sandbox gateway, which takes no money. ' +
        'Set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or set ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION=true',
    );
  } else if (!c.STRIPE_SECRET_KEY && !c.SANDBOX_WEBHOOK_SECRET && !c.ALLOW_GENERATED_KEYS_IN_PRODUCTION) {
    refusals.push(
      '  SANDBOX_WEBHOOK_SECRET: not set. Set it (or SANDBOX_WEBHOOK_SECRET_FILE) to a random string of 16 characters or more ' +
        `that signs the sandbox gateway's webhooks, ${orGenerated}`,
    );
  }
  return refusals;
}

/** TRUST_PROXY: `true` (every proxy), `false` (none), how many proxies stand in front, or their addresses and ranges. */
export type TrustProxy = boolean | number | readonly string[];

/** Names proxy-addr (Fastify's) knows for ranges of addresses. */
const ADDRESS_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function parseTrustProxy(value: string): TrustProxy | string {
  const setting = value.trim().toLowerCase();
  if (setting === 'true' || setting === 'yes') return true;
  if (setting === 'false' || setting === 'no') return false;
  if (/^[0-9]+$/.test(setting)) {
    const hops = Number(setting);
    if (hops > 16) return 'must be the number of proxies in front of the shop, 16 at most, such as 1';
    return hops === 0 ? false : hops;
  }
  const items = setting
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  for (const item of items) {
    const [address = '', prefix, ...rest] = item.split('/');
    const version = isIP(address);
    const valid =
      ADDRESS_RANGE_NAMES.has(item) ||
      (version !== 0 && rest.length === 0 && (prefix === undefined || (/^[0-9]{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128))));
    if (!valid) {
      return (
        `"${item}" is not an address or range. Set true, false, the number of proxies in front of the shop (such as 1), ` +
        'or their addresses and ranges separated by commas (such as 10.0.0.0/8,192.168.1.10)'
      );
    }
  }
  return items;
}

/**
 * Fastify's `trustProxy` for a TRUST_PROXY setting. This machine is always believed (a proxy on the same host); the
 * storefront's own calls name their visitor with WEB_TIER_SECRET (decision 0047). A number believes that many nearest proxies whatever their address,
 * for a shop reached only through them; Fastify 5 takes no number itself, so it is a function (decision 0046).
 */
export function trustedProxies(setting: TrustProxy): true | string[] | ((address: string, hop: number) => boolean) {
  if (setting === true) return true;
  if (setting === false) return ['loopback'];
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return [...setting, 'loopback'];
}

/**
 * Without SMTP the staff mailbox is where e-mail is delivered, so outside production it shows the
 * links a sign-up or reset needs; with SMTP, or in production, each goes to its recipient alone (decision 0048).
 */
function mailConfig(c: z.infer<typeof ApiConfigSchema>): ApiConfig['mail'] {
  const refusal =
    c.MAILBOX_ONE_TIME_LINKS !== 'shown'
      ? null
      : c.SMTP_URL
        ? 'SMTP_URL is set, so e-mail reaches its recipients and staff have no need of their links'
        : deployedInProduction(c)
          ? "never in production, where a customer's password-reset or erasure link would be staff's to use: set SMTP_URL"
          : null;
  if (refusal) throw new ConfigError(`Invalid configuration:\n  MAILBOX_ONE_TIME_LINKS: shown is refused: ${refusal}`);
  const mailboxDelivers = !c.SMTP_URL && !deployedInProduction(c);
  return {
    smtpUrl: c.SMTP_URL,
    from: c.MAIL_FROM,
    mailboxOneTimeLinks: c.MAILBOX_ONE_TIME_LINKS ?? (mailboxDelivers ? 'shown' : 'hidden'),
    bodyRetentionDays: c.EMAIL_BODY_RETENTION_DAYS,
  };
}

function jobSelection(setting: string): 'all' | string[] {
  if (setting === 'all') return 'all';
  if (setting === 'none') return [];
  return setting.split(',').map((name) => name.trim());
}

function paymentsConfig(c: z.infer<typeof ApiConfigSchema>): PaymentsConfig {
  const sandbox = {
    webhookSecret: c.SANDBOX_WEBHOOK_SECRET,
    webhookUrl: c.SANDBOX_WEBHOOK_URL,
    webhookChaos: c.SANDBOX_WEBHOOK_CHAOS ?? (c.NODE_ENV === 'test' ? 'off' : 'random'),
    webhookPollMs: c.SANDBOX_WEBHOOK_POLL_MS,
  } as const;
  const recoveryGraceMs = c.PAYMENT_RECOVERY_GRACE_SECONDS * 1000;
  if (!c.STRIPE_SECRET_KEY) return { recoveryGraceMs, sandbox };
  if (!c.STRIPE_PUBLISHABLE_KEY || !c.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError('Invalid configuration:\n  STRIPE_SECRET_KEY is set, so STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET must be set too');
  }
  return {
    recoveryGraceMs,
    sandbox,
    stripe: {
      secretKey: c.STRIPE_SECRET_KEY,
      publishableKey: c.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: c.STRIPE_WEBHOOK_SECRET,
      apiUrl: c.STRIPE_API_URL,
      jsUrl: c.STRIPE_JS_URL,
    },
  };
}

function creditProviderConfig(c: z.infer<typeof ApiConfigSchema>, production: boolean): CreditProviderConfig {
  // The sandbox approves made-up credit: in production it would show a business a limit nobody gives it.
  const webhookSecret = c.TWO_WEBHOOK_SECRET ? { webhookSecret: c.TWO_WEBHOOK_SECRET } : {};
  if (!c.TWO_API_KEY) return production && !c.ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION ? { kind: 'off' } : { kind: 'sandbox', ...webhookSecret };
  if (!c.TWO_MERCHANT_ID) throw new ConfigError('Invalid configuration:\n  TWO_API_KEY is set, so TWO_MERCHANT_ID must be set too');
  return { kind: 'two', apiKey: c.TWO_API_KEY, apiUrl: c.TWO_API_URL.replace(/\/+$/, ''), merchantId: c.TWO_MERCHANT_ID, ...webhookSecret };
}

function filesConfig(c: z.infer<typeof ApiConfigSchema>): FilesConfig {
  const s3Settings = ['FILES_S3_ENDPOINT', 'FILES_S3_ACCESS_KEY_ID', 'FILES_S3_SECRET_ACCESS_KEY', 'FILES_S3_FORCE_PATH_STYLE', 'FILES_S3_PREFIX'] as const;
  if (!c.FILES_S3_BUCKET) {
    const stray = s3Settings.filter((name) => c[name] !== undefined);
    if (stray.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n  ${stray.join(', ')} ${stray.length === 1 ? 'is' : 'are'} ` +
          `set, so FILES_S3_BUCKET must be set too (or unset them to keep files in FILES_DIR)`,
      );
    }
    return { kind: 'local', dir: path.resolve(c.FILES_DIR ?? path.join(c.DATA_DIR, 'files')) };
  }
  if (c.FILES_DIR) throw new ConfigError('Invalid configuration:\n  FILES_DIR and FILES_S3_BUCKET are both set: files are kept in one place, so set only one');
  if (!c.FILES_S3_ACCESS_KEY_ID !== !c.FILES_S3_SECRET_ACCESS_KEY) {
    throw new ConfigError(
      'Invalid configuration:\n  FILES_S3_ACCESS_KEY_ID and FILES_S3_SECRET_ACCESS_KEY are set together, or neither (then the SDK finds credentials itself)',
    );
  }
  return {
    kind: 's3',
    bucket: c.FILES_S3_BUCKET,
    endpoint: c.FILES_S3_ENDPOINT?.replace(/\/+$/, ''),
    region: c.FILES_S3_REGION,
    // Amazon S3 wants virtual-hosted addresses; other stores (MinIO, Ceph, Garage…) mostly want paths.
    forcePathStyle: c.FILES_S3_FORCE_PATH_STYLE ?? c.FILES_S3_ENDPOINT !== undefined,
    prefix: c.FILES_S3_PREFIX ?? '',
    credentials:
      c.FILES_S3_ACCESS_KEY_ID && c.FILES_S3_SECRET_ACCESS_KEY
        ? { accessKeyId: c.FILES_S3_ACCESS_KEY_ID, secretAccessKey: c.FILES_S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

/**
 * The shop's company and customer-service details. The defaults are demonstration values that
 * cannot reach anyone: a company number and VAT number of zeros, a telephone number from Ofcom's
 * range for drama (0113 496 0000–0999 is never allocated) and an address at `.example`.
 */
function shopSettings() {
  return {
    SHOP_COMPANY_NAME: z.string().trim().min(2).max(160).default('Plumbline Retail Ltd'),
    SHOP_COMPANY_NUMBER: z
      .string()
      .transform((value) => value.replace(/\s/g, '').toUpperCase())
      .pipe(z.string().regex(/^([0-9]{8}|[A-Z]{2}[0-9]{6})$/, 'must be a Companies House number: 8 digits, or 2 letters and 6 digits (SC123456)'))
      .default('00000000'),
    SHOP_VAT_NUMBER: z
      .string()
      .transform((value) => value.replace(/\s/g, '').toUpperCase())
      .pipe(z.string().regex(/^GB([0-9]{9}|[0-9]{12})$/, 'must be a UK VAT number: GB and 9 digits (GB123456789)'))
      .default('GB000000000'),
    SHOP_ADDRESS: z
      .string()
      .transform((value, ctx) => {
        const parts = value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean);
        const postcode = parts.at(-1)?.toUpperCase().replace(/\s+/g, '');
        if (parts.length < 2 || !postcode || !/^[A-Z]{1,2}[0-9][A-Z0-9]?[0-9][A-Z]{2}$/.test(postcode)) {
          ctx.addIssue({ code: 'custom', message: 'must be the address lines and the postcode, separated by commas: "Unit 4 Canal Wharf, Leeds, LS11 5PS"' });
          return z.NEVER;
        }
        return { lines: parts.slice(0, -1), postcode: `${postcode.slice(0, -3)} ${postcode.slice(-3)}` };
      })
      .default({ lines: ['Unit 4 Canal Wharf', 'Leeds'], postcode: 'LS11 5PS' }),
    SHOP_PHONE: z
      .string()
      .trim()
      .transform((value, ctx) => {
        const digits = value.replace(/[\s()-]/g, '');
        const national = digits.startsWith('+44') ? `0${digits.slice(3)}` : digits;
        if (!/^0[0-9]{9,10}$/.test(national)) {
          ctx.addIssue({ code: 'custom', message: 'must be a UK telephone number, like 0113 496 0000' });
          return z.NEVER;
        }
        return { display: value, uri: `tel:+44${national.slice(1)}` };
      })
      .default({ display: '0113 496 0000', uri: 'tel:+441134960000' }),
    SHOP_EMAIL: z.email('must be an e-mail address, like help@example.com').default('help@plumbline.example'),
    SHOP_OPENING_HOURS: z.string().trim().min(5).max(160).default('Monday to Friday 8am to 6pm, Saturday 9am to 1pm'),
  };
}

/** Companies House numbers start with letters that say where the company is registered (SC, NI…). */
export function registeredIn(companyNumber: string): ShopDetails['registeredIn'] {
  if (/^(SC|SO|SL|SZ|SA|SF)/.test(companyNumber)) return 'Scotland';
  if (/^(NI|NC|NL|NF|NA|R0)/.test(companyNumber)) return 'Northern Ireland';
  return 'England and Wales';
}

/** The shop details of a process with no SHOP_* settings: the demonstration values. */
export const defaultShopDetails = (): ShopDetails => shopDetails(parseSettings(z.object(shopSettings()), {}));

function shopDetails(c: z.infer<z.ZodObject<ReturnType<typeof shopSettings>>>): ShopDetails {
  return {
    tradingName: 'Plumbline',
    legalName: c.SHOP_COMPANY_NAME,
    companyNumber: c.SHOP_COMPANY_NUMBER,
    registeredIn: registeredIn(c.SHOP_COMPANY_NUMBER),
    vatNumber: c.SHOP_VAT_NUMBER,
    address: c.SHOP_ADDRESS,
    phone: c.SHOP_PHONE,
    email: c.SHOP_EMAIL,
    openingHours: c.SHOP_OPENING_HOURS,
  };
}
