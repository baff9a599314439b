import { describe, expect, it } from 'vitest';
import { cardBehaviour, cardBrand, checkCardFields, digitsOnly, isExpired, parseExpiry, passesLuhn } from './test-cards.ts';
import { checkWebhookSignature, signWebhook } from './webhook-signature.ts';

const now = new Date('2026-11-21T12:00:00Z');

describe('test cards', () => {
  it('knows what each of Stripe’s test cards does', () => {
    expect(cardBehaviour(digitsOnly('4242 4242 4242 4242'))).toBe('succeeds');
    expect(cardBehaviour(digitsOnly('4000 0025 0000 3155'))).toBe('requires_authentication');
    expect(cardBehaviour(digitsOnly('4000 0000 0000 9995'))).toBe('insufficient_funds');
    expect(cardBehaviour(digitsOnly('4000-0000-0000-0002'))).toBe('generic_decline');
    expect(cardBehaviour('4111111111111111')).toBe('live_card');
  });

  it('checks numbers with Luhn and names the brand', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('42424242')).toBe(false);
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
  });

  it('reads MM / YY expiry dates; a card is good to the end of its month', () => {
    expect(parseExpiry('04 / 30')).toEqual({ month: 4, year: 2030 });
    expect(parseExpiry('4/2031')).toEqual({ month: 4, year: 2031 });
    expect(parseExpiry('13 / 30')).toBeNull();
    expect(isExpired(11, 2026, now)).toBe(false);
    expect(isExpired(10, 2026, now)).toBe(true);
  });

  it('words each field’s problem for the person typing', () => {
    expect(checkCardFields({ number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123', postcode: 'sw1a 1aa' }, now)).toEqual({});
    expect(checkCardFields({ number: '', expiry: '', cvc: '', postcode: '' }, now)).toEqual({
      number: 'Enter your card number.',
      expiry: 'Enter the expiry date as MM / YY.',
      cvc: 'Enter the 3-digit security code.',
      postcode: 'Enter a UK postcode, like SW1A 1AA.',
    });
    expect(checkCardFields({ number: '3782 822463 10005', expiry: '10 / 26', cvc: '123', postcode: 'M1 1AE' }, now)).toEqual({
      expiry: 'This card has expired.',
      cvc: 'Enter the 4-digit security code.',
    });
  });
});

describe('webhook signatures', () => {
  const body = '{"id":"evt_1"}';
  it('accepts its own signature within the tolerance and refuses the rest', () => {
    const header = signWebhook('secret', body, 1_000);
    expect(header).toMatch(/^t=1000,v1=[0-9a-f]{64}$/);
    expect(checkWebhookSignature('secret', body, header, 1_100)).toBeNull();
    expect(checkWebhookSignature('other', body, header, 1_100)).toMatch(/does not match/);
    expect(checkWebhookSignature('secret', `${body} `, header, 1_100)).toMatch(/does not match/);
    expect(checkWebhookSignature('secret', body, header, 1_000 + 301)).toMatch(/too old/);
    expect(checkWebhookSignature('secret', body, undefined, 1_000)).toMatch(/missing/);
    expect(checkWebhookSignature('secret', body, 'garbage', 1_000)).toMatch(/not t=/);
  });
});
