/**
 * The module rules of docs/architecture.md, checked on every `npm test`:
 * - an API module imports another module only through that module's `index.ts` (its tests may
 *   also use another module's `testing.ts` helpers);
 * - platform code (apps/api/src/platform, db, seed) never imports a domain module;
 * - the web tier reaches the API only through `@shop/api-client` / `@shop/contracts`;
 * - packages never import apps.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Violation {
  file: string;
  specifier: string;
  rule: string;
}

const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.includes(`${path.sep}node_modules${path.sep}`) && !file.includes(`${path.sep}build${path.sep}`));
}

function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT)].map((match) => match[1] ?? match[2] ?? match[3] ?? '');
}

/** `apps/api/src/modules/<name>/…` → name, else null. */
function moduleOf(file: string, modulesDir: string): string | null {
  const relative = path.relative(modulesDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return relative.split(path.sep)[0] ?? null;
}

export function findBoundaryViolations(root: string): Violation[] {
  const violations: Violation[] = [];
  const apiSrc = path.join(root, 'apps', 'api', 'src');
  const modulesDir = path.join(apiSrc, 'modules');
  const rel = (file: string) => path.relative(root, file);

  for (const file of sourceFiles(apiSrc)) {
    const ownModule = moduleOf(file, modulesDir);
    // The composition files (api.ts wires modules, db/schema.ts gathers their tables) may see every module.
    const isComposition = /^apps\/api\/src\/(api|index|db\/schema)\.ts$/.test(rel(file)) || rel(file).includes('/testing/');
    const isPlatform = ownModule === null && !isComposition;
    for (const specifier of importsOf(file)) {
      if (!specifier.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), specifier);
      const targetModule = moduleOf(target, modulesDir);
      if (targetModule === null) continue;
      if (isPlatform) {
        violations.push({ file: rel(file), specifier, rule: 'platform code must not depend on a domain module' });
      } else if (
        targetModule !== ownModule &&
        target !== path.join(modulesDir, targetModule, 'index.ts') &&
        // Tests may use another module's test helpers (`testing.ts`, e.g. identity's signIn).
        !(/\.test\.tsx?$/.test(file) && path.basename(target) === 'testing.ts') &&
        // drizzle-kit reads every table from the one schema file.
        !(rel(file) === 'apps/api/src/db/schema.ts' && target.endsWith('.tables.ts'))
      ) {
        violations.push({
          file: rel(file),
          specifier,
          rule: `module "${ownModule ?? 'composition'}" may use module "${targetModule}" only through its index.ts`,
        });
      }
    }
  }

  for (const file of sourceFiles(path.join(root, 'apps', 'web'))) {
    for (const specifier of importsOf(file)) {
      if (specifier === '@shop/api' || specifier.startsWith('@shop/api/') || specifier.includes('apps/api')) {
        violations.push({ file: rel(file), specifier, rule: 'the web tier reaches the API only through @shop/api-client' });
      }
    }
  }

  for (const file of sourceFiles(path.join(root, 'packages'))) {
    for (const specifier of importsOf(file)) {
      const resolved = specifier.startsWith('.') ? path.resolve(path.dirname(file), specifier) : '';
      if (/^@shop\/(api|web|server)$/.test(specifier) || resolved.startsWith(path.join(root, 'apps'))) {
        violations.push({ file: rel(file), specifier, rule: 'packages must not import apps' });
      }
    }
  }
  return violations;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const violations = findBoundaryViolations(root);
  for (const violation of violations) {
    process.stderr.write(`${violation.file}: imports "${violation.specifier}": ${violation.rule}\n`);
  }
  if (violations.length) {
    process.stderr.write(`\n${violations.length} module boundary violation(s).\n`);
    process.exit(1);
  }
  process.stdout.write('Module boundaries: ok\n');
}
