import { describe, expect, it } from 'vitest';
import { pictureAltText } from './picture-alt-text.ts';

const none = { widthMm: null, finish: null, handing: null, packQty: 1 };

describe('a picture’s alt text', () => {
  it('puts a product in its finish', () => {
    expect(pictureAltText('Basin', { ...none, finish: 'Matt black', label: 'Matt black' })).toBe('Basin in Matt black');
  });

  it('says a size as a width, not as something the product is in', () => {
    expect(pictureAltText('Basin', { ...none, widthMm: 600, label: '600 mm' })).toBe('Basin, 600 mm wide');
  });

  it('reads a first size kept as a finish as the width it is', () => {
    expect(pictureAltText('Basin', { ...none, finish: '600mm', label: '600mm' })).toBe('Basin, 600 mm wide');
  });

  it('says the finish, then the size, handing and pack', () => {
    expect(pictureAltText('Shower tray', { widthMm: 900, finish: 'White', handing: 'left', packQty: 1, label: '900 mm, White, Left hand' })).toBe(
      'Shower tray in White, 900 mm wide, left hand',
    );
    expect(pictureAltText('Tap washer', { ...none, packQty: 4, label: 'Pack of 4' })).toBe('Tap washer, pack of 4');
  });

  it('falls back to the label when the options say nothing', () => {
    expect(pictureAltText('Basin', { ...none, label: 'Standard' })).toBe('Basin, Standard');
    expect(pictureAltText('Basin', { ...none, label: ' ' })).toBe('Basin');
  });
});
