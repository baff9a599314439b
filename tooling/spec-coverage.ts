/**
 * `npm run spec:coverage`: which of the spec's HTTP calls (`../shared/spec/calls.tsv`) the API
 * answers. A call counts only when a contract declares it AND the built API has a route for it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICES, allEndpoints, toRoutePath, type ServiceName } from '@shop/contracts';

export interface SpecCall {
  service: string;
  method: string;
  path: string;
}

/** Paths compare case-insensitively, without query strings, trailing slashes or parameter names. */
export const callKey = (service: string, method: string, specPath: string): string =>
  `${service} ${method.toUpperCase()} ${
    specPath
      .split('?')[0]!
      .replace(/\{[^}]+\}/g, '{}')
      .replace(/\/+$/, '')
      .toLowerCase() || '/'
  }`;

export function readSpecCalls(file: string): SpecCall[] {
  const [, ...rows] = fs.readFileSync(file, 'utf8').trim().split('\n');
  return rows.map((row) => {
    const [service = '', method = '', callPath = ''] = row.split('\t');
    return { service, method, path: callPath };
  });
}

export async function specCoverage(callsFile: string) {
  const { buildApiRoutesOnly } = await import('../apps/api/src/testing/routes-only.ts');
  const app = await buildApiRoutesOnly();
  const implemented = new Set(
    allEndpoints
      .filter((endpoint) =>
        app.hasRoute({
          method: endpoint.method,
          url: SERVICES[endpoint.service as ServiceName].prefix + toRoutePath(endpoint.path),
        }),
      )
      .map((endpoint) => callKey(endpoint.service, endpoint.method, endpoint.path)),
  );
  await app.close();
  const calls = readSpecCalls(callsFile);
  const done = calls.filter((call) => implemented.has(callKey(call.service, call.method, call.path)));
  const missing = calls.filter((call) => !implemented.has(callKey(call.service, call.method, call.path)));
  return { calls, done, missing };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const callsFile = process.env.SPEC_CALLS ?? path.join(root, '..', 'shared', 'spec', 'calls.tsv');
  const { calls, done, missing } = await specCoverage(callsFile);
  const byService = new Map<string, { done: number; missing: SpecCall[] }>();
  for (const call of calls) {
    const entry = byService.get(call.service) ?? { done: 0, missing: [] };
    if (missing.includes(call)) entry.missing.push(call);
    else entry.done++;
    byService.set(call.service, entry);
  }
  for (const [service, entry] of byService) {
    const total = entry.done + entry.missing.length;
    process.stdout.write(`${service.padEnd(18)} ${String(entry.done).padStart(3)}/${total}\n`);
    if (process.argv.includes('--missing')) {
      for (const call of entry.missing) process.stdout.write(`    missing  ${call.method.padEnd(6)} ${call.path}\n`);
    }
  }
  const percent = Math.round((done.length / calls.length) * 100);
  process.stdout.write(`spec coverage: ${done.length}/${calls.length} calls implemented (${percent}%)\n`);
}
