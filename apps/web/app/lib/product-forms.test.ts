import { describe, expect, it } from 'vitest';
import { isProductFormRefusal, isSameOriginPost, pageAfterChange, productFormFromPost, productFormNotice } from './product-forms.ts';

const form = (fields: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
};

describe('a product form, read as posted', () => {
  it('reads "Add to basket" with the quantity typed and whether the required items go too', () => {
    expect(
      productFormFromPost(
        form([
          ['intent', 'add-to-basket'],
          ['sku', 'PL000109-1'],
          ['quantity', ' 2 '],
          ['withRequired', 'on'],
        ]),
      ),
    ).toEqual({
      intent: 'add-to-basket',
      sku: 'PL000109-1',
      quantity: 2,
      withRequired: true,
    });
    // A listing card's form has no quantity box: one.
    expect(
      productFormFromPost(
        form([
          ['intent', 'add-to-basket'],
          ['sku', 'PL000109-1'],
        ]),
      ),
    ).toEqual({
      intent: 'add-to-basket',
      sku: 'PL000109-1',
      quantity: 1,
      withRequired: false,
    });
  });

  it('keeps a quantity that is not one as null, for the page to say so', () => {
    for (const typed of ['', '0', '2.5', 'two', '1000']) {
      expect(
        productFormFromPost(
          form([
            ['intent', 'add-to-basket'],
            ['sku', 'PL000109-1'],
            ['quantity', typed],
          ]),
        ),
      ).toMatchObject({ quantity: null });
    }
  });

  it('reads "Save to wishlist", and nothing that is not a product form', () => {
    expect(
      productFormFromPost(
        form([
          ['intent', 'save-to-wishlist'],
          ['sku', 'PL000109-1'],
        ]),
      ),
    ).toEqual({ intent: 'save-to-wishlist', sku: 'PL000109-1' });
    expect(
      productFormFromPost(
        form([
          ['intent', 'empty-basket'],
          ['sku', 'PL000109-1'],
        ]),
      ),
    ).toBeNull();
    expect(productFormFromPost(form([['intent', 'add-to-basket']]))).toBeNull();
    expect(
      productFormFromPost(
        form([
          ['intent', 'add-to-basket'],
          ['sku', '../../admin'],
        ]),
      ),
    ).toBeNull();
  });
});

describe('only the shop’s own pages may post a product form', () => {
  const url = 'http://shop.example/p/basin';
  const headers = (entries: Record<string, string>) => new Headers(entries);

  it('takes what the browser says of where the post comes from', () => {
    expect(isSameOriginPost(headers({ 'sec-fetch-site': 'same-origin' }), url)).toBe(true);
    for (const site of ['same-site', 'cross-site', 'none']) {
      expect(isSameOriginPost(headers({ 'sec-fetch-site': site, origin: 'http://shop.example' }), url)).toBe(false);
    }
  });

  it('else the Origin, which must be this host; a post that says neither is refused', () => {
    expect(isSameOriginPost(headers({ origin: 'http://shop.example' }), url)).toBe(true);
    expect(isSameOriginPost(headers({ origin: 'http://evil.example' }), url)).toBe(false);
    expect(isSameOriginPost(headers({ origin: 'null' }), url)).toBe(false);
    expect(isSameOriginPost(headers({}), url)).toBe(false);
  });
});

describe('the page after a plain form’s change', () => {
  it('is the page it was made on, with the notice in place of an earlier one', () => {
    const notice = { kind: 'added', sku: 'PL000109-1', quantity: 2 } as const;
    expect(pageAfterChange('http://shop.example/p/basin?sku=PL000109-1', notice)).toBe('/p/basin?sku=PL000109-1&added=PL000109-1&quantity=2');
    expect(pageAfterChange('http://shop.example/c/basins?sort=4&added=X-1&quantity=5', { kind: 'saved', sku: 'X-2' })).toBe('/c/basins?sort=4&saved=X-2');
    // The home page's action is its index route's: the marker is not part of the page's address.
    expect(pageAfterChange('http://shop.example/?index', notice)).toBe('/?added=PL000109-1&quantity=2');
    expect(pageAfterChange('http://shop.example/search?q=tap&saved=X-2', null)).toBe('/search?q=tap');
  });

  it('reads the notice back from the address, and nothing that is not one', () => {
    const after = (path: string) => productFormNotice(new URL(path, 'http://shop.example').searchParams);
    expect(after(pageAfterChange('http://shop.example/p/basin', { kind: 'added', sku: 'PL000109-1', quantity: 2 }))).toEqual({
      kind: 'added',
      sku: 'PL000109-1',
      quantity: 2,
    });
    expect(after('/c/basins?saved=X-2')).toEqual({ kind: 'saved', sku: 'X-2' });
    expect(after('/p/basin?added=PL000109-1')).toBeNull();
    expect(after('/p/basin?added=%3Cscript%3E&quantity=1')).toBeNull();
    expect(after('/p/basin')).toBeNull();
  });
});

it('a refusal is told apart from a page’s other action answers', () => {
  expect(isProductFormRefusal({ productForm: 'add-to-basket', sku: 'X-1', message: 'Only 3 can be added.' })).toBe(true);
  expect(isProductFormRefusal({ step: 'contact', errors: [] })).toBe(false);
  expect(isProductFormRefusal(undefined)).toBe(false);
});
