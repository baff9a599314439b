/**
 * `npm run image:check`: builds the shop's image from the Containerfile and proves its entry point serves, on a machine
 * that can build images but neither pull nor run them (no registry, no cgroups for containers: docs/operations.md).
 *
 * 1. The base: `node:22-bookworm-slim` cannot be pulled, so a stand-in is made once and kept as
 *    `localhost/plumbline-base:node-<version>`: a minimal Debian bookworm root (`debootstrap`), this Node 22 and npm, and
 *    the `node` user (uid 1000) the official image has.
 * 2. `podman build --isolation=chroot` of the Containerfile with that base as BASE_IMAGE (npm's cache is shared with
 *    the build, so packages come from this machine when they can).
 * 3. What the image is: not root, a HEALTHCHECK, the entry point, and no dev or benchmark packages.
 * 4. The image mounted (`podman image mount`, read-only: the read-only root a Kubernetes pod has) and its entry point
 *    started under `chroot` as the image's user with the image's settings, against the local PostgreSQL in a fresh
 *    database: first the `migrate` role, then `SERVE=all` in production (which does not migrate by itself); then
 *    `/api/health` must answer 200 and the image's HEALTHCHECK command must pass.
 *
 * Needs root, podman and debootstrap (`apt-get install podman debootstrap`), and PostgreSQL on 127.0.0.1:5432
 * (DATABASE_URL names another server). Prints how long each part took.
 */
import { spawn, spawnSync, type SpawnSyncOptions } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = fileURLToPath(new URL('..', import.meta.url));
const nodeVersion = process.versions.node;
const baseImage = `localhost/plumbline-base:node-${nodeVersion}`;
const image = process.env.IMAGE_TAG ?? 'localhost/plumbline:check';
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const port = 3700 + (process.pid % 200);
/** Packages that belong to development or benchmarks: none may be in the image. */
const forbiddenPackages = [
  'vitest',
  'vite',
  '@react-router/dev',
  'playwright',
  'playwright-core',
  '@playwright/test',
  'lighthouse',
  'autocannon',
  'typescript',
  'drizzle-kit',
  'oxlint',
  'node',
];

const timings: string[] = [];
async function step<T>(name: string, work: () => T | Promise<T>): Promise<T> {
  process.stdout.write(`\n▶ ${name}\n`);
  const started = performance.now();
  const result = await work();
  timings.push(`  ${name.padEnd(44)} ${((performance.now() - started) / 1000).toFixed(1).padStart(7)} s`);
  return result;
}

function run(command: string, args: string[], options: SpawnSyncOptions = {}): string {
  const result = spawnSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.error) throw new Error(`${command}: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${result.status})`);
  return String(result.stdout ?? '').trim();
}

function requireTools() {
  if (process.getuid?.() !== 0) throw new Error('image:check needs root (podman image mount, chroot).');
  const missing = ['podman', 'debootstrap', 'chroot', 'unshare'].filter((tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0);
  if (missing.length > 0) throw new Error(`image:check needs ${missing.join(', ')}: apt-get install -y podman debootstrap`);
}

/** The stand-in for node:22-bookworm-slim: Debian's minimal root, this Node and npm, and the official image's `node` user. */
function makeBase() {
  if (spawnSync('podman', ['image', 'exists', baseImage]).status === 0) {
    process.stdout.write(`${baseImage} is already here.\n`);
    return;
  }
  const rootfs = fs.mkdtempSync(path.join('/var/tmp', 'plumbline-base-'));
  try {
    run('debootstrap', ['--variant=minbase', '--include=libstdc++6,ca-certificates', 'bookworm', rootfs, 'http://deb.debian.org/debian'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    fs.copyFileSync(process.execPath, path.join(rootfs, 'usr/local/bin/node'));
    fs.chmodSync(path.join(rootfs, 'usr/local/bin/node'), 0o755);
    // npm runs this script, so npm_execpath is npm's own npm-cli.js.
    const npmDir = path.resolve(path.dirname(process.env.npm_execpath ?? run('sh', ['-c', 'readlink -f "$(command -v npm)"'])), '..');
    fs.cpSync(npmDir, path.join(rootfs, 'usr/local/lib/node_modules/npm'), { recursive: true });
    fs.symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', path.join(rootfs, 'usr/local/bin/npm'));
    fs.symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', path.join(rootfs, 'usr/local/bin/npx'));
    run('chroot', [rootfs, 'sh', '-c', 'groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node && apt-get clean']);
    fs.rmSync(path.join(rootfs, 'var/lib/apt/lists'), { recursive: true, force: true });
    const changes = `--change 'CMD ["node"]' --change 'ENV PATH=/usr/local/bin:/usr/bin:/bin'`;
    run('sh', ['-c', `tar -C "$1" -c . | podman import ${changes} - "$2"`, '-', rootfs, baseImage], { stdio: ['ignore', 'inherit', 'inherit'] });
  } finally {
    fs.rmSync(rootfs, { recursive: true, force: true });
  }
}

function build() {
  const npmCache = run('npm', ['config', 'get', 'cache']);
  run(
    'podman',
    [
      'build',
      '--isolation=chroot',
      '--format',
      'docker',
      '--build-arg',
      `BASE_IMAGE=${baseImage}`,
      '--volume',
      `${npmCache}:/root/.npm`,
      '-f',
      'Containerfile',
      '-t',
      image,
      '.',
    ],
    { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] },
  );
}

interface ImageConfig {
  User?: string;
  Env?: string[];
  Entrypoint?: string[];
  Cmd?: string[];
  WorkingDir?: string;
  Healthcheck?: { Test?: string[] };
}

function inspect(mounted: string): ImageConfig {
  const [info] = JSON.parse(run('podman', ['image', 'inspect', image])) as { Config: ImageConfig; Healthcheck?: ImageConfig['Healthcheck']; Size: number }[];
  if (!info) throw new Error(`podman knows no image ${image}.`);
  // podman reports a Docker-format image's HEALTHCHECK beside its config rather than in it.
  const config = { ...info.Config, Healthcheck: info.Config.Healthcheck ?? info.Healthcheck };
  const problems: string[] = [];
  if (!config.User || ['root', '0', '0:0'].includes(config.User)) problems.push(`runs as ${config.User ?? 'root'}, not a user of its own`);
  if (!config.Healthcheck?.Test?.length) problems.push('has no HEALTHCHECK');
  if (!config.Entrypoint?.length) problems.push('has no ENTRYPOINT');
  const workdir = path.join(mounted, config.WorkingDir ?? '/');
  for (const name of forbiddenPackages) {
    if (fs.existsSync(path.join(workdir, 'node_modules', name, 'package.json'))) problems.push(`holds node_modules/${name}`);
  }
  for (const folder of ['bench', 'tooling', 'apps/web/app', 'apps/web/e2e', 'docs']) {
    if (fs.existsSync(path.join(workdir, folder))) problems.push(`holds ${folder}/`);
  }
  if (problems.length > 0) throw new Error(`The image ${problems.join('; ')}.`);
  process.stdout.write(
    `User ${config.User}, entry point ${JSON.stringify(config.Entrypoint)}, HEALTHCHECK ${JSON.stringify(config.Healthcheck?.Test)}, ` +
      `${Math.round(info.Size / 1024 / 1024)} MB.\n`,
  );
  return config;
}

/**
 * A command line that runs `argv` inside the mounted image as its user with exactly `env` (the image's settings and the
 * check's), with /proc, /dev and a writable /tmp of its own; everything else is the image's read-only root.
 */
function insideImage(mounted: string, config: ImageConfig, scratch: string, env: Record<string, string>, argv: string[]): string[] {
  const quote = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;
  const user = config.User === 'node' ? '1000:1000' : (config.User ?? '1000:1000');
  const script = [
    'mount --make-rprivate /',
    `mount -t proc proc ${quote(`${mounted}/proc`)}`,
    `mount --rbind /dev ${quote(`${mounted}/dev`)}`,
    `mount --bind ${quote(scratch)} ${quote(`${mounted}/tmp`)}`,
    `cd ${quote(mounted)}`,
    `exec chroot --userspec=${user} ${quote(mounted)} /usr/bin/env -i ${Object.entries(env)
      .map(([name, value]) => quote(`${name}=${value}`))
      .join(' ')} sh -c ${quote(`cd ${quote(config.WorkingDir ?? '/')} && exec "$@"`)} - ${argv.map(quote).join(' ')}`,
  ].join(' && ');
  return ['unshare', '--mount', '--fork', 'sh', '-c', script];
}

async function withDatabase<T>(work: (url: string) => Promise<T>): Promise<T> {
  const name = `shop_image_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return await work(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function smoke(mounted: string, config: ImageConfig, databaseUrl: string) {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'plumbline-image-tmp-'));
  fs.chmodSync(scratch, 0o1777);
  const env: Record<string, string> = {
    ...Object.fromEntries((config.Env ?? []).map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)])),
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Production's refusals want real keys and a payment provider; this check has neither, and says so.
    ALLOW_GENERATED_KEYS_IN_PRODUCTION: 'true',
    ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
  };
  const entry = [...(config.Entrypoint ?? []), ...(config.Cmd ?? [])];
  try {
    await step('migrate role (fresh database)', () => {
      const [migrate, ...migrateArgs] = insideImage(mounted, config, scratch, env, [...entry, 'migrate']);
      run(migrate!, migrateArgs, { stdio: ['ignore', 'inherit', 'inherit'] });
    });
    const [command, ...args] = insideImage(mounted, config, scratch, { ...env, SERVE: 'all' }, entry);
    const shop = spawn(command!, args, { stdio: ['ignore', 'inherit', 'inherit'], detached: true });
    let exited: number | null = null;
    shop.on('exit', (code) => (exited = code ?? 1));
    try {
      await step('SERVE=all answers /api/health', async () => {
        const deadline = Date.now() + 120_000;
        for (;;) {
          if (exited !== null) throw new Error(`The entry point exited (${exited}) before answering.`);
          const response = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
          if (response?.status === 200) {
            process.stdout.write(`/api/health: ${JSON.stringify(await response.json())}\n`);
            return;
          }
          if (Date.now() > deadline) throw new Error(`/api/health did not answer 200 within 120 s (last: ${response?.status ?? 'no answer'}).`);
          await sleep(250);
        }
      });
      await step('HEALTHCHECK command passes', () => {
        const test = config.Healthcheck?.Test ?? [];
        const argv = test[0] === 'CMD-SHELL' ? ['sh', '-c', test[1]!] : test.slice(1);
        const [check, ...checkArgs] = insideImage(mounted, config, scratch, { ...env, SERVE: 'all' }, argv);
        run(check!, checkArgs, { stdio: ['ignore', 'inherit', 'inherit'] });
      });
    } finally {
      if (exited === null) {
        process.kill(-shop.pid!, 'SIGTERM');
        await new Promise((resolve) => shop.once('exit', resolve));
      }
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

try {
  const started = performance.now();
  requireTools();
  await step('base image (debootstrap + Node, once)', makeBase);
  await step('podman build', build);
  const mounted = await step('podman image mount', () => run('podman', ['image', 'mount', image]));
  try {
    const config = await step('image contents', () => inspect(mounted));
    await withDatabase((url) => smoke(mounted, config, url));
  } finally {
    run('podman', ['image', 'unmount', image]);
  }
  process.stdout.write(
    `\n${timings.join('\n')}\n  ${'total'.padEnd(44)} ${((performance.now() - started) / 1000).toFixed(1).padStart(7)} s\nimage:check passed\n`,
  );
} catch (error) {
  process.stderr.write(`\n${timings.join('\n')}\nimage:check failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
