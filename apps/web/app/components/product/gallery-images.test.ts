import { describe, expect, it } from 'vitest';
import { imagesOfFinish, type ProductImage } from './gallery-images.ts';
import type { Offering } from './variant-axes.ts';

const offering = (sku: string, finish: string | null, isDefault = false) => ({ sku, finish, isDefault }) as Offering;
const image = (url: string, sku: string | null): ProductImage => ({ url, altText: url, sku });

describe('the gallery of the chosen finish', () => {
  const offerings = [offering('A-1', 'Chrome', true), offering('A-2', 'Matt Black'), offering('A-3', 'Chrome')];
  const images = [image('chrome', 'A-1'), image('chrome-detail', 'A-1'), image('black', 'A-2'), image('black-detail', 'A-2'), image('any', null)];

  it('shows the chosen finish’s pictures, then the ones for every finish', () => {
    expect(imagesOfFinish(images, offerings, offerings[1]).map((shown) => shown.url)).toEqual(['black', 'black-detail', 'any']);
    // Another size in chrome shows the chrome pictures, which name the first chrome offering.
    expect(imagesOfFinish(images, offerings, offerings[2]).map((shown) => shown.url)).toEqual(['chrome', 'chrome-detail', 'any']);
  });

  it('shows every picture when none is of the chosen finish', () => {
    const untagged = [image('one', null), image('two', null)];
    expect(imagesOfFinish(untagged, offerings, offerings[1])).toEqual(untagged);
    expect(imagesOfFinish(images, [offering('B-1', null)], undefined)).toEqual(images);
  });
});
