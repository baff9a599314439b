import path from 'node:path';
import { z } from 'zod';

/**
 * Every API setting, read from the environment once at start-up. Each has a default that works on a
 * fresh machine, or start-up fails with a message naming the variable.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

export const ApiConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection string')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATA_DIR: z.string().min(1).default('.data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  DEMO_DATA: booleanFlag.default(true),
  TRUST_PROXY: booleanFlag.default(false),
});

export interface ApiConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  database: { url?: string; poolSize: number; dataDir: string };
  logLevel: z.infer<typeof ApiConfigSchema>['LOG_LEVEL'];
  bodyLimitBytes: number;
  rateLimitPerMinute: number;
  demoData: boolean;
  trustProxy: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadApiConfig(env: Record<string, string | undefined> = process.env): ApiConfig {
  // Empty strings count as "not set", as most shells and .env files intend.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = ApiConfigSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
    database: { url: c.DATABASE_URL, poolSize: c.DATABASE_POOL_SIZE, dataDir: path.resolve(c.DATA_DIR) },
    logLevel: c.LOG_LEVEL,
    bodyLimitBytes: c.BODY_LIMIT_BYTES,
    rateLimitPerMinute: c.RATE_LIMIT_PER_MINUTE,
    demoData: c.DEMO_DATA,
    trustProxy: c.TRUST_PROXY,
  };
}
