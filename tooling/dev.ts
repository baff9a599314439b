/**
 * `npm run dev`: the API restarts on every change (node --watch) and the storefront hot-reloads
 * (Vite). Browser calls to /api are proxied by Vite to the API process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const webPort = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '3001';
const apiUrl = `http://127.0.0.1:${apiPort}`;

const children: ChildProcess[] = [
  spawn(process.execPath, ['--watch', '--watch-path=apps/api/src', '--watch-path=packages', 'apps/server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, SERVE: 'api', PORT: apiPort, PUBLIC_URL: `http://localhost:${webPort}` },
  }),
  spawn('npm', ['run', 'dev', '-w', '@shop/web', '--', '--port', webPort, '--strictPort'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, API_INTERNAL_URL: `${apiUrl}/api`, DEV_API_PROXY: apiUrl },
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
