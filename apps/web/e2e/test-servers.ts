/**
 * Starts the browser tests' servers side by side (playwright.config.ts's one `webServer`): Playwright starts the entries of its
 * own list one after another, each waited for before the next is started, so six servers' start-up times were added up before
 * the first test. Each server is waited for until its address answers (a URL with a status below 404, as Playwright's own
 * check, or a port that accepts connections); once all do, the line Playwright waits for is written. If a server stops,
 * before or after that, it is named and every server is stopped with it, so a run fails rather than waiting on it.
 */
import { spawn } from 'node:child_process';
import net from 'node:net';
import readline from 'node:readline';

export interface TestServer {
  name: string;
  command: string;
  /** Ready when this answers with a status below 404. */
  url?: string;
  /** Ready when this port accepts connections (a server that speaks no HTTP). */
  port?: number;
  env: Record<string, string>;
  /** Whether its errors are shown in the run's output. */
  showErrors: boolean;
}

const answers = async (url: string) => {
  try {
    const response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(5_000) });
    await response.body?.cancel();
    return response.status >= 200 && response.status < 404;
  } catch {
    return false;
  }
};

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

const answering = (server: TestServer) => (server.url ? answers(server.url) : accepts(server.port!));

/** Asks again and again until the server answers: at first every 100 ms, then at most every 500 ms. */
async function ready(server: TestServer) {
  for (let pause = 100; !(await answering(server)); pause = Math.min(pause * 2, 500)) {
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

/** Stops every server: they share this process's group, the one Playwright started it in and stops at the end of a run. */
function stopAll(reason: string): never {
  process.stderr.write(`${reason}: stopping the test servers\n`);
  process.kill(0, 'SIGKILL');
  process.exit(1);
}

function start(server: TestServer) {
  const child = spawn(server.command, {
    shell: true,
    env: { ...process.env, ...server.env },
    stdio: ['ignore', 'ignore', server.showErrors ? 'pipe' : 'ignore'],
  });
  if (child.stderr) readline.createInterface({ input: child.stderr }).on('line', (line) => process.stderr.write(`[${server.name}] ${line}\n`));
  child.once('exit', (code, signal) => stopAll(`The test server "${server.name}" stopped (${signal ?? `exit code ${code}`})`));
}

const servers = JSON.parse(process.env.E2E_TEST_SERVERS ?? '[]') as TestServer[];
if (!servers.length) throw new Error('E2E_TEST_SERVERS lists the servers to start');
// A server left from another run would answer in place of this run's (with another run's data), as Playwright's own check says.
const taken = await Promise.all(servers.map(answering));
if (taken.some(Boolean)) {
  const names = servers.filter((_, index) => taken[index]).map((server) => server.url ?? `port ${server.port}`);
  throw new Error(`Already in use, by a server this run did not start: ${names.join(', ')}`);
}
const started = performance.now();
servers.forEach(start);
// Each server's time is written as it answers: what a run that runs out of its budget was still waiting for.
await Promise.all(
  servers.map(async (server) => {
    await ready(server);
    process.stderr.write(`${server.name} answers after ${Math.round((performance.now() - started) / 1000)} s\n`);
  }),
);
// The line playwright.config.ts waits for.
process.stdout.write(`test servers ready in ${Math.round((performance.now() - started) / 1000)} s\n`);
