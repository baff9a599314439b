import { describe, expect, it } from 'vitest';
import { isStorableText, unstorableTextAt } from './storable-text.ts';

describe('isStorableText', () => {
  it.each([
    ['plain text', 'Basin mixer tap', true],
    ['accents and symbols', 'Café £12.50 – 20% off', true],
    ['a surrogate pair (an emoji)', 'shower 🚿 head', true],
    ['the empty string', '', true],
    ['a NUL', 'bath\0room', false],
    ['a lone high surrogate', 'tap\ud83d', false],
    ['a lone low surrogate', '\ude80tap', false],
    ['a pair the wrong way round', '\ude80\ud83d', false],
  ])('%s: %s', (_name, text, storable) => {
    expect(isStorableText(text)).toBe(storable);
  });
});

describe('unstorableTextAt', () => {
  it('finds nothing in storable values or in values that are not text', () => {
    for (const value of [undefined, null, 0, true, 'fine', [], {}, { items: [{ sku: 'A1', quantity: 2 }] }]) {
      expect(unstorableTextAt(value, 'body')).toBeNull();
    }
  });

  it('names where the text is, as a dotted path', () => {
    expect(unstorableTextAt('a\0', 'body')).toBe('body');
    expect(unstorableTextAt({ name: 'a\0' }, 'body')).toBe('body.name');
    expect(unstorableTextAt({ items: [{ sku: 'A1' }, { note: 'x\udc00' }] }, 'body')).toBe('body.items.1.note');
    expect(unstorableTextAt({ tags: ['ok', 'b\0'] }, 'query')).toBe('query.tags.1');
  });

  it('reports a bad key as the object holding it, never echoing the key', () => {
    expect(unstorableTextAt({ address: { 'line\0': 'x' } }, 'body')).toBe('body.address');
    expect(unstorableTextAt({ '\ud800': 1 }, 'body')).toBe('body');
  });

  it('walks the null-prototype dictionaries Fastify makes for params and query', () => {
    const params = Object.create(null) as Record<string, string>;
    params.basketId = '\0';
    function Dictionary() {}
    Dictionary.prototype = Object.create(null);
    const query = new (Dictionary as unknown as new () => Record<string, string>)();
    query.slug = 'x\0';
    expect(unstorableTextAt(params, 'params')).toBe('params.basketId');
    expect(unstorableTextAt(query, 'query')).toBe('query.slug');
  });

  it('leaves buffers, streams and other class instances alone: parsers never make them', () => {
    class Upload {
      name = '\0';
    }
    expect(unstorableTextAt({ file: new Upload() }, 'body')).toBeNull();
    expect(unstorableTextAt(Buffer.from('a\0b'), 'body')).toBeNull();
  });

  it('copes with a body nested deeper than the call stack, naming an ancestor of the text', () => {
    const depth = 200_000;
    const nested = JSON.parse(`${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`) as unknown;
    expect(unstorableTextAt(nested, 'body')).toBe(`body${'.0'.repeat(15)}`);
  });
});
