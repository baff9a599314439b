import { describe, expect, it } from 'vitest';
import type { TradeBusinessDetails } from '@shop/contracts';
import { createDeliveryService } from '../delivery/index.ts';
import { checkBusinessDetails, reviewRefusal } from './application-rules.ts';

const delivery = createDeliveryService();

const business: TradeBusinessDetails = {
  legalName: 'Flow Right Plumbing Ltd',
  businessType: 'limited_company',
  companyNumber: 'sc 123456',
  vatNumber: 'gb 999 9999 73',
  trade: 'plumber',
  yearsTrading: 4,
  employees: 3,
  address: { line1: '1 High Street', town: 'Leeds', postcode: 'ls14ap' },
};

describe('business details', () => {
  it('are stored with numbers and the postcode in capitals', () => {
    expect(checkBusinessDetails({ delivery }, business)).toEqual({
      ok: true,
      details: {
        ...business,
        companyNumber: 'SC123456',
        vatNumber: 'GB999999973',
        tradeOther: undefined,
        address: { ...business.address, postcode: 'LS1 4AP' },
      },
    });
  });

  it('name the field of the first problem', () => {
    expect(checkBusinessDetails({ delivery }, { ...business, companyNumber: 'AB12' })).toMatchObject({
      ok: false,
      problem: { kind: 'company-number', field: 'companyNumber' },
    });
    expect(checkBusinessDetails({ delivery }, { ...business, companyNumber: undefined })).toMatchObject({
      ok: false,
      problem: { kind: 'incomplete', field: 'companyNumber' },
    });
    expect(checkBusinessDetails({ delivery }, { ...business, vatNumber: 'GB123456789' })).toMatchObject({
      ok: false,
      problem: { kind: 'vat-number', field: 'vatNumber' },
    });
    expect(checkBusinessDetails({ delivery }, { ...business, address: { ...business.address, postcode: 'QQ1 1QQ' } })).toMatchObject({
      ok: false,
      problem: { kind: 'postcode', field: 'address.postcode' },
    });
    expect(checkBusinessDetails({ delivery }, { ...business, trade: 'other' })).toMatchObject({
      ok: false,
      problem: { kind: 'incomplete', field: 'tradeOther', message: 'Enter what your business does' },
    });
  });

  it('keep the description of a trade only for `other`', () => {
    expect(checkBusinessDetails({ delivery }, { ...business, tradeOther: 'Tiler' })).toMatchObject({ ok: true, details: { tradeOther: undefined } });
    expect(checkBusinessDetails({ delivery }, { ...business, trade: 'other', tradeOther: 'Tiler' })).toMatchObject({
      ok: true,
      details: { tradeOther: 'Tiler' },
    });
  });
});

describe('reviewers’ steps', () => {
  it('start only from the statuses that allow them', () => {
    expect(reviewRefusal('approve', 'submitted')).toBeNull();
    expect(reviewRefusal('approve', 'more_info_required')).toBe('awaiting-answer');
    expect(reviewRefusal('requireMoreInfo', 'more_info_required')).toBe('awaiting-answer');
    expect(reviewRefusal('disapprove', 'more_info_required')).toBeNull();
    for (const action of ['approve', 'disapprove', 'requireMoreInfo'] as const) {
      expect(reviewRefusal(action, 'approved')).toBe('already-decided');
      expect(reviewRefusal(action, 'disapproved')).toBe('already-decided');
    }
  });
});
