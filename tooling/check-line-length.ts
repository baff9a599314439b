/**
 * No source line over 160 characters (the formatter's width, `.oxfmtrc.json`), checked on every
 * `npm test` after the formatter: oxfmt breaks code, but not a long string, template, comment or
 * JSX text. Split those instead: `'…' + '…'`, a template in pieces joined with `+`, a named constant,
 * or line breaks where they cannot matter (between SQL tokens, in a comment).
 *
 * Files on ALLOWED are not checked: add one only while it is being changed elsewhere, and remove the
 * entry when that work lands and its lines are tidied (the list is empty now).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const MAX_LINE_LENGTH = 160;

/**
 * Paths whose long lines are let through for now: a file, a folder (ending in `/`) or a pattern
 * where `*` stands for any characters but `/`. Relative to the repository, with `/` separators.
 */
export const ALLOWED: readonly string[] = [];

export interface LongLine {
  file: string;
  line: number;
  length: number;
}

/** Folders never checked: dependencies, build output, generated code and dot-folders. */
const SKIPPED_DIRS = new Set(['node_modules', 'build', 'dist', 'drizzle', 'test-results', 'playwright-report']);
const SKIPPED_FILES = new Set(['routes.generated.ts']);

export function isAllowed(file: string, allowed: readonly string[] = ALLOWED): boolean {
  return allowed.some((entry) => {
    if (entry.endsWith('/')) return file.startsWith(entry);
    const pattern = entry
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]*');
    return new RegExp(`^${pattern}$`).test(file);
  });
}

/** Every `.ts` and `.tsx` file under root, as a relative path with `/` separators. */
export function sourceFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('.') && !SKIPPED_DIRS.has(entry.name)) walk(path.join(dir, entry.name));
      } else if (entry.isFile() && /\.tsx?$/.test(entry.name) && !SKIPPED_FILES.has(entry.name)) {
        found.push(path.relative(root, path.join(dir, entry.name)).split(path.sep).join('/'));
      }
    }
  };
  walk(root);
  return found.toSorted();
}

/** The lines over the limit in each file (length in characters, not bytes), allowed files included. */
export function findLongLines(root: string, files: readonly string[], limit = MAX_LINE_LENGTH): LongLine[] {
  const long: LongLine[] = [];
  for (const file of files) {
    const lines = fs.readFileSync(path.join(root, file), 'utf8').split(/\r?\n/);
    lines.forEach((text, index) => {
      const length = Array.from(text).length;
      if (length > limit) long.push({ file, line: index + 1, length });
    });
  }
  return long;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const long = findLongLines(root, sourceFiles(root));
  const refused = long.filter((line) => !isAllowed(line.file));
  for (const line of refused) {
    process.stderr.write(`${line.file}:${line.line}: ${line.length} characters (at most ${MAX_LINE_LENGTH})\n`);
  }
  if (refused.length) {
    process.stderr.write(`\n${refused.length} line(s) over ${MAX_LINE_LENGTH} characters: split the string, template or comment.\n`);
    process.exit(1);
  }
  const allowed = long.length - refused.length;
  process.stdout.write(`Line length: ok${allowed ? ` (${allowed} long line(s) in allow-listed files)` : ''}\n`);
}
