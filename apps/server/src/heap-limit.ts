import { spawn } from 'node:child_process';
import { z } from 'zod';
import { parseSettings } from '@shop/api/config';

/**
 * The JavaScript heap's limit (HEAP_LIMIT_MB). Left to itself, V8 sizes the heap from the machine
 * (about 4 GB on a 24 GB one) and lets garbage pile up toward that before collecting in earnest,
 * so resident memory measures uncollected garbage rather than what the shop keeps: 587 MB grew
 * to 1,266 MB under a flood of unique queries while the answers kept stayed within their 64 MB;
 * under a 512 MB limit the same flood ended at 656 MB (decision 0040). The limit can only be set as
 * Node starts, so the shop starts again in a child process with it, unless one was given already.
 */
export const DEFAULT_HEAP_LIMIT_MB = 1024;
const FLAG = '--max-old-space-size';

/** `auto`, or a whole number of megabytes in range; each wrong value named in words a person can act on. */
function heapLimit(value: string, ctx: z.RefinementCtx): number | 'auto' {
  if (value === 'auto') return value;
  const problem = !/^\d+(\.\d+)?$/.test(value)
    ? 'must be a number of megabytes, such as 1024, or auto'
    : !Number.isInteger(Number(value))
      ? 'must be a whole number of megabytes'
      : Number(value) < 256
        ? 'must be at least 256 megabytes: the catalogue alone needs more at 100,000 products'
        : Number(value) > 65_536
          ? 'must be at most 65536 megabytes'
          : null;
  if (problem === null) return Number(value);
  ctx.addIssue({ code: 'custom', message: problem });
  return z.NEVER;
}

const HeapSettings = z.object({ HEAP_LIMIT_MB: z.string().default(String(DEFAULT_HEAP_LIMIT_MB)).transform(heapLimit) });

/**
 * The flag to start Node with, or null to run in this process: when HEAP_LIMIT_MB is `auto` (Node's
 * own sizing), or when a limit was already given on the command line or in NODE_OPTIONS (the
 * operator's choice stands, and the child started here has it).
 */
export function heapLimitFlag(env: Record<string, string | undefined>, execArgv: readonly string[]): string | null {
  const { HEAP_LIMIT_MB } = parseSettings(HeapSettings, env);
  if (HEAP_LIMIT_MB === 'auto') return null;
  const given = [...execArgv, ...(env.NODE_OPTIONS ?? '').split(/\s+/)].some((arg) => arg.startsWith(FLAG) || arg.startsWith('--max_old_space_size'));
  return given ? null : `${FLAG}=${HEAP_LIMIT_MB}`;
}

/**
 * Runs `script` again in a child Node with `flag`, and ends as it ends. A terminal's Ctrl-C reaches
 * both processes (one process group), so only the signals a supervisor sends to this one alone are
 * passed on; a second SIGINT would make the child give up its clean shutdown.
 */
export function restartWithHeapLimit(script: string, flag: string): void {
  const child = spawn(process.execPath, [...process.execArgv, flag, script, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.on('SIGINT', () => {});
  for (const signal of ['SIGTERM', 'SIGHUP'] as const) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
