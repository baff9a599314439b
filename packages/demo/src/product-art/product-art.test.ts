import { describe, expect, it } from 'vitest';
// The seed names a family by the slugified sub-category name.
import { slugify } from '../catalogue/catalogue-generator.ts';
import { CATEGORY_TREE } from '../catalogue/category-tree.ts';
import { DRAWINGS, drawingIdFor } from './families.ts';
import { parseProductSize, renderProductImage, renderUserContentImage } from './index.ts';
import { FINISH_SLUGS } from './palette.ts';
import { parseProductImageFile } from './parse.ts';

// The demo category tree is the agreement on family names.
const children = CATEGORY_TREE.flatMap((category) => category.children.map(([slug, name]) => ({ slug, name })));

/** Problems that would make the SVG malformed XML: unbalanced tags, unquoted attributes, stray `<` or `&`. */
function xmlProblems(svg: string): string[] {
  const tag = /<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>/g;
  const problems: string[] = [];
  const stack: string[] = [];
  for (const [, close, name = '', attributes = '', selfClose] of svg.matchAll(tag)) {
    if (close && stack.pop() !== name) problems.push(`unbalanced </${name}>`);
    if (!close && !selfClose) stack.push(name);
    if (/&(?![a-z]+;)/.test(attributes)) problems.push(`bare & in <${name}>`);
  }
  if (stack.length) problems.push(`unclosed ${stack.join(', ')}`);
  if (/[<>]|&(?![a-z]+;)/.test(svg.replace(tag, ''))) problems.push('stray markup characters');
  return problems;
}

const titleOf = (svg: string) => /<title>([^<]+)<\/title>/.exec(svg)?.[1];

describe('product illustrations', () => {
  it('reads the whole category tree', () => {
    expect(children.length).toBeGreaterThan(80);
  });

  it('draws every family of the category tree, by slug and by the seed’s slugified name, as its own drawing', () => {
    for (const { slug, name } of children) {
      for (const family of new Set([slug, slugify(name)])) {
        expect([family, drawingIdFor(family)]).not.toEqual([family, 'generic']);
        const svg = renderProductImage(`${family}-standard.svg`);
        expect([family, svg === null]).toEqual([family, false]);
      }
    }
  });

  it('renders every drawing in every finish and view as small, titled, well-formed SVG with a square viewBox', () => {
    for (const id of Object.keys(DRAWINGS)) {
      const family =
        Object.keys(Object.fromEntries(children.map((child) => [child.slug, child]))).find((slug) => drawingIdFor(slug) === id) ?? 'mystery-widgets';
      for (const finish of FINISH_SLUGS) {
        for (const suffix of ['', '-detail', '-dimensions']) {
          const svg = renderProductImage(`${family}-${finish}${suffix}.svg`) ?? '';
          expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800"')).toBe(true);
          expect(titleOf(svg)?.length).toBeGreaterThan(3);
          expect(svg.length).toBeLessThan(8_000);
          expect(xmlProblems(svg)).toEqual([]);
        }
      }
    }
  });

  it('colours the finish: taps by their metal, furniture by its paint', () => {
    const chrome = renderProductImage('basin-taps-chrome.svg') ?? '';
    const black = renderProductImage('basin-taps-matt-black.svg') ?? '';
    const brass = renderProductImage('basin-taps-brushed-brass.svg') ?? '';
    expect(new Set([chrome, black, brass]).size).toBe(3);
    expect(black).toContain('#2c3136');
    expect(renderProductImage('floor-standing-vanity-units-oak.svg')).toContain('#cf9f69');
    expect(renderProductImage('column-radiators-anthracite.svg')).toContain('#3c4248');
    expect(titleOf(black)).toBe('Basin mixer tap, matt black finish');
    expect(titleOf(renderProductImage('close-coupled-toilets-standard.svg') ?? '')).toBe('Close coupled toilet');
  });

  it('draws a close-up and a dimensioned line drawing as different pictures', () => {
    const main = renderProductImage('close-coupled-toilets-standard.svg') ?? '';
    const detail = renderProductImage('close-coupled-toilets-standard-detail.svg') ?? '';
    const dimensions = renderProductImage('close-coupled-toilets-standard-dimensions.svg') ?? '';
    expect(new Set([main, detail, dimensions]).size).toBe(3);
    expect(detail).toContain('scale(');
    expect(dimensions).toContain('365 mm');
    expect(dimensions).toContain('800 mm');
    expect(titleOf(dimensions)).toBe('Close coupled toilet: dimensions');
  });

  it('draws a product to its own width and height, so two products of a family differ', () => {
    const narrow = renderProductImage('pedestal-basins-standard.svg', [400, 850]) ?? '';
    const wide = renderProductImage('pedestal-basins-standard.svg', [600, 850]) ?? '';
    expect(new Set([narrow, wide, renderProductImage('pedestal-basins-standard.svg')]).size).toBe(3);
    expect(wide).toMatch(/scale\((1\.\d+) (0\.\d+)\)/);
    expect(xmlProblems(wide)).toEqual([]);
    // The dimensions drawing labels the product's own size.
    const dimensions = renderProductImage('pedestal-basins-standard-dimensions.svg', [600, 855]) ?? '';
    expect(dimensions).toContain('600 mm');
    expect(dimensions).toContain('855 mm');
    // A tile is drawn in its own colour.
    expect(renderProductImage('wall-tiles-terracotta.svg')).toContain('#c8734f');
    expect([parseProductSize('600x850'), parseProductSize('0x5'), parseProductSize('600x'), parseProductSize('1e3x5'), parseProductSize(null)]).toEqual([
      [600, 850],
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('falls back to the department’s drawing, then to a parcel, for families it does not know', () => {
    expect(drawingIdFor('heated-towel-rails')).toBe('towel-rail');
    expect(drawingIdFor('kitchen-sinks')).toBe('countertop-basin');
    expect(drawingIdFor('gizmos')).toBe('generic');
    expect(titleOf(renderProductImage('gizmos-chrome.svg') ?? '')).toBe('Product, chrome finish');
  });

  it('serves the same memoised string for the same file', () => {
    expect(renderProductImage('pipe-standard.svg')).toBe(renderProductImage('pipe-standard.svg'));
  });
});

describe('parseProductImageFile', () => {
  it('reads the view suffix, then the longest finish, from the end', () => {
    expect(parseProductImageFile('wall-hung-vanity-units-matt-grey-detail.svg')).toEqual({
      family: 'wall-hung-vanity-units',
      finish: 'matt-grey',
      view: 'detail',
    });
    expect(parseProductImageFile('basin-taps-matt-black.svg')).toEqual({ family: 'basin-taps', finish: 'matt-black', view: 'main' });
    expect(parseProductImageFile('pipe-standard-dimensions.svg')).toEqual({ family: 'pipe', finish: 'standard', view: 'dimensions' });
    expect(parseProductImageFile('towel-rails-white.svg')).toEqual({ family: 'towel-rails', finish: 'white', view: 'main' });
  });

  it.each([
    'close-coupled-toilets.svg',
    'chrome.svg',
    '-chrome.svg',
    'basin-taps-chrome.png',
    'basin-taps-purple.svg',
    'Basin-taps-chrome.svg',
    '..-chrome.svg',
    'a--b-chrome.svg',
    'basin taps-chrome.svg',
    'placeholder.svg',
    `${'a'.repeat(200)}-chrome.svg`,
  ])('refuses %s', (file) => {
    expect(parseProductImageFile(file)).toBeNull();
    expect(renderProductImage(file)).toBeNull();
  });
});

describe('customer photos', () => {
  it('draws one bathroom scene per product id, the same every time, different between ids', () => {
    const first = renderUserContentImage('37.svg') ?? '';
    expect(first).toBe(renderUserContentImage('37.svg'));
    const scenes = new Set(['37.svg', '38.svg', '61.svg', '50.svg', '1234.svg'].map((file) => renderUserContentImage(file)));
    expect(scenes.size).toBe(5);
    expect(first).toContain('viewBox="0 0 800 800"');
    expect(titleOf(first)).toBeTruthy();
    expect(xmlProblems(first)).toEqual([]);
  });

  it.each(['0.svg', 'abc.svg', '12.png', '-3.svg', '1234567890.svg', '12.svg.svg'])('refuses %s', (file) => {
    expect(renderUserContentImage(file)).toBeNull();
  });
});
