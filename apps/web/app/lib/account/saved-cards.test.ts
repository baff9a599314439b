import { ApiError } from '@shop/api-client';
import { describe, expect, it } from 'vitest';
import { billingBody, billingLines, billingProblem, billingValues, cardGone, cardName, expiryText } from './saved-cards.ts';

const card = {
  brand: 'visa',
  last4: '4242',
  expMonth: 3,
  expYear: 2030,
  expired: false,
  billing: { name: 'R Cardholder', line1: '1 High Street', line2: null, city: 'Leeds', postcode: 'LS1 4AP' },
};

describe('saved cards on the account page', () => {
  it('name a card and its expiry as the shop does', () => {
    expect(cardName(card)).toBe('Visa ending 4242');
    expect(cardName({ brand: 'amex', last4: '0005' })).toBe('American Express ending 0005');
    expect(cardName({ brand: 'unionpay', last4: '0004' })).toBe('Unionpay ending 0004');
    expect(expiryText(card)).toBe('Expires 03/2030');
    expect(expiryText({ ...card, expMonth: 11, expired: true })).toBe('Expired 11/2030');
  });

  it('show the billing address given, and fill the form from it', () => {
    expect(billingLines(card.billing)).toEqual(['R Cardholder', '1 High Street', 'Leeds', 'LS1 4AP']);
    expect(billingLines({ name: null, line1: null, line2: null, city: null, postcode: ' ' })).toEqual([]);
    expect(billingValues(card)).toEqual({ name: 'R Cardholder', line1: '1 High Street', line2: '', city: 'Leeds', postcode: 'LS1 4AP' });
    expect(billingBody('pm_1', { ...billingValues(card), line2: '  ' }).billing.line2).toBeUndefined();
    expect(billingBody('pm_1', { ...billingValues(card), line2: 'Flat 2' })).toEqual({
      paymentMethodId: 'pm_1',
      billing: { ...billingValues(card), line2: 'Flat 2' },
    });
  });

  it('put the API’s refusals beside their fields, or above the form when no field is to blame', () => {
    const refused = new ApiError(
      400,
      {
        errors: [
          { path: 'body.billing.postcode', message: '"QO1 7HH" is not a UK postcode' },
          { path: 'body.billing.name', message: 'Enter the name on the card' },
        ],
      },
      'x',
    );
    expect(billingProblem(refused)).toEqual({ fields: { postcode: '"QO1 7HH" is not a UK postcode', name: 'Enter the name on the card' }, summary: null });
    const gone = new ApiError(404, { code: 'SAVED_CARD_NOT_FOUND' }, 'That card is not saved on your account.');
    expect(billingProblem(gone)).toEqual({ fields: {}, summary: 'That card is no longer saved on your account. The list now shows the cards you have.' });
    expect(cardGone(gone)).toBe(true);
    expect(billingProblem(new ApiError(0, null, 'fetch failed')).summary).toMatch(/couldn’t reach the shop/);
  });
});
