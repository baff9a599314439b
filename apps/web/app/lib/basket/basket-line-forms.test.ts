import { describe, expect, it } from 'vitest';
import { LINE_QUANTITY_INTENT, LINE_REMOVE_INTENT, lineChangeFromPost } from './basket-line-forms.ts';

const form = (fields: Record<string, string>) => {
  const posted = new FormData();
  for (const [name, value] of Object.entries(fields)) posted.append(name, value);
  return posted;
};

describe('a basket line’s plain form', () => {
  it('sets the quantity typed, or one more or fewer than it for the −/+ buttons', () => {
    expect(lineChangeFromPost(form({ intent: LINE_QUANTITY_INTENT, sku: 'PL1-1', quantity: '4' }))).toEqual({ sku: 'PL1-1', quantity: 4 });
    expect(lineChangeFromPost(form({ intent: LINE_QUANTITY_INTENT, sku: 'PL1-1', quantity: '4', step: '1' }))).toEqual({ sku: 'PL1-1', quantity: 5 });
    expect(lineChangeFromPost(form({ intent: LINE_QUANTITY_INTENT, sku: 'PL1-1', quantity: '4', step: '-1' }))).toEqual({ sku: 'PL1-1', quantity: 3 });
    // Only one more or fewer: any other step is the quantity typed.
    expect(lineChangeFromPost(form({ intent: LINE_QUANTITY_INTENT, sku: 'PL1-1', quantity: '4', step: '50' }))).toEqual({ sku: 'PL1-1', quantity: 4 });
  });

  it('removes the line', () => {
    expect(lineChangeFromPost(form({ intent: LINE_REMOVE_INTENT, sku: 'PL1-1' }))).toEqual({ sku: 'PL1-1', quantity: null });
  });

  it('refuses a quantity that is not one, in the words the line shows', () => {
    expect(lineChangeFromPost(form({ intent: LINE_QUANTITY_INTENT, sku: 'PL1-1', quantity: 'two' }))).toEqual({
      sku: 'PL1-1',
      problem: 'Enter a whole number, like 2.',
    });
    expect(lineChangeFromPost(form({ intent: LINE_QUANTITY_INTENT, sku: 'PL1-1', quantity: '0' }))).toEqual({
      sku: 'PL1-1',
      problem: 'Enter 1 or more, or remove the item.',
    });
    expect(lineChangeFromPost(form({ intent: LINE_QUANTITY_INTENT, sku: 'PL1-1', quantity: '1', step: '-1' }))).toEqual({
      sku: 'PL1-1',
      problem: 'Enter 1 or more, or remove the item.',
    });
    expect(lineChangeFromPost(form({ intent: LINE_QUANTITY_INTENT, sku: 'PL1-1', quantity: '1000' }))).toEqual({
      sku: 'PL1-1',
      problem: 'Enter 999 or fewer.',
    });
  });

  it('is not a line’s without its sku or intent', () => {
    expect(lineChangeFromPost(form({ intent: LINE_QUANTITY_INTENT, quantity: '2' }))).toBeNull();
    expect(lineChangeFromPost(form({ intent: 'remove-discount', sku: 'PL1-1' }))).toBeNull();
  });
});
