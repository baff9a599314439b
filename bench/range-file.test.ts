import { describe, expect, it } from 'vitest';
import { newRangeFile, priceChangeFile } from './range-file.ts';

const subCategories = [
  { name: 'Basins', family: 'basins' },
  { name: 'Cisterns, Frames & Flush Plates', family: 'cisterns' },
];

describe('range files for the import bench', () => {
  it('says what the file holds: changes, new variants and refused rows adding up to the rows asked for', () => {
    const file = newRangeFile(23, subCategories, ['Aqualux'], [{ sku: 'BTH-1', priceIncVat: 14900 }]);
    const lines = file.csv.trim().split('\n');
    expect(lines).toHaveLength(24);
    expect([file.rows, file.changed, file.created, file.refused, file.products]).toEqual([23, 1, 17, 5, 5]);
    expect(lines).toContain('BTH-1,,,,,,,14901,,');
    expect(lines.filter((line) => line.startsWith('BRI-BAD-'))).toHaveLength(5);
    expect(lines.filter((line) => line.includes(',Bench Range '))).toHaveLength(5);
    expect(lines[1]).not.toMatch(/^BRI-BAD/);
    const quoted = 'BRI-1-600,bench-range-1,Bench Range 1,Aqualux,"Cisterns, Frames & Flush Plates",cisterns,600 mm,';
    expect(lines.filter((line) => line.startsWith(quoted))).toHaveLength(1);
    expect(file.sample).toMatchObject({ slug: 'bench-range-1', sku: 'BRI-1-600' });
  });

  it('moves the price of every variant the first file made', () => {
    const first = newRangeFile(13, subCategories, ['Aqualux'], []);
    const prices = new Map(
      first.csv
        .split('\n')
        .filter((line) => /^BRI-\d/.test(line))
        .map((line) => [line.split(',')[0], line.split(',')[7]]),
    );
    const change = priceChangeFile(first.created);
    const rows = change.csv.trim().split('\n').slice(1);
    expect(rows).toHaveLength(8);
    for (const row of rows) {
      const [sku, price] = row.split(',');
      expect(prices.has(sku)).toBe(true);
      expect(price).not.toBe(prices.get(sku));
    }
  });
});
