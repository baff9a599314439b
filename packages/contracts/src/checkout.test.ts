import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { checkoutEndpoints, isUkPhoneNumber } from './checkout.ts';

/** zod's own wording ("Invalid input: expected string", "Too small: expected string to have >=1 characters"). */
const LIBRARY_WORDING = /expected|received|too small|too big|invalid|must match|pattern/i;

const address = { name: 'Sam Shopper', line1: '1 High Street', town: 'Leeds', postcode: 'LS1 4AP' };
/** A body each checkout call takes, to spoil one field at a time. */
const goodBodies: Record<string, Record<string, unknown>> = {
  setContactDetails: { emailAddress: 'sam@example.com', firstName: 'Sam', lastName: 'Shopper', phone: '07700 900123' },
  setDeliveryDetails: { address, instructions: 'Side gate' },
  setBillingDetails: { sameAsDelivery: false, address },
  setDeliveryOption: { code: 'specific_day', date: '2026-06-20' },
  getDeliveryOptions: { postcode: 'LS1 4AP' },
  getSpecificDayDeliveryOptions: { postcode: 'LS1 4AP' },
  createPaymentIntent: { method: 'saved_card', savedCardId: 'card_1', saveCard: false },
};
/** What a broken or hostile client might put in a field's place. */
const SPOILERS: unknown[] = [undefined, null, 7, true, [], {}, '', '   ', 'x'.repeat(1000), 'not a value'];

/** The body with one field (at any depth) replaced, for every field and every spoiler. */
function* spoiled(body: Record<string, unknown>): Generator<unknown> {
  for (const [key, value] of Object.entries(body)) {
    for (const spoiler of SPOILERS) yield { ...body, [key]: spoiler };
    if (value && typeof value === 'object') for (const inner of spoiled(value as Record<string, unknown>)) yield { ...body, [key]: inner };
  }
}

describe('the checkout calls’ field messages', () => {
  for (const [name, good] of Object.entries(goodBodies)) {
    it(`${name}: every refusal is in words a shopper can act on`, () => {
      const schema = (checkoutEndpoints as unknown as Record<string, { body: z.ZodType }>)[name]!.body;
      expect(schema.safeParse(good).success).toBe(true);
      const messages = new Set<string>();
      for (const body of [null, 'text', 5, [], ...spoiled(good)]) {
        const result = schema.safeParse(body);
        for (const issue of result.error?.issues ?? []) messages.add(issue.message);
      }
      expect(messages.size).toBeGreaterThan(0);
      for (const message of messages) {
        expect(message).not.toMatch(LIBRARY_WORDING);
        // GOV.UK's forms: "Enter …", "Choose …", or "<Field> must be …".
        expect(message).toMatch(/^(Enter|Choose|Send) |^[A-Z][\w -]+ must be |^That is not one of /);
      }
    });
  }

  it('tells an empty e-mail address from one in the wrong format', () => {
    const contact = checkoutEndpoints.setContactDetails.body!;
    const messageFor = (emailAddress: string) =>
      contact.safeParse({ ...goodBodies.setContactDetails, emailAddress }).error?.issues.map((issue) => issue.message);
    expect(messageFor(' ')).toEqual(['Enter your e-mail address']);
    expect(messageFor('sam at example')).toEqual(['Enter an e-mail address in the correct format, like name@example.com']);
  });
});

describe('isUkPhoneNumber', () => {
  it('takes UK numbers however they are spaced, and +44', () => {
    for (const phone of ['07700 900123', '020 7946 0000', '(020) 7946-0000', '+44 7700 900123', '01632960001'])
      expect({ phone, uk: isUkPhoneNumber(phone) }).toEqual({ phone, uk: true });
  });
  it('refuses numbers that are too short, too long or not from the UK', () => {
    for (const phone of ['12345', '0770090012345', '+33 1 23 45 67 89', 'phone me'])
      expect({ phone, uk: isUkPhoneNumber(phone) }).toEqual({ phone, uk: false });
  });
});
