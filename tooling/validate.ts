/**
 * `npm test`: every check a change must pass, in one place, fastest first:
 * type check → lint and module boundaries → storefront build → page weight → page bytes → unit + API
 * tests (PGlite, and PostgreSQL when DATABASE_URL is set; those serving real pages use the build) →
 * browser tests in headless Chromium.
 * Ends with one summary line, `validate: N passed, N failed`.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'validate-'));
const only = process.argv.slice(2);

const typecheckProjects = ['packages/contracts', 'packages/api-client', 'packages/demo', 'apps/api', 'apps/server', 'apps/web', 'bench', 'tooling'];

interface Step {
  name: string;
  run: () => number | Promise<number>;
  /** Reads how many tests passed and failed from the step's report, if it has tests. */
  count?: () => { passed: number; failed: number };
}

const sh = (command: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const shAsync = (command: string, args: string[]) =>
  new Promise<number>((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('error', () => resolve(1));
    child.on('close', (status) => resolve(status ?? 1));
  });

/** Runs each command, as many at once as the machine has cores (tsc uses one): the first failure's status, or 0. */
async function inParallel(commands: Array<[command: string, args: string[]]>): Promise<number> {
  const queue = [...commands];
  const statuses: number[] = [];
  const lane = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) statuses.push(await shAsync(...next));
  };
  await Promise.all(Array.from({ length: Math.min(os.availableParallelism(), commands.length) }, lane));
  return statuses.find((status) => status !== 0) ?? 0;
}

/** CPU time the whole machine spent busy, in seconds, so each step's line says how much of the cores it kept busy. */
const busyCpuSeconds = () => os.cpus().reduce((sum, { times }) => sum + (times.user + times.nice + times.sys + times.irq) / 1000, 0);

const readJson = (file: string) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null);

/** The slowest test files, so a CI log says where a test step's time went. */
const slowest = (durations: Array<[file: string, ms: number]>, shown = 8) =>
  durations
    .toSorted((a, b) => b[1] - a[1])
    .slice(0, shown)
    .map(([file, ms]) => `    ${(ms / 1000).toFixed(1).padStart(7)} s  ${path.relative(root, path.resolve(root, file))}`)
    .join('\n');

interface PlaywrightSuite {
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: Array<{ tests: Array<{ results: Array<{ duration: number }> }> }>;
}

/** Test time per spec file, summed over projects and tests (with two workers the step takes about half). */
function playwrightFileTimes(suites: PlaywrightSuite[] = [], into = new Map<string, number>()): Map<string, number> {
  for (const suite of suites) {
    const ms = (suite.specs ?? []).flatMap((spec) => spec.tests.flatMap((test) => test.results.map((result) => result.duration)));
    if (suite.file) into.set(suite.file, (into.get(suite.file) ?? 0) + ms.reduce((sum, each) => sum + each, 0));
    playwrightFileTimes(suite.suites, into);
  }
  return into;
}

/** The storefront built by this run from the sources as they are, once its step has passed. */
let builtStorefront: string | null = null;

const steps: Step[] = [
  {
    name: 'typecheck',
    run: () => {
      const typegen = sh('npm', ['run', '-s', 'typegen', '-w', '@shop/web']);
      if (typegen !== 0) return typegen;
      return inParallel(typecheckProjects.map((project) => ['npx', ['tsc', '-p', project]]));
    },
  },
  { name: 'lint', run: () => sh('npm', ['run', '-s', 'lint']) },
  {
    name: 'storefront build',
    run: () => {
      const status = sh('npm', ['run', '-s', 'build', '-w', '@shop/web']);
      if (status === 0) builtStorefront = path.join(root, 'apps/web/build');
      return status;
    },
  },
  // The shop's own JavaScript on the product, home and category pages within 50 kB gzipped (docs/decisions/0054).
  { name: 'page weight', run: () => sh(process.execPath, ['tooling/check-page-weight.ts']) },
  // The HTML of the home, a category, search and a product page as the production server renders the demo shop (issue 36).
  { name: 'page bytes', run: () => sh(process.execPath, ['tooling/check-page-bytes.ts']) },
  {
    name: 'unit and API tests',
    // The storefront the build step just made: an API test that serves real pages uses it rather than building its own.
    run: () =>
      sh(
        'npx',
        ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${reports}/vitest.json`],
        builtStorefront ? { STOREFRONT_BUILD_DIR: builtStorefront } : {},
      ),
    count: () => {
      const report = readJson(`${reports}/vitest.json`);
      const files: Array<{ name: string; startTime: number; endTime: number }> = report?.testResults ?? [];
      process.stdout.write(`\nslowest test files:\n${slowest(files.map((file) => [file.name, file.endTime - file.startTime]))}\n`);
      return { passed: report?.numPassedTests ?? 0, failed: report ? report.numFailedTests : 1 };
    },
  },
  {
    name: 'browser tests',
    run: () =>
      sh('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', '--reporter=list,json'], {
        PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/playwright.json`,
      }),
    count: () => {
      const report = readJson(`${reports}/playwright.json`);
      const stats = report?.stats;
      const files = [...playwrightFileTimes(report?.suites)].map(([file, ms]): [string, number] => [`apps/web/e2e/${file}`, ms]);
      process.stdout.write(`\nslowest browser test files (time summed over tests):\n${slowest(files, 12)}\n`);
      return { passed: stats?.expected ?? 0, failed: stats ? stats.unexpected : 1 };
    },
  },
];

let passed = 0;
let failed = 0;
const timings: string[] = [];
for (const step of steps) {
  if (only.length && !only.some((name) => step.name.startsWith(name))) continue;
  process.stdout.write(`\n▶ ${step.name}\n`);
  const started = performance.now();
  const busyAtStart = busyCpuSeconds();
  const status = await step.run();
  const counts = step.count?.();
  if (counts) {
    passed += counts.passed;
    failed += counts.failed;
  }
  const seconds = (performance.now() - started) / 1000;
  // Busy cores over the step: under the machine's count, a step waits rather than works (more workers could help).
  const cores = (busyCpuSeconds() - busyAtStart) / seconds;
  const outcome = (status === 0 ? 'ok' : 'FAILED').padEnd(6);
  timings.push(`  ${step.name.padEnd(20)} ${seconds.toFixed(1).padStart(6)} s  ${outcome}  ${cores.toFixed(1)} of ${os.availableParallelism()} cores busy`);
  if (status !== 0) {
    if (!counts?.failed) failed++;
    process.stdout.write(`\n✖ ${step.name} failed.\n${timings.join('\n')}\nvalidate: ${passed} passed, ${failed} failed\n`);
    process.exit(status);
  }
}
process.stdout.write(`\n${timings.join('\n')}\nvalidate: ${passed} passed, ${failed} failed\n`);
