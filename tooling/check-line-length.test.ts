import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findLongLines, isAllowed, sourceFiles } from './check-line-length.ts';

function tree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'line-length-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe('line length check', () => {
  it('finds lines over the limit, counting characters rather than bytes', () => {
    const root = tree({
      'apps/api/src/a.ts': `const a = 1;\n${'x'.repeat(161)}\n${'y'.repeat(160)}\r\n`,
      'apps/web/app/b.tsx': `${'’'.repeat(160)}\n`,
    });
    expect(findLongLines(root, sourceFiles(root))).toEqual([{ file: 'apps/api/src/a.ts', line: 2, length: 161 }]);
  });

  it('reads .ts and .tsx files only, skipping dependencies, build output, migrations and generated routes', () => {
    const root = tree({
      'apps/api/src/a.ts': '',
      'apps/web/app/b.tsx': '',
      'apps/web/app/c.css': '',
      'node_modules/x/index.ts': '',
      'apps/web/build/server.ts': '',
      'apps/web/.react-router/types.ts': '',
      'apps/api/drizzle/meta.ts': '',
      'packages/contracts/src/routes.generated.ts': '',
    });
    expect(sourceFiles(root)).toEqual(['apps/api/src/a.ts', 'apps/web/app/b.tsx']);
  });

  it('lets through files, folders and patterns on the allow-list only', () => {
    const allowed = ['apps/api/src/modules/files/', 'packages/contracts/src/help-centre*.ts', 'bench/enquiry.ts'];
    expect(isAllowed('apps/api/src/modules/files/testing.ts', allowed)).toBe(true);
    expect(isAllowed('packages/contracts/src/help-centre-orders.ts', allowed)).toBe(true);
    expect(isAllowed('bench/enquiry.ts', allowed)).toBe(true);
    expect(isAllowed('apps/api/src/modules/files-other/a.ts', allowed)).toBe(false);
    expect(isAllowed('packages/contracts/src/help-centre/nested.ts', allowed)).toBe(false);
    expect(isAllowed('bench/enquiry.tsx', allowed)).toBe(false);
    expect(isAllowed('apps/api/src/modules/basket/basket.ts', allowed)).toBe(false);
  });
});
