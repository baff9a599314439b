import type { RangeImport } from '@shop/contracts';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RangeImportReport } from './range-import-report.tsx';

const applied: RangeImport = {
  id: '00000000-0000-4000-8000-000000000001',
  fileName: 'stock.csv',
  status: 'applied',
  checkedAt: '2026-11-28T10:00:00.000Z',
  checkedBy: 'Casey Catalogue',
  lines: 3,
  changing: 1,
  unchanged: 0,
  refused: 2,
  refusedWhileApplying: 2,
  products: 2,
  productsDone: 2,
  changes: [
    { line: 2, sku: 'BAS-WH', what: 'Price £149.00 → £139.00 inc VAT', applied: false },
    { line: 3, sku: 'BAS-MB', what: 'Stock on hand 4 → 1', applied: false },
    { line: 4, sku: 'TAP-CH', what: 'Stock on hand 2 → 3', applied: true },
  ],
  refusals: [
    { line: 2, column: null, reason: 'Not applied: line 3 of the same product was refused while applying', whileApplying: 'not-applied' },
    { line: 3, column: 'stock_on_hand', reason: '2 of BAS-MB are now held for orders and payments', whileApplying: 'refused' },
  ],
  finishedAt: '2026-11-28T10:05:00.000Z',
};
const text = (html: string) =>
  html
    .replaceAll(/<!-- -->/g, '')
    .replaceAll(/<[^>]+>/g, ' ')
    .replaceAll(/\s+/g, ' ');

describe('RangeImportReport', () => {
  it('says an import applied in part, the row refused while applying and each change applied or not', () => {
    const page = text(renderToString(<RangeImportReport report={applied} />));
    expect(page).toContain('There is a problem');
    expect(page).toContain('Line 3 was refused while applying: 2 of BAS-MB are now held for orders and payments. Nothing of its product was applied.');
    expect(page).toContain('Applied in part 1 row changed');
    expect(page).toContain('2 rows were not applied');
    expect(page).toMatch(/2 – Not applied: line 3 .* Not applied 3 stock_on_hand 2 of BAS-MB .* Refused while applying/);
    expect(page).toMatch(/2 BAS-WH Price £149.00 → £139.00 inc VAT Not applied 3 BAS-MB Stock on hand 4 → 1 Not applied 4 TAP-CH Stock on hand 2 → 3 Applied/);
  });

  it('says nothing of a problem when every row went in', () => {
    const page = text(
      renderToString(
        <RangeImportReport
          report={{ ...applied, refused: 0, refusedWhileApplying: 0, refusals: [], changes: applied.changes.map((change) => ({ ...change, applied: true })) }}
        />,
      ),
    );
    expect(page).not.toContain('There is a problem');
    expect(page).toContain('Applied 1 row changed across 2 products');
    expect(page).not.toContain('Not applied');
  });
});
