import { describe, expect, it } from 'vitest';
import { detailsChangeFile, newRangeFile, priceChangeFile } from './range-file.ts';

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

  it('renames each product the first file made from a size it has, and adds a size of 1,200 mm to it', () => {
    const first = newRangeFile(13, subCategories, ['Aqualux'], []);
    const skus = new Set(first.csv.split('\n').map((line) => line.split(',')[0]));
    const change = detailsChangeFile(first.products);
    const rows = change.csv.trim().split('\n').slice(1);
    expect([rows.length, change.rows, change.products]).toEqual([4, 4, 2]);
    expect(rows[0]).toBe('BRI-1-600,,Bench Range 1 Mark 2,,,,');
    expect(rows[1]).toMatch(/^BRI-1-1200,bench-range-1,,1200 mm,\d+,standard,\d+$/);
    expect(rows.filter((row) => skus.has(row.split(',')[0]))).toHaveLength(2);
  });
});
