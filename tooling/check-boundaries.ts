/**
 * The module rules of docs/architecture.md, checked on every `npm test`:
 * - an API module imports another module only through that module's `index.ts` (its tests may
 *   also use another module's `testing.ts` helpers, and its tables may reference another module's
 *   tables: a foreign key is the database's business);
 * - a module's `index.ts` exports its service and the types callers need, never its tables or its
 *   repository: nothing declared in a `*.tables.ts` or `*.repository.ts` file, directly or through
 *   another file;
 * - and of values only factories (`createInventoryService`, `createInventoryModule`), error factories
 *   (`InventoryErrors`), constants (`RATES`, `DEMO_PASSWORD`) and `…Module` objects: no loose functions
 *   or other values, which belong on the module's service (docs/decisions/0025). An export under a
 *   `@deprecated` comment is refused too: the modules have moved to their services, so a deprecated
 *   export's callers move to the service and the export is deleted;
 * - modules depend on one another without cycles (tests and test helpers sit on top and do not count);
 * - the files of one module import one another without cycles, type-only imports included (a
 *   module's deps type lives in `<name>.deps.ts`, so its parts need not import the service file);
 * - platform code (apps/api/src/platform, db, seed) never imports a domain module;
 * - the web tier reaches the API only through `@shop/api-client` / `@shop/contracts`;
 * - packages never import apps;
 * - demo code (`@shop/demo`) enters the apps only where demo data does: the seeds, the storefront's
 *   two picture routes, and tests and their helpers (see DEMO_ENTRIES);
 * - SQL lives in repositories: only `*.repository.ts`, a module's `repository/` folder, `*.tables.ts`,
 *   the database layer (`db/`), seeds and tests import drizzle-orm, write a `sql` template or import a
 *   table as a value (see isSqlPlace and SQL_ALLOW_LIST);
 * - a service file (`*.service.ts`, or a module file exporting a `create…` factory of a service's part)
 *   stays within SERVICE_FILE_MAX_LINES: past that it is several things, each of which gets a file of its
 *   own (see LONG_SERVICE_FILES).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Violation {
  file: string;
  specifier: string;
  rule: string;
}

/** The value names an index.ts may export: factories, `…Module` objects, error factories and UPPER_CASE constants. */
const ALLOWED_VALUE = /^(create[A-Z]\w*|[a-z]\w*Module|[A-Z]\w*Errors|[A-Z][A-Z0-9_]*)$/;

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

const isTestCode = (file: string) => /\.test\.tsx?$/.test(file) || /(^|\.)testing\.ts$/.test(path.basename(file));
const isTablesOrRepository = (file: string) => /\.(tables|repository)\.ts$/.test(file);

/** `a`, `type b`, `c as d` → [local, exported] pairs. */
function exportList(list: string): [string, string][] {
  return list
    .split(',')
    .map((entry) => entry.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((entry) => {
      const [local, exported] = entry.split(/\s+as\s+/);
      return [local!.trim(), (exported ?? local)!.trim()];
    });
}

/**
 * Every name a file exports, with the file that declares it: re-exports (`export … from`, `export *`,
 * and `import` then `export { … }`) are followed through relative paths.
 */
function exportsOf(file: string, seen = new Set<string>()): Map<string, string> {
  const names = new Map<string, string>();
  if (seen.has(file) || !fs.existsSync(file)) return names;
  seen.add(file);
  const text = fs.readFileSync(file, 'utf8');
  const resolve = (specifier: string) => (specifier.startsWith('.') ? path.resolve(path.dirname(file), specifier) : null);
  const origin = (specifier: string, name: string) => {
    const target = resolve(specifier);
    return target ? (exportsOf(target, new Set(seen)).get(name) ?? target) : specifier;
  };
  for (const match of text.matchAll(
    /export\s+(?:declare\s+)?(?:default\s+)?(?:async\s+)?(?:const|let|var|function\*?|class|abstract\s+class|interface|type|enum)\s+([A-Za-z_$][\w$]*)/g,
  )) {
    names.set(match[1]!, file);
  }
  const imported = new Map<string, { specifier: string; name: string }>();
  for (const match of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
    for (const [name, local] of exportList(match[1]!)) imported.set(local, { specifier: match[2]!, name });
  }
  for (const match of text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}(?:\s*from\s*['"]([^'"]+)['"])?/g)) {
    for (const [local, exported] of exportList(match[1]!)) {
      const from = match[2] ?? imported.get(local)?.specifier;
      names.set(exported, from ? origin(from, match[2] ? local : imported.get(local)!.name) : file);
    }
  }
  for (const match of text.matchAll(/export\s+\*\s+from\s*['"]([^'"]+)['"]/g)) {
    const target = resolve(match[1]!);
    if (!target) continue;
    for (const [name, declaredIn] of exportsOf(target, new Set(seen))) if (!names.has(name)) names.set(name, declaredIn);
  }
  return names;
}

interface SurfaceExport {
  name: string;
  /** Exported as a type (`export type`, `type X` in a list, an interface or type alias). */
  typeOnly: boolean;
  /** Under a `/** … @deprecated … *\/` comment. */
  deprecated: boolean;
}

/** Whether `file` declares `name` as a type: an interface, a type alias, or a type-only re-export. */
function declaresType(file: string, name: string): boolean {
  if (!fs.existsSync(file)) return false;
  const text = fs.readFileSync(file, 'utf8');
  const word = name.replace(/\$/g, '\\$');
  if (new RegExp(`export\\s+(?:declare\\s+)?(?:interface|type)\\s+${word}\\b`).test(text)) return true;
  for (const match of text.matchAll(/export\s+(type\s+)?\{([^}]*)\}/g)) {
    for (const entry of match[2]!.split(',').map((part) => part.trim())) {
      const exported = entry
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .at(-1)!
        .trim();
      if (exported === name && (match[1] || entry.startsWith('type '))) return true;
    }
  }
  return false;
}

/** Whether `file` declares `name` as a function (`function name`, or a const holding an arrow or function expression). */
function declaresFunction(file: string, name: string): boolean {
  if (!fs.existsSync(file)) return false;
  const text = fs.readFileSync(file, 'utf8');
  const word = name.replace(/\$/g, '\\$');
  return (
    new RegExp(`(?:^|\\s)(?:async\\s+)?function\\*?\\s+${word}\\s*[<(]`).test(text) ||
    new RegExp(`(?:const|let|var)\\s+${word}\\s*(?::[^=]+)?=\\s*(?:async\\s+)?(?:function\\b|\\([^()]*\\)\\s*(?::[^=]+)?=>|[A-Za-z_$][\\w$]*\\s*=>)`).test(text)
  );
}

/** The names an index.ts exports itself (not through `export *`), each with how it is exported. */
function indexExports(index: string): SurfaceExport[] {
  const text = fs.readFileSync(index, 'utf8');
  const found: SurfaceExport[] = [];
  const statement = new RegExp(
    // An optional doc comment, then `export { … }` (perhaps `from '…'`) or `export <declaration> <name>`.
    String.raw`(\/\*\*(?:(?!\*\/)[\s\S])*\*\/\s*)?export\s+` +
      String.raw`(?:(type\s+)?\{([^}]*)\}(?:\s*from\s*['"][^'"]+['"])?` +
      String.raw`|(?:declare\s+)?(?:async\s+)?(const|let|var|function\*?|class|interface|type|enum)\s+([A-Za-z_$][\w$]*))`,
    'g',
  );
  // A `@deprecated` comment covers the export statements that follow it line after line, up to a blank line.
  let previous = { end: -1, deprecated: false };
  for (const match of text.matchAll(statement)) {
    const continues = previous.deprecated && !match[1] && /^;?[ \t]*\n[ \t]*$/.test(text.slice(previous.end, match.index));
    const deprecated = /@deprecated\b/.test(match[1] ?? '') || continues;
    previous = { end: match.index + match[0].length, deprecated };
    if (match[3] !== undefined) {
      for (const [local, exported] of exportList(match[3])) {
        const entry = match[3]
          .split(',')
          .map((part) => part.trim())
          .find(
            (part) =>
              part
                .replace(/^type\s+/, '')
                .split(/\s+as\s+/)[0]!
                .trim() === local,
          );
        found.push({ name: exported, typeOnly: Boolean(match[2]) || Boolean(entry?.startsWith('type ')), deprecated });
      }
    } else {
      found.push({ name: match[5]!, typeOnly: match[4] === 'interface' || match[4] === 'type', deprecated });
    }
  }
  return found;
}

/**
 * What an index.ts hands out that is neither a type nor an allowed value (see ALLOWED_VALUE): loose
 * functions and other values, each saying whether it is under a `@deprecated` comment.
 */
function looseExportsOf(index: string): { name: string; declaredIn: string; deprecated: boolean }[] {
  const declared = exportsOf(index);
  const own = new Map(indexExports(index).map((entry) => [entry.name, entry]));
  const loose: { name: string; declaredIn: string; deprecated: boolean }[] = [];
  for (const [name, declaredIn] of declared) {
    const entry = own.get(name);
    if (entry?.typeOnly || declaresType(declaredIn, name)) continue;
    if (ALLOWED_VALUE.test(name) && !(/^[A-Z][A-Z0-9_]*$/.test(name) && declaresFunction(declaredIn, name))) continue;
    loose.push({ name, declaredIn, deprecated: entry?.deprecated ?? false });
  }
  return loose;
}

/** Each cycle in the module graph once, as a path that returns to its start. */
function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  const cycles = new Map<string, string[]>();
  const visit = (node: string, trail: string[]) => {
    for (const next of graph.get(node) ?? []) {
      const at = trail.indexOf(next);
      if (at >= 0) {
        const cycle = trail.slice(at);
        // The same cycle found from another of its modules is reported once.
        const first = cycle.indexOf(cycle.toSorted()[0]!);
        const rotated = [...cycle.slice(first), ...cycle.slice(0, first)];
        cycles.set(rotated.join('>'), [...rotated, rotated[0]!]);
      } else if (trail.length < graph.size) {
        visit(next, [...trail, next]);
      }
    }
  };
  for (const node of [...graph.keys()].toSorted()) visit(node, [node]);
  return [...cycles.values()];
}

/**
 * Import cycles between the files of one module, type-only imports included: a newcomer reads a
 * module from its index down (routes → service → repository, the deps type in `<name>.deps.ts`), and
 * a file importing one that imports it back means neither can be read first. Tests do not count.
 */
function fileCycleViolations(modulesDir: string, rel: (file: string) => string): Violation[] {
  const violations: Violation[] = [];
  for (const name of fs.existsSync(modulesDir) ? fs.readdirSync(modulesDir).toSorted() : []) {
    const moduleDir = path.join(modulesDir, name);
    const files = sourceFiles(moduleDir).filter((file) => !isTestCode(file));
    const graph = new Map<string, Set<string>>();
    const firstImport = new Map<string, string>();
    for (const file of files) {
      const edges = new Set<string>();
      for (const specifier of importsOf(file)) {
        if (!specifier.startsWith('.')) continue;
        const target = path.resolve(path.dirname(file), specifier);
        if (target === file || !files.includes(target)) continue;
        edges.add(rel(target));
        if (!firstImport.has(`${rel(file)}>${rel(target)}`)) firstImport.set(`${rel(file)}>${rel(target)}`, specifier);
      }
      graph.set(rel(file), edges);
    }
    for (const cycle of cyclesOf(graph)) {
      const short = cycle.map((file) => path.relative(rel(moduleDir), file));
      violations.push({
        file: cycle[0]!,
        specifier: firstImport.get(`${cycle[0]}>${cycle[1]}`)!,
        rule: `files of module "${name}" import one another in a cycle: ${short.join(' → ')}`,
      });
    }
  }
  return violations;
}

/**
 * The only production files that may import demo code, each through one entry of @shop/demo
 * (docs/decisions/0055): seeds write demo data only when DEMO_DATA asks (decision 0046), and the
 * storefront's product and customer pictures and the blog's heroes are drawn until the shop has photographs. Tests and test
 * helpers may use any entry (the Stripe stand-in is one).
 */
export const DEMO_ENTRIES: readonly { files: RegExp; entry: string }[] = [
  { files: /^apps\/api\/src\/modules\/[^/]+\/[^/]+\.seed\.ts$/, entry: '@shop/demo/seeds' },
  { files: /^apps\/web\/app\/routes\/(product|user-content|blog-hero)-image\.ts$/, entry: '@shop/demo/product-art' },
];

const isDemoSpecifier = (specifier: string) => specifier === '@shop/demo' || specifier.startsWith('@shop/demo/');
const isDemoTestCode = (file: string) => isTestCode(file) || /^apps\/(api\/src\/testing|web\/e2e)\//.test(file);

/** Which imports of demo code the apps and the other packages may not make (DEMO_ENTRIES). */
function demoViolations(root: string): Violation[] {
  const violations: Violation[] = [];
  const demoDir = path.join(root, 'packages', 'demo');
  const files = [...sourceFiles(path.join(root, 'apps')), ...sourceFiles(path.join(root, 'packages'))].filter((file) => !file.startsWith(demoDir + path.sep));
  for (const file of files) {
    const relative = path.relative(root, file).split(path.sep).join('/');
    for (const specifier of importsOf(file)) {
      if (specifier.startsWith('.') && path.resolve(path.dirname(file), specifier).startsWith(demoDir + path.sep)) {
        violations.push({ file: relative, specifier, rule: 'demo code is imported by its package name, @shop/demo/<entry>, never by path' });
      } else if (!isDemoSpecifier(specifier) || isDemoTestCode(relative)) {
        continue;
      } else if (relative.startsWith('packages/')) {
        violations.push({ file: relative, specifier, rule: 'packages other than @shop/demo must not import demo code' });
      } else {
        const allowed = DEMO_ENTRIES.find((entry) => entry.files.test(relative));
        if (allowed?.entry === specifier) continue;
        violations.push({
          file: relative,
          specifier,
          rule: allowed
            ? `this file may import demo code only through ${allowed.entry}`
            : "production code may import @shop/demo only from a seed (*.seed.ts) or the storefront's picture routes",
        });
      }
    }
  }
  return violations;
}

/**
 * Where SQL may be written (docs/architecture.md: the repository holds all SQL). Seeds keep theirs: they
 * bulk-write demo rows the shop never writes itself (through `db/writers.ts`), and repository functions
 * made only for them would be production code serving the demo.
 */
export function isSqlPlace(file: string): boolean {
  return (
    /\.(repository|tables)\.ts$/.test(file) ||
    /^apps\/api\/src\/modules\/[^/]+\/repository\//.test(file) ||
    /^apps\/api\/src\/(db|seed|testing)\//.test(file) ||
    file.endsWith('.seed.ts') ||
    file.endsWith('.test.ts') ||
    /(^|[./])testing\.ts$/.test(path.posix.basename(file))
  );
}

/**
 * Files that still hold SQL outside a repository while they are being moved; this list only shrinks.
 * An entry that no longer holds SQL is refused, so it is removed when its file moves.
 */
export const SQL_ALLOW_LIST: readonly string[] = [];

/**
 * `import … from 'drizzle-orm…'`, a `sql` template, or one of the module's own tables imported as a value
 * (another module's tables are refused by the index.ts rule already): each is SQL.
 */
function sqlUseOf(file: string, text: string): string | null {
  for (const specifier of importsOf(file)) if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) return specifier;
  if (/(^|[^\w.$])sql(\.raw)?\s*`/.test(text)) return 'sql`…`';
  for (const match of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"](\.\/[^'"/]+\.tables\.ts)['"]/g)) {
    const values = match[1] ? [] : match[2]!.split(',').filter((entry) => entry.trim() && !entry.trim().startsWith('type '));
    if (values.length) return match[3]!;
  }
  return null;
}

/** SQL written outside the places isSqlPlace allows, and allow-list entries that no longer need to be there. */
function sqlViolations(root: string, allowList: readonly string[]): Violation[] {
  const violations: Violation[] = [];
  for (const file of sourceFiles(path.join(root, 'apps', 'api', 'src'))) {
    const relative = path.relative(root, file).split(path.sep).join('/');
    if (isSqlPlace(relative)) continue;
    const used = sqlUseOf(file, fs.readFileSync(file, 'utf8'));
    const allowed = allowList.includes(relative);
    if (used && !allowed) {
      violations.push({ file: relative, specifier: used, rule: "SQL belongs in the module's repository (*.repository.ts or repository/)" });
    } else if (!used && allowed) {
      violations.push({ file: relative, specifier: '-', rule: 'holds no SQL any more: remove it from SQL_ALLOW_LIST' });
    }
  }
  return violations;
}

/** A service file longer than this holds several groups of functions, each of which belongs in a file of its own. */
export const SERVICE_FILE_MAX_LINES = 400;

/** Service files still over SERVICE_FILE_MAX_LINES, each until its groups of functions move to files of their own. */
export const LONG_SERVICE_FILES: readonly string[] = [];

const isServiceFile = (file: string, text: string) =>
  !isTestCode(file) && (file.endsWith('.service.ts') || /^export (async )?function create[A-Z]\w*\(/m.test(text));

function longServiceFileViolations(modulesDir: string, rel: (file: string) => string, allowList: readonly string[]): Violation[] {
  const violations: Violation[] = [];
  for (const file of sourceFiles(modulesDir).toSorted()) {
    const text = fs.readFileSync(file, 'utf8');
    if (!isServiceFile(file, text)) continue;
    const relative = rel(file).split(path.sep).join('/');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    const allowed = allowList.includes(relative);
    if (lines > SERVICE_FILE_MAX_LINES && !allowed) {
      violations.push({
        file: relative,
        specifier: '-',
        rule: `a service file of ${lines} lines (over ${SERVICE_FILE_MAX_LINES}): move each coherent group of its functions to a file of its own`,
      });
    } else if (lines <= SERVICE_FILE_MAX_LINES && allowed) {
      violations.push({ file: relative, specifier: '-', rule: `is ${lines} lines now: remove it from LONG_SERVICE_FILES` });
    }
  }
  return violations;
}

export function findBoundaryViolations(
  root: string,
  sqlAllowList: readonly string[] = [],
  longServiceFiles: readonly string[] = [],
  moduleStateAllowed: Readonly<Record<string, string>> = {},
): Violation[] {
  const violations: Violation[] = [];
  const apiSrc = path.join(root, 'apps', 'api', 'src');
  const modulesDir = path.join(apiSrc, 'modules');
  const rel = (file: string) => path.relative(root, file);
  /** module → module it imports → the first file and specifier that does. */
  const dependencies = new Map<string, Map<string, { file: string; specifier: string }>>();

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
        continue;
      }
      if (ownModule !== null && targetModule !== ownModule && !isTestCode(file)) {
        const edges = dependencies.get(ownModule) ?? new Map<string, { file: string; specifier: string }>();
        if (!edges.has(targetModule)) edges.set(targetModule, { file: rel(file), specifier });
        dependencies.set(ownModule, edges);
      }
      if (
        targetModule !== ownModule &&
        target !== path.join(modulesDir, targetModule, 'index.ts') &&
        // Tests may use another module's test helpers (`testing.ts`, e.g. identity's signIn).
        !(/\.test\.tsx?$/.test(file) && path.basename(target) === 'testing.ts') &&
        // drizzle-kit reads every table from the one schema file.
        !(rel(file) === 'apps/api/src/db/schema.ts' && target.endsWith('.tables.ts')) &&
        // A table may reference another module's table: foreign keys belong to the database.
        !(file.endsWith('.tables.ts') && target.endsWith('.tables.ts'))
      ) {
        violations.push({
          file: rel(file),
          specifier,
          rule: `module "${ownModule ?? 'composition'}" may use module "${targetModule}" only through its index.ts`,
        });
      }
    }
  }

  for (const name of fs.existsSync(modulesDir) ? fs.readdirSync(modulesDir).toSorted() : []) {
    const index = path.join(modulesDir, name, 'index.ts');
    if (!fs.existsSync(index)) continue;
    for (const [exported, declaredIn] of exportsOf(index)) {
      if (!isTablesOrRepository(declaredIn)) continue;
      violations.push({
        file: rel(index),
        specifier: `./${path.relative(path.dirname(index), declaredIn)}`,
        rule:
          `index.ts exports "${exported}" from the module's ` +
          `${declaredIn.endsWith('.tables.ts') ? 'tables' : 'repository'}: export a service function or type instead`,
      });
    }
  }

  for (const name of fs.existsSync(modulesDir) ? fs.readdirSync(modulesDir).toSorted() : []) {
    const index = path.join(modulesDir, name, 'index.ts');
    if (!fs.existsSync(index)) continue;
    for (const loose of looseExportsOf(index)) {
      if (isTablesOrRepository(loose.declaredIn)) continue;
      violations.push({
        file: rel(index),
        specifier: `./${path.relative(path.dirname(index), loose.declaredIn)}`,
        rule: loose.deprecated
          ? `index.ts still exports "${loose.name}" (deprecated): move its callers to the module's service and delete the export`
          : `index.ts exports "${loose.name}", which is not a create… factory, …Module, …Errors, UPPER_CASE constant or type: put it on the module's service`,
      });
    }
  }

  const graph = new Map([...dependencies].map(([from, edges]) => [from, new Set(edges.keys())]));
  for (const cycle of cyclesOf(graph)) {
    const first = dependencies.get(cycle[0]!)!.get(cycle[1]!)!;
    violations.push({ ...first, rule: `modules import one another in a cycle: ${cycle.join(' → ')}` });
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
  violations.push(...demoViolations(root));
  violations.push(...fileCycleViolations(modulesDir, rel));
  violations.push(...moduleStateViolations(root, moduleStateAllowed));
  violations.push(...sqlViolations(root, sqlAllowList));
  violations.push(...longServiceFileViolations(modulesDir, rel, longServiceFiles));
  return violations;
}

/**
 * Module-level state that may stay, by `file:name`, each with why: constants computed once, caches of
 * a constant computation, and numbering that must be unique across the whole process. None holds a
 * setting or a collaborator of one app.
 */
export const MODULE_STATE_ALLOWED: Readonly<Record<string, string>> = {
  'apps/api/src/modules/identity/passwords.ts:dummyHash': 'the hash of a fixed dummy password, computed once (timing-safe sign-in)',
  'apps/api/src/modules/search/memory/review-search-index.ts:foldTable': 'a constant character-folding table, built on first use',
  'apps/api/src/modules/search/memory/suggestion-index.ts:typoRows': 'scratch rows of a synchronous edit-distance function, grown and reused',
  'apps/api/src/modules/delivery/delivery-calendar.ts:calendars': 'working calendars from the bundled bank holidays, built once per region',
  'apps/api/src/modules/delivery/delivery-calendar.ts:holidaySets': 'the bundled bank holidays per region, built once',
  'apps/api/src/platform/server-options.ts:requestCount': 'request ids must be unique across the process, whatever app answers',
  'apps/api/src/modules/catalogue/repository/products.ts:cardsQueries': 'a prepared query per database handle: built from the schema alone',
  'apps/api/src/modules/catalogue/repository/products.ts:summaryQueries': 'prepared queries per database handle: built from the schema alone',
  'apps/api/src/modules/catalogue/repository/sellable-offerings.ts:offeringsQueries': 'a prepared query per database handle: built from the schema alone',
  'apps/api/src/modules/basket/basket.repository.ts:basketWithLinesQueries': 'a prepared query per database handle: built from the schema alone',
  'apps/api/src/modules/orders/orders.repository.ts:placeOrderStatements':
    "the order's statement per confirmation part: built from the schema and notifications' part alone, the same in any app",
  'apps/api/src/modules/search/memory/suggestion-index.ts:preparedNames': 'lower-cased names per list object, a constant computation',
  'apps/api/src/modules/delivery/delivery-calendar.ts:offsetByHour': "London's offset per hour of time, a constant computation",
  'apps/api/src/db/client.ts:statementNames': 'prepared statement names per SQL text: the text decides the name, in any app',
  'apps/api/src/platform/tracing.ts:tracer': "OpenTelemetry's tracer provider and context are the process's (its global API), whatever app is traced",
  'apps/api/src/platform/tracing.ts:provider': "the process's tracer provider, kept to flush and stop it on shutdown",
  'apps/api/src/testing/test-database.ts:urls': "each PostgreSQL test database's URL by its handle, so a test can open a second instance on it",
};

/** `code` with comments, strings, template literals and regular expressions blanked (newlines kept), so only code is matched. */
export function codeOnly(code: string): string {
  let out = '';
  /** What each open `${` returns to: the template it interrupts. */
  const templates: number[] = [];
  let braces = 0;
  let lastCode = '';
  for (let i = 0; i < code.length; i++) {
    const c = code[i]!;
    const blank = (end: number) => {
      out += code.slice(i, end).replace(/[^\n]/g, ' ');
      i = end - 1;
    };
    if (c === '/' && code[i + 1] === '/') blank(code.indexOf('\n', i) === -1 ? code.length : code.indexOf('\n', i));
    else if (c === '/' && code[i + 1] === '*') blank(code.indexOf('*/', i + 2) === -1 ? code.length : code.indexOf('*/', i + 2) + 2);
    else if (c === "'" || c === '"' || (c === '/' && /^$|[(,=:[!&|?{};+\-*%<>~^]$/.test(lastCode))) {
      let j = i + 1;
      let inClass = false;
      while (j < code.length && (code[j] !== c || inClass) && code[j] !== '\n') {
        if (c === '/' && code[j] === '[') inClass = true;
        if (c === '/' && code[j] === ']') inClass = false;
        j += code[j] === '\\' ? 2 : 1;
      }
      blank(j + 1);
      lastCode = 'x';
    } else if (c === '`' || (c === '}' && braces === 0 && templates.length > 0)) {
      if (c === '}') braces = templates.pop()!;
      let j = i + 1;
      while (j < code.length && code[j] !== '`' && !(code[j] === '$' && code[j + 1] === '{')) j += code[j] === '\\' ? 2 : 1;
      if (code[j] === '$') {
        templates.push(braces);
        braces = 0;
        blank(j + 2);
      } else blank(j + 1);
      lastCode = 'x';
    } else {
      if (c === '{') braces += 1;
      if (c === '}') braces -= 1;
      if (!/\s/.test(c)) lastCode = c;
      out += c;
    }
  }
  return out;
}

/** Module-level `let`s, caches (`LruCache`, `SeenOnce`) and collections (`Set`, `Map`, weak or not) the file changes, that are not allowed. */
function moduleStateViolations(root: string, allowed: Readonly<Record<string, string>>): Violation[] {
  const violations: Violation[] = [];
  const seen = new Set<string>();
  for (const file of sourceFiles(path.join(root, 'apps', 'api', 'src'))) {
    if (isTestCode(file) || file.endsWith('.child.ts')) continue;
    const relative = path.relative(root, file).split(path.sep).join('/');
    const code = codeOnly(fs.readFileSync(file, 'utf8'));
    const found: [string, string][] = [];
    // The formatter puts a module's own declarations at the start of a line; anything in a function is indented.
    for (const match of code.matchAll(/^(?:export\s+)?(?:let|var)\s+([A-Za-z_$][\w$]*)/gm)) found.push([match[1]!, 'a module-level let']);
    for (const match of code.matchAll(/^(?:export\s+)?const\s+([A-Za-z_$][\w$]*)\s*(?::[^=]*)?=\s*new\s+(Set|Map|WeakSet|WeakMap|LruCache|SeenOnce)\b/gm)) {
      const [, name, kind] = match as unknown as [string, string, string];
      // A cache or doorkeeper exists to change; a collection is state once something changes it.
      const changed = new RegExp(`(^|[^\\w$.])${name.replace(/\$/g, '\\$')}\\s*\\.\\s*(add|set|delete|clear)\\s*\\(`).test(code);
      if (kind === 'LruCache' || kind === 'SeenOnce') found.push([name, `a module-level ${kind}`]);
      else if (changed) found.push([name, `a module-level ${kind} that is changed`]);
    }
    for (const [name, what] of found) {
      seen.add(`${relative}:${name}`);
      if (allowed[`${relative}:${name}`]) continue;
      violations.push({
        file: relative,
        specifier: name,
        rule: `${what}: state belongs to a service made once per app in composeApi (or to MODULE_STATE_ALLOWED, with why)`,
      });
    }
  }
  for (const entry of Object.keys(allowed).filter((key) => !seen.has(key))) {
    const [file, name] = entry.split(':') as [string, string];
    violations.push({ file, specifier: name, rule: 'is no longer module-level state: remove it from MODULE_STATE_ALLOWED' });
  }
  return violations;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const violations = findBoundaryViolations(root, SQL_ALLOW_LIST, LONG_SERVICE_FILES, MODULE_STATE_ALLOWED);
  for (const violation of violations) {
    process.stderr.write(`${violation.file}: imports "${violation.specifier}": ${violation.rule}\n`);
  }
  if (violations.length) {
    process.stderr.write(`\n${violations.length} module boundary violation(s).\n`);
    process.exit(1);
  }
  process.stdout.write('Module boundaries: ok\n');
}
