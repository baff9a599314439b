import { ApiError } from '@shop/api-client';
import { describe, expect, it } from 'vitest';
import { bodyFor, chosenLines, formsFor, problemsFrom, typedValues } from './order-help.ts';

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};

describe('order help in the storefront', () => {
  it('offers the forms the order’s status allows', () => {
    expect(formsFor('placed')).toEqual(['cancel', 'amend', 'delivery-terms', 'question']);
    expect(formsFor('picking')).not.toContain('amend');
    expect(formsFor('dispatched')).toEqual(['cancel', 'report', 'question']);
    expect(formsFor('delivered')).toEqual(['return', 'report', 'refund-query', 'question']);
    expect(formsFor('cancelled')).toEqual(['refund-query', 'question']);
  });

  it('reads the chosen lines with their quantities and whether sealed goods were opened', () => {
    const posted = form([
      ['line', '0'],
      ['quantity-0', '2'],
      ['line', '3'],
      ['quantity-3', 'lots'],
      ['opened-3', 'yes'],
      ['line', 'x'],
    ]);
    expect(chosenLines(posted)).toEqual([
      { position: 0, quantity: 2 },
      { position: 3, quantity: 1, opened: true },
    ]);
    // A cancellation's reason is optional (docs/domain.md §8.1): left blank, none is sent.
    expect(bodyFor('cancel', form([['reason', '  ']]))).toEqual({ lines: [], reason: undefined });
    expect(bodyFor('return', form([['reason', 'changed-mind']]))).toEqual({ lines: [], reason: 'changed-mind', comments: undefined });
    expect(
      typedValues(
        form([
          ['intent', 'send'],
          ['reason', 'Too big'],
          ['line', '0'],
        ]),
      ),
    ).toEqual({ reason: 'Too big' });
  });

  it('shows the API’s messages beside their fields, and a refusal of the whole at the top', () => {
    const refusal = new ApiError(
      400,
      { detail: 'Reason must be 500 characters or fewer', errors: [{ path: 'body.reason', message: 'Reason must be 500 characters or fewer' }] },
      'x',
    );
    expect(problemsFrom(refusal)).toEqual({ fields: [{ field: 'reason', message: 'Reason must be 500 characters or fewer' }], problem: null });
    expect(problemsFrom(new ApiError(409, { detail: 'Order BP10000001 is cancelled.' }, 'x'))).toEqual({
      fields: [],
      problem: 'Order BP10000001 is cancelled.',
    });
    expect(problemsFrom(new ApiError(500, null, 'boom')).problem).toBe('Something went wrong on our side. Please try again in a minute.');
  });
});
