/**
 * `npm run spec:coverage`: which of the specification's HTTP calls (`calls.tsv`) the API answers.
 * A call counts only when a contract declares it AND the built API has a route for it. The
 * specification is not part of the repository: it is looked for in `SPEC_DIR`, else in
 * `shared/spec` beside the clone (`../shared/spec`); without it the command says so and exits 0,
 * so a clone without the specification still passes everything else.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CREDIT_PROVIDER_SEGMENT, SERVICES, allEndpoints, toRoutePath, type ServiceName } from '@shop/contracts';

export interface SpecCall {
  service: string;
  method: string;
  path: string;
}

/** Path segments the specification leaves for the shop to name, as the shop named them (docs/decisions). */
const NAMED_SEGMENTS: Record<string, string> = { '{creditProvider}': CREDIT_PROVIDER_SEGMENT };

/** Paths compare case-insensitively, without query strings, trailing slashes or parameter names. */
export const callKey = (service: string, method: string, specPath: string): string =>
  `${service} ${method.toUpperCase()} ${
    specPath
      .split('?')[0]!
      .replace(/\{[^}]+\}/g, (segment) => NAMED_SEGMENTS[segment] ?? segment)
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
      .filter((endpoint) => {
        const url = SERVICES[endpoint.service as ServiceName].prefix + toRoutePath(endpoint.path);
        // The router ignores a trailing slash (`/Listings/QnAs/`), but hasRoute asks for the path as registered.
        return [url, url.replace(/\/+$/, '')].some((candidate) => app.hasRoute({ method: endpoint.method, url: candidate }));
      })
      .map((endpoint) => callKey(endpoint.service, endpoint.method, endpoint.path)),
  );
  await app.close();
  const calls = readSpecCalls(callsFile);
  const done = calls.filter((call) => implemented.has(callKey(call.service, call.method, call.path)));
  const missing = calls.filter((call) => !implemented.has(callKey(call.service, call.method, call.path)));
  return { calls, done, missing };
}

/** Where the specification's `calls.tsv` is, or where it was looked for when it is not there. */
export function findSpecCalls(env: NodeJS.ProcessEnv, root: string): { file: string; found: boolean } {
  const dir = env.SPEC_DIR ? path.resolve(env.SPEC_DIR) : path.join(root, '..', 'shared', 'spec');
  const file = path.join(dir, 'calls.tsv');
  return { file, found: fs.existsSync(file) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const spec = findSpecCalls(process.env, fileURLToPath(new URL('..', import.meta.url)));
  if (!spec.found) {
    process.stdout.write(
      `spec coverage: not measured. The specification's list of calls is not at ${spec.file}.\n` +
        'Put the specification beside the clone (../shared/spec/calls.tsv) or set SPEC_DIR to the folder holding calls.tsv.\n',
    );
    process.exit(0);
  }
  const { calls, done, missing } = await specCoverage(spec.file);
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
