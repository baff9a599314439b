/**
 * compose.yaml (a whole shop on one host, docs/operations.md) read as compose reads it: every part is there, the shop's
 * roles come from one image, api and worker start only after the migrate service has succeeded, and no secret is
 * written into the file (each comes from .env).
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SECRET_SETTINGS } from '../apps/api/src/config.ts';

interface Service {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  read_only?: boolean;
}
const compose = parse(fs.readFileSync(new URL('../compose.yaml', import.meta.url), 'utf8'), { merge: true }) as { services: Record<string, Service> };
const { services } = compose;
const roles = ['api', 'web', 'worker'] as const;

describe('compose.yaml', () => {
  it('runs api, web, worker and migrate from one image beside PostgreSQL, Redis, an S3 store and an SMTP catcher', () => {
    expect(Object.keys(services)).toEqual(expect.arrayContaining([...roles, 'migrate', 'postgres', 'redis', 'minio', 'mailpit', 'proxy']));
    const images = new Set([...roles, 'migrate'].map((name) => services[name]!.image));
    expect([...images]).toEqual(['plumbline:local']);
    expect(Object.fromEntries(roles.map((role) => [role, services[role]!.environment?.SERVE]))).toEqual({ api: 'api', web: 'web', worker: 'worker' });
    expect(services.migrate!.command).toEqual(['migrate']);
    expect([...roles, 'migrate'].every((name) => services[name]!.read_only === true)).toBe(true);
  });

  it('starts api and worker only once the migrations have been applied, and no instance migrates by itself', () => {
    for (const role of ['api', 'worker']) expect(services[role]!.depends_on?.migrate).toEqual({ condition: 'service_completed_successfully' });
    expect(services.migrate!.depends_on?.postgres).toEqual({ condition: 'service_healthy' });
    expect(services.api!.environment?.MIGRATE_ON_START).toBe('false');
  });

  it('takes every secret from .env: none is written into the file', () => {
    const environment = services.api!.environment ?? {};
    const written = SECRET_SETTINGS.filter((name) => {
      const value = environment[name];
      if (value === undefined || value.includes('${')) return false;
      // A URL naming no user or password (Redis and Mailpit inside the host) holds no secret.
      return !/^[a-z]+:\/\/[^@]*$/.test(value);
    });
    expect(written).toEqual([]);
  });
});
