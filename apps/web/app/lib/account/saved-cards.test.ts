import { ApiError } from '@shop/api-client';
import { describe, expect, it } from 'vitest';
import {
  billingBody,
  billingLines,
  billingProblem,
  billingValues,
  cardGone,
  cardName,
  cardsChangedPath,
  cardsGonePath,
  cardsNotice,
  expiryText,
  postedBillingValues,
} from './saved-cards.ts';

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

  it('say what a change did on the page its plain form is sent back to, and nothing for an address the shop did not make', () => {
    const cards = [{ id: 'pm_1', brand: 'visa', last4: '4242' }];
    const said = (path: string) => cardsNotice(new URL(path, 'http://shop.test').searchParams, cards);
    expect(said(cardsChangedPath('default', cards[0]!))).toEqual({ text: 'Visa ending 4242 is now your default card.', problem: false, focus: 'pm_1' });
    expect(said(cardsChangedPath('billing', cards[0]!))?.text).toBe('The billing address of Visa ending 4242 is updated.');
    expect(said(cardsChangedPath('remove', { id: 'pm_2', brand: 'mastercard', last4: '4444' }))).toEqual({
      text: 'Mastercard ending 4444 is removed from your account.',
      problem: false,
      focus: null,
    });
    expect(said(cardsGonePath)).toMatchObject({ problem: true, focus: null });
    expect(said('/account/cards')).toBeNull();
    expect(said('/account/cards?done=default&card=pm_9')).toBeNull();
    expect(said('/account/cards?done=removed&brand=Your+bank+says+call+us&last4=4242')).toBeNull();
    expect(said('/account/cards?done=removed&brand=visa&last4=42x2')).toBeNull();
  });

  it('read the billing form as posted, absent fields empty', () => {
    const form = new FormData();
    form.set('name', 'R Cardholder');
    form.set('postcode', 'ls1 4ap');
    expect(postedBillingValues(form)).toEqual({ name: 'R Cardholder', line1: '', line2: '', city: '', postcode: 'ls1 4ap' });
  });
});
