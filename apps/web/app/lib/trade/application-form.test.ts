import { ApiError } from '@shop/api-client';
import { describe, expect, it } from 'vitest';
import {
  applicationErrors,
  applicationFromForm,
  businessFromForm,
  contactFromForm,
  formValues,
  documentErrors,
  documentProblem,
  documentsFromForm,
  formatBytes,
  typedValues,
} from './application-form.ts';

const form = (entries: Record<string, string | File>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.set(name, value);
  return data;
};

const typed = {
  legalName: 'Pipe & Sons Ltd',
  tradingName: '',
  businessType: 'limited_company',
  companyNumber: ' 01234567 ',
  vatNumber: '',
  trade: 'plumber',
  tradeOther: 'left over from choosing Other',
  yearsTrading: '12',
  employees: '1,200',
  expectedMonthlySpendPence: '£1,250.50',
  'address.line1': '1 Canal Street',
  'address.line2': '',
  'address.town': 'Leeds',
  'address.county': '',
  'address.postcode': 'ls1 1aa',
  contactName: 'Pat Pipe',
  contactRole: 'Director',
  contactPhone: '07700 900123',
  contactEmail: '',
  gasSafeNumber: '123456',
  niceicNumber: '',
  otherRegistration: '',
};

const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('applicationFromForm', () => {
  it('reads every field by its path, leaves blank optional ones out and turns pounds into pence', () => {
    const body = applicationFromForm(form(typed));
    expect(body).toEqual({
      legalName: 'Pipe & Sons Ltd',
      tradingName: undefined,
      businessType: 'limited_company',
      companyNumber: '01234567',
      vatNumber: undefined,
      trade: 'plumber',
      tradeOther: undefined,
      yearsTrading: 12,
      employees: 1200,
      expectedMonthlySpendPence: 125_050,
      address: { line1: '1 Canal Street', line2: undefined, town: 'Leeds', county: undefined, postcode: 'ls1 1aa' },
      contactName: 'Pat Pipe',
      contactRole: 'Director',
      contactPhone: '07700 900123',
      contactEmail: undefined,
      gasSafeNumber: '123456',
      niceicNumber: undefined,
      otherRegistration: undefined,
    });
  });

  it('sends the description of a trade only with "Other", and leaves unknown choices and blank numbers for the API to ask for', () => {
    const body = applicationFromForm(form({ ...typed, trade: 'other', businessType: 'charity', yearsTrading: '', employees: 'lots' }));
    expect(body.tradeOther).toBe('left over from choosing Other');
    expect(body.businessType).toBeUndefined();
    expect(body.yearsTrading).toBeUndefined();
    // Not a number: sent as typed, and the API says what to enter.
    expect(body.employees).toBe('lots');
  });

  it('gives an application back as the form’s values, spend in pounds', () => {
    const values = formValues(applicationFromForm(form(typed)));
    expect(values['address.town']).toBe('Leeds');
    expect(values.expectedMonthlySpendPence).toBe('1250.5');
    expect(values.vatNumber).toBeUndefined();
    // A business and a contact as the API answers them: null where nothing was given.
    expect(formValues({ legalName: 'Pipe Ltd', vatNumber: null, address: { town: 'York', line2: null } }, { contactName: 'Pat' })).toEqual({
      legalName: 'Pipe Ltd',
      'address.town': 'York',
      contactName: 'Pat',
    });
  });

  it('splits the form into the business and the contact, as staff change them', () => {
    const data = form(typed);
    expect(Object.keys(businessFromForm(data)).toSorted()).toEqual(
      ['address', 'businessType', 'companyNumber', 'employees', 'legalName', 'trade', 'tradeOther', 'tradingName', 'vatNumber', 'yearsTrading'].toSorted(),
    );
    expect(contactFromForm(data)).toEqual({
      contactName: 'Pat Pipe',
      contactRole: 'Director',
      contactPhone: '07700 900123',
      contactEmail: undefined,
      gasSafeNumber: '123456',
      niceicNumber: undefined,
      otherRegistration: undefined,
    });
  });
});

describe('documents', () => {
  it('takes the filled slots with their kinds, a missing kind as proof of trade', () => {
    const data = form({ ...typed, documentKind1: 'vat_certificate', document2: new File([PDF], 'proof.pdf'), documentKind2: 'nonsense' });
    data.set('document1', new File([], ''));
    data.set('document3', new File([PNG], 'card.png'));
    data.set('documentKind3', 'registration_card');
    expect(documentsFromForm(data).map(({ slot, kind, file }) => [slot, kind, file.name])).toEqual([
      [2, 'proof_of_trade', 'proof.pdf'],
      [3, 'registration_card', 'card.png'],
    ]);
  });

  it('checks a file by its content and size, in the GOV.UK words', async () => {
    expect(await documentProblem(new File([PDF], 'a.pdf'))).toBeNull();
    expect(await documentProblem(new File([PNG], 'a.png'))).toBeNull();
    expect(await documentProblem(new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'a.jpg'))).toBeNull();
    expect(await documentProblem(new File(['MZ not a pdf'], 'invoice.pdf'))).toBe('The selected file must be a PDF, JPG or PNG');
    expect(await documentProblem(new File([], 'empty.pdf'))).toBe('The selected file is empty');
    expect(await documentProblem(new File([PDF, new Uint8Array(5 * 1024 * 1024)], 'big.pdf'))).toBe('The selected file must be smaller than 5MB');
    const errors = await documentErrors([{ slot: 2, kind: 'other', file: new File(['text'], 'notes.txt') }]);
    expect(errors).toEqual([{ path: 'document2', message: 'The selected file must be a PDF, JPG or PNG' }]);
  });

  it('says sizes as people read them', () => {
    expect(formatBytes(300)).toBe('1 KB');
    expect(formatBytes(820 * 1024)).toBe('820 KB');
    expect(formatBytes(2.44 * 1024 * 1024)).toBe('2.4 MB');
  });
});

describe('refusals', () => {
  it('lists the API’s field problems in the form’s order, one per field', () => {
    const error = new ApiError(
      422,
      {
        code: 'VALIDATION_FAILED',
        errors: [
          { path: 'body.contactPhone', message: 'Enter a UK phone number, like 07700 900123 or 020 7946 0000' },
          { path: 'body.legalName', message: 'Enter the business’s legal name' },
          { path: 'body.legalName', message: 'second message' },
          { path: 'body.address.postcode', message: 'Enter a postcode' },
        ],
      },
      'Check the details',
    );
    expect(applicationErrors(error)).toEqual({
      fields: [
        { path: 'body.legalName', message: 'Enter the business’s legal name' },
        { path: 'body.address.postcode', message: 'Enter a postcode' },
        { path: 'body.contactPhone', message: 'Enter a UK phone number, like 07700 900123 or 020 7946 0000' },
      ],
      problem: null,
    });
  });

  it('says a refusal of the whole in the API’s words', () => {
    const error = new ApiError(
      409,
      { code: 'TRADE_APPLICATION_ALREADY_OPEN', detail: 'You already have an application waiting' },
      'You already have an application waiting',
    );
    expect(applicationErrors(error)).toEqual({ fields: [], problem: 'You already have an application waiting' });
  });

  it('keeps what was typed, never the files', () => {
    const data = form({ ...typed, document1: new File([PDF], 'a.pdf') });
    const values = typedValues(data);
    expect(values.legalName).toBe('Pipe & Sons Ltd');
    expect(values).not.toHaveProperty('document1');
  });
});
