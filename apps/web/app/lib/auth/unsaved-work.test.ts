import { describe, expect, it } from 'vitest';
import { holdsWork } from './unsaved-work.ts';

const text = (value: string, defaultValue = '') => ({ type: 'text', value, defaultValue });

describe('work a shopper would lose by leaving the page', () => {
  it('is text typed into a box, or changed from what the page drew', () => {
    expect(holdsWork(text('Sam'), false)).toBe(true);
    expect(holdsWork(text('Sam Shopper', 'Sam'), false)).toBe(true);
    // A controlled field keeps its default in step with its value: the shopper's input is what says so.
    expect(holdsWork(text('BP10000001', 'BP10000001'), true)).toBe(true);
  });

  it('is not an empty box, one still as drawn, or a hidden field', () => {
    expect(holdsWork(text('   '), true)).toBe(false);
    expect(holdsWork(text('sam@example.com', 'sam@example.com'), false)).toBe(false);
    expect(holdsWork({ type: 'hidden', value: 'contact', defaultValue: '' }, false)).toBe(false);
    expect(holdsWork({ type: 'submit', value: 'Continue', defaultValue: '' }, true)).toBe(false);
  });

  it('is a box ticked or unticked', () => {
    const box = { type: 'checkbox', value: 'on', defaultValue: 'on' };
    expect(holdsWork({ ...box, checked: false, defaultChecked: true }, false)).toBe(true);
    expect(holdsWork({ ...box, checked: true, defaultChecked: true }, false)).toBe(false);
    expect(holdsWork({ ...box, checked: true, defaultChecked: true }, true)).toBe(true);
  });
});
