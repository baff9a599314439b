import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldLabel, installPlainWords } from './plain-words.ts';

installPlainWords();

/** The first message a schema gives for an input, with the process-wide map that index.ts installs. */
const said = (schema: z.ZodType, input: unknown) => schema.safeParse(input).error?.issues[0]?.message;

describe('plain words for refusals no schema worded', () => {
  it('names the field as people write it', () => {
    expect(fieldLabel(['pageNumber'])).toBe('page number');
    expect(fieldLabel(['items', 0, 'sku'])).toBe('SKU');
    expect(fieldLabel(['minimumSpendPence'])).toBe('minimum spend in pence');
    expect(fieldLabel(['emailAddress'])).toBe('e-mail address');
    expect(fieldLabel(['targetSkus'])).toBe('target SKUs');
    expect(fieldLabel(['VATNumber'])).toBe('VAT number');
    expect(fieldLabel([])).toBe('this value');
  });

  it('says what to do, in GOV.UK’s patterns, for each kind of refusal', () => {
    const body = z.object({
      query: z.string().min(1),
      pageNumber: z.number().int().min(1).max(50),
      skus: z.array(z.string()).min(1).max(3),
      sort: z.enum(['newest', 'highest']),
      combinesWithTradePricing: z.boolean(),
      emailAddress: z.email(),
      price: z.object({ gte: z.number() }),
      title: z.string().max(5),
    });
    const valid = {
      query: 'basin',
      pageNumber: 1,
      skus: ['A'],
      sort: 'newest',
      combinesWithTradePricing: true,
      emailAddress: 'a@b.co',
      price: { gte: 0 },
      title: 'ok',
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ query: undefined }, 'Enter “query”'],
      [{ query: '' }, 'Enter “query”'],
      [{ query: 5 }, '“query” must be text'],
      [{ pageNumber: 'x' }, '“page number” must be a number'],
      [{ pageNumber: Number.NaN }, '“page number” must be a number'],
      [{ pageNumber: 0 }, '“page number” must be 1 or more'],
      [{ pageNumber: 51 }, '“page number” must be 50 or less'],
      [{ pageNumber: 1.5 }, '“page number” must be a whole number'],
      [{ skus: [] }, '“SKUs” must have at least 1 entry'],
      [{ skus: ['A', 'B', 'C', 'D'] }, '“SKUs” must have 3 entries or fewer'],
      [{ skus: 'A' }, '“SKUs” must be a list'],
      [{ sort: 'cheapest' }, '“sort” must be one of: newest, highest'],
      [{ combinesWithTradePricing: 'yes' }, 'Say true or false for “combines with trade pricing”'],
      [{ emailAddress: 'not an address' }, 'Enter an e-mail address in the correct format, like name@example.com'],
      [{ price: [] }, '“price” must be a set of named values'],
      [{ price: {} }, 'Enter “gte”'],
      [{ title: 'far too long' }, '“title” must be 5 characters or fewer'],
    ];
    expect(cases.map(([change]) => [change, said(body, { ...valid, ...change })])).toEqual(cases);
    expect(said(body.strict(), { ...valid, extra: 1 })).toBe('“extra” is not a field this call takes');
  });

  it('leaves a schema’s own message alone', () => {
    expect(said(z.number({ error: 'The page number must be a whole number' }), 'x')).toBe('The page number must be a whole number');
    expect(said(z.string().min(3, 'Enter at least 3 letters'), 'a')).toBe('Enter at least 3 letters');
  });
});
