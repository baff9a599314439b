import { ApiError } from '@shop/api-client';
import { describe, expect, it } from 'vitest';
import { deliveryOrCollectionFromForm, fieldMessage, postedValues, stepErrors, stepFromForm } from './checkout-forms.ts';

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};
const address = { name: 'Sam Shopper', company: ' ', line1: '1 High Street', line2: '', town: 'Leeds', county: '', postcode: 'ls1 4ap' };

describe('a step’s form, read as the API takes it', () => {
  it('reads the details as typed: the API trims them and says what is wrong', () => {
    expect(stepFromForm(form({ step: 'contact', emailAddress: ' sam@example.com ', firstName: 'Sam', lastName: '', phone: '07700 900123' }))).toEqual({
      step: 'contact',
      body: { emailAddress: ' sam@example.com ', firstName: 'Sam', lastName: '', phone: '07700 900123' },
    });
    // A field that was not sent at all is empty, so the API asks for it.
    expect(stepFromForm(form({ step: 'contact' }))).toEqual({ step: 'contact', body: { emailAddress: '', firstName: '', lastName: '', phone: '' } });
  });

  it('leaves blank optional address parts and instructions out', () => {
    expect(stepFromForm(form({ step: 'delivery_address', ...address, instructions: '  ' }))).toEqual({
      step: 'delivery_address',
      body: { address: { name: 'Sam Shopper', line1: '1 High Street', town: 'Leeds', postcode: 'ls1 4ap', countryCode: 'GB' }, instructions: undefined },
    });
  });

  it('takes billing as delivery only when the box is ticked, otherwise the address fields', () => {
    expect(stepFromForm(form({ step: 'billing', sameAsDelivery: 'true', ...address }))).toEqual({ step: 'billing', body: { sameAsDelivery: true } });
    expect(stepFromForm(form({ step: 'billing', ...address }))).toMatchObject({
      step: 'billing',
      body: { sameAsDelivery: false, address: { line1: '1 High Street' } },
    });
  });

  it('sends a trade customer’s order reference as typed, blank to clear it, and none from a form without the field', () => {
    expect(stepFromForm(form({ step: 'billing', sameAsDelivery: 'true', orderReference: ' PO-4471 / Job 12 ' }))).toEqual({
      step: 'billing',
      body: { sameAsDelivery: true, orderReference: ' PO-4471 / Job 12 ' },
    });
    expect(stepFromForm(form({ step: 'billing', ...address, orderReference: '' }))).toMatchObject({ body: { sameAsDelivery: false, orderReference: '' } });
    expect(stepFromForm(form({ step: 'billing', sameAsDelivery: 'true' }))).toEqual({ step: 'billing', body: { sameAsDelivery: true } });
  });

  it('reads click & collect and the delivery option, and nothing that names no step', () => {
    expect(stepFromForm(form({ step: 'collect' }))).toEqual({ step: 'collect' });
    expect(stepFromForm(form({ step: 'delivery_option', code: 'specific_day', date: '2026-06-20' }))).toEqual({
      step: 'delivery_option',
      body: { code: 'specific_day', date: '2026-06-20' },
    });
    // A day ticked before another option was chosen stays in the form, and is not sent with it.
    expect(stepFromForm(form({ step: 'delivery_option', code: 'standard', date: '2026-06-20' }))).toEqual({
      step: 'delivery_option',
      body: { code: 'standard' },
    });
    expect(stepFromForm(form({ step: 'delivery_option' }))).toEqual({ step: 'delivery_option', body: { code: '' } });
    expect(stepFromForm(form({ step: 'payment' }))).toBeNull();
    expect(stepFromForm(form({ step: 'toString' }))).toBeNull();
    expect(stepFromForm(form({}))).toBeNull();
  });

  it('reads step 2 as its radio says: delivered to the address typed, or collected', () => {
    expect(deliveryOrCollectionFromForm(form({ step: 'delivery_address', ...address }))).toMatchObject({
      step: 'delivery_address',
      body: { address: { line1: '1 High Street' } },
    });
    // The address fields are still in the form (hidden) when collecting: they are not sent.
    expect(deliveryOrCollectionFromForm(form({ step: 'collect', ...address }))).toEqual({ step: 'collect' });
  });

  it('keeps what was posted, to put back in the fields', () => {
    expect(postedValues(form({ step: 'contact', firstName: 'Sam' }))).toEqual({ step: 'contact', firstName: 'Sam' });
  });
});

describe('what a refused step shows', () => {
  it('the first message for each field, in the API’s order', () => {
    const refusal = new ApiError(
      400,
      {
        code: 'VALIDATION_FAILED',
        errors: [
          { path: 'body.emailAddress', message: 'E-mail address must be 320 characters or fewer' },
          { path: 'body.emailAddress', message: 'Enter an e-mail address in the correct format, like name@example.com' },
          { path: 'body.phone', message: 'Enter your phone number' },
        ],
      },
      'body.emailAddress: …',
    );
    const errors = stepErrors(refusal);
    expect(errors).toEqual({
      fields: [
        { path: 'body.emailAddress', message: 'E-mail address must be 320 characters or fewer' },
        { path: 'body.phone', message: 'Enter your phone number' },
      ],
      problem: null,
    });
    expect(fieldMessage(errors, 'body.phone')).toBe('Enter your phone number');
    expect(fieldMessage(errors, 'body.firstName')).toBeUndefined();
  });

  it('a refusal of the whole step as one sentence', () => {
    expect(stepErrors(new ApiError(409, { code: 'CHECKOUT_DELIVERY_ADDRESS_MISSING' }, 'Enter the delivery address first.'))).toEqual({
      fields: [],
      problem: 'Enter the delivery address first.',
    });
    expect(stepErrors(new ApiError(0, null, 'Failed to fetch')).problem).toBe('We couldn’t reach the shop. Check your connection and try again.');
  });
});
