/**
 * How much the machine itself holds a process back: a control for the fixed-rate goals. A process
 * with nothing to do sleeps 1 ms again and again and records how late each wake-up is (as jHiccup
 * does). Whatever it sees, the server and the generator see too, whatever their own work: on a
 * quiet machine its wake-ups are a few tenths of a millisecond late; a wake-up 20 ms late means
 * that for 20 ms no core ran it (other processes on the cores, or the host not running this
 * machine), and a request due then is 20 ms late for the same reason.
 *
 * `npm run bench:machine` measures the machine alone for BENCH_SECONDS (60) and prints each ten
 * seconds; `load()` (lib.ts) runs the probe beside every fixed-rate round and reports it with the
 * round's p99.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface MachineStalls {
  /** Wake-ups measured. */
  wakeUps: number;
  /** How late the 99th-percentile wake-up was, in ms. */
  p99Ms: number;
  maxMs: number;
  /** Wake-ups more than 15 ms late: the product page goal's whole budget, lost before any work. */
  over15Ms: number;
  /** Time lost in wake-ups more than 5 ms late, per second measured, in ms. */
  stalledMsPerSecond: number;
}

const SLEEP_MS = 1;
const round = (ms: number) => Math.round(ms * 10) / 10;

function summarise(lateness: number[], seconds: number): MachineStalls {
  const sorted = lateness.toSorted((a, b) => a - b);
  const stalled = lateness.filter((ms) => ms > 5).reduce((sum, ms) => sum + ms, 0);
  return {
    wakeUps: sorted.length,
    p99Ms: round(sorted[Math.floor(sorted.length * 0.99)] ?? 0),
    maxMs: round(sorted.at(-1) ?? 0),
    over15Ms: sorted.filter((ms) => ms > 15).length,
    stalledMsPerSecond: round(stalled / Math.max(seconds, 0.001)),
  };
}

/** Sleeps and measures until `until()` says stop; the lateness of every wake-up, in ms. */
function measure(until: () => boolean): Promise<number[]> {
  const lateness: number[] = [];
  return new Promise((resolve) => {
    const sleep = () => {
      const asleepAt = performance.now();
      setTimeout(() => {
        lateness.push(performance.now() - asleepAt - SLEEP_MS);
        if (until()) resolve(lateness);
        else sleep();
      }, SLEEP_MS);
    };
    sleep();
  });
}

/** Starts the probe in a process of its own (so the bench's own work does not count); `stop` gives its figures. */
export async function startMachineProbe(): Promise<{ stop: () => Promise<MachineStalls> }> {
  const child = fork(fileURLToPath(import.meta.url), ['--probe'], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  // A probe that dies says so, rather than leaving the round waiting for its figures.
  const died = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the machine probe exited with ${code}`))));
  died.catch(() => {});
  const reply = <T>() => Promise.race([new Promise<T>((resolve) => child.once('message', (message) => resolve(message as T))), died]);
  await reply<string>();
  return {
    stop: () => {
      const figures = reply<MachineStalls>();
      child.send('stop');
      return figures;
    },
  };
}

if (process.argv.includes('--probe')) {
  let stopping = false;
  process.on('message', () => {
    stopping = true;
  });
  const started = performance.now();
  process.send!('started');
  const lateness = await measure(() => stopping);
  process.send!(summarise(lateness, (performance.now() - started) / 1000), () => process.exit(0));
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const seconds = Number(process.env.BENCH_SECONDS ?? 60);
  process.stdout.write(`The machine alone for ${seconds} s: a process sleeping ${SLEEP_MS} ms at a time, how late it wakes\n`);
  const all: number[] = [];
  for (let window = 0; window < Math.ceil(seconds / 10); window += 1) {
    const ends = performance.now() + 10_000;
    const lateness = await measure(() => performance.now() >= ends);
    all.push(...lateness);
    const figures = summarise(lateness, 10);
    process.stdout.write(
      `  ${String((window + 1) * 10).padStart(4)} s: p99 ${figures.p99Ms} ms, longest ${figures.maxMs} ms, ` +
        `${figures.over15Ms} over 15 ms, ${figures.stalledMsPerSecond} ms a second lost in stalls over 5 ms\n`,
    );
  }
  const figures = summarise(all, seconds);
  process.stdout.write(`  all: ${JSON.stringify(figures)}\n`);
}
