/**
 * `npm run dev`: the API restarts on every change (node --watch) and the storefront hot-reloads
 * (Vite). Browser calls to /api are proxied by Vite to the API process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const webPort = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '3001';
const apiUrl = `http://127.0.0.1:${apiPort}`;
// The two processes are the web and API tiers apart: the secret lets pages call for their visitors (decision 0047).
const webTierSecret = process.env.WEB_TIER_SECRET ?? randomBytes(32).toString('base64url');

const children: ChildProcess[] = [
  spawn(process.execPath, ['--watch', '--watch-path=apps/api/src', '--watch-path=packages', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, SERVE: 'api', PORT: apiPort, PUBLIC_URL: `http://localhost:${webPort}`, WEB_TIER_SECRET: webTierSecret },
  }),
  spawn('npm', ['run', 'dev', '-w', '@shop/web', '--', '--port', webPort, '--strictPort'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, API_INTERNAL_URL: `${apiUrl}/api`, DEV_API_PROXY: apiUrl, WEB_TIER_SECRET: webTierSecret },
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    if (code && code !== 0) {
      stop();
      process.exitCode = code;
    }
  });
