import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
/** A time-zone literal: the one place it belongs is london-time.ts (decision 0056). */
const ZONE_LITERAL = /['"`]Europe\/London['"`]/;
const SKIPPED = new Set(['node_modules', 'build', 'dist', 'coverage', 'test-results', 'playwright-report']);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || SKIPPED.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

describe('London time is formatted in one place', () => {
  it('names the Europe/London zone only in policy/london-time.ts', () => {
    const files = ['apps', 'packages'].flatMap((dir) => sourceFiles(path.join(root, dir)));
    const relative = files.map((file) => path.relative(root, file).split(path.sep).join('/'));
    expect(relative).toContain('packages/contracts/src/policy/london-time.ts');
    const copies = relative.filter(
      (file, i) => file !== 'packages/contracts/src/policy/london-time.ts' && ZONE_LITERAL.test(fs.readFileSync(files[i]!, 'utf8')),
    );
    expect(copies, 'use the formatters of packages/contracts/src/policy/london-time.ts (add one there for a new shape)').toEqual([]);
  });
});
