import { describe, expect, it } from 'vitest';
import { bodyFromForm, enquiryFormOf, fieldId, poundsToPence, prefilledValues, typedValues } from './enquiry-forms.ts';

const posted = (entries: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(entries)) form.append(name, value);
  return form;
};

describe('a help-centre form as the call’s body', () => {
  it('leaves out blanks, reads pounds as pence and yes or no as true or false', () => {
    const body = bodyFromForm(
      enquiryFormOf('price-match')!,
      posted({ name: ' Gill ', emailAddress: '', sku: 'PL1', competitorPricePence: '£1,299.5', competitorInStock: 'yes', competitorDelivery: 'Next day' }),
    );
    expect(body).toEqual({ name: 'Gill', sku: 'PL1', competitorPricePence: 129_950, competitorInStock: true, competitorDelivery: 'Next day' });
  });

  it('sends what it cannot read as typed, so the API’s message says what to enter', () => {
    expect(poundsToPence('about £20')).toBe('about £20');
    expect(poundsToPence('20')).toBe(2000);
  });

  it('nests address fields, keeps an unticked consent as false, and never keeps the access token', () => {
    const withAddress = {
      ...enquiryFormOf('general-enquiry')!,
      fields: [
        { name: 'catalogue', label: 'Which catalogue?', kind: 'text' as const },
        { name: 'address.town', label: 'Town or city', kind: 'text' as const },
        { name: 'address.postcode', label: 'Postcode', kind: 'text' as const },
      ],
    };
    expect(bodyFromForm(withAddress, posted({ catalogue: 'brochure', 'address.town': 'Leeds', 'address.postcode': 'LS1 4AP' }))).toEqual({
      catalogue: 'brochure',
      address: { town: 'Leeds', postcode: 'LS1 4AP' },
    });
    expect(bodyFromForm(enquiryFormOf('product-question')!, posted({ sku: 'PL1', question: 'Why?' }))).toMatchObject({ mayPublish: false });
    expect(typedValues(posted({ name: 'Gill', 'address.town': 'Leeds' }))).toEqual({ name: 'Gill', 'address.town': 'Leeds' });
    expect(fieldId('address.postcode')).toBe('enquiry-address-postcode');
  });
});

describe('a form for a signed-in customer', () => {
  it('starts with their name and e-mail address in the contact fields, and the order it was opened for where it asks one', () => {
    const general = enquiryFormOf('general-enquiry')!;
    expect(prefilledValues(general, { name: 'Sam Shopper', email: 'sam@example.com' }, 'BP-K7M-3QX-9P6')).toEqual({
      name: 'Sam Shopper',
      emailAddress: 'sam@example.com',
      orderNumber: 'BP-K7M-3QX-9P6',
    });
    // A form without contact fields (its own sender fields) gets none of them; a guest gets nothing.
    expect(prefilledValues(enquiryFormOf('email-a-product')!, { name: 'Sam Shopper', email: 'sam@example.com' }, 'BP-K7M-3QX-9P6')).toEqual({});
    expect(prefilledValues(general, null, null)).toEqual({});
  });
});
