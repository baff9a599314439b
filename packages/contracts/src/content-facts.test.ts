import { describe, expect, it } from 'vitest';
import { withContentFacts } from './content-facts.ts';
import { formatPenceShort } from './money.ts';
import { CHANGE_OF_MIND_RETURN_DAYS } from './policy/after-sales-windows.ts';
import { DELIVERY_RATES, FREE_LARGE_DELIVERY_THRESHOLD, FREE_PARCEL_DELIVERY_THRESHOLD } from './policy/delivery-rates.ts';
import { SAVED_BASKET_DAYS, UNCONFIRMED_RETENTION_DAYS } from './policy/keeping.ts';

const shop = {
  phone: { display: '0113 496 0000' },
  email: 'help@example.com',
  openingHours: '8am to 6pm',
  legalName: 'Plumbline Ltd',
  tradingName: 'Plumbline',
  registeredIn: 'England and Wales',
  companyNumber: '1',
  vatNumber: '2',
  address: { lines: ['1 Pipe Street', 'Leeds'], postcode: 'LS1 1AA' },
};

describe('facts in a block’s plain words', () => {
  it('are drawn as their values now, the policy’s and the shop’s', () => {
    expect(withContentFacts('With {returns.change-of-mind-days} days to change your mind.', null)).toBe(
      `With ${CHANGE_OF_MIND_RETURN_DAYS} days to change your mind.`,
    );
    expect(withContentFacts('Free over {delivery.free-large-over}; call {shop.phone}.', shop)).toBe(
      `Free over ${formatPenceShort(FREE_LARGE_DELIVERY_THRESHOLD)}; call 0113 496 0000.`,
    );
    expect(withContentFacts('Parcels go free over {delivery.free-parcel-over}. We are at {shop.address}.', shop)).toBe(
      `Parcels go free over ${formatPenceShort(FREE_PARCEL_DELIVERY_THRESHOLD)}. We are at 1 Pipe Street, Leeds LS1 1AA.`,
    );
  });

  it('price standard large-item delivery as the delivery module charges it', () => {
    expect(withContentFacts('about {delivery.large-item-price}', null)).toBe(`about ${formatPenceShort(DELIVERY_RATES.large_kerbside.pricePence)}`);
  });

  it('state how long the shop keeps things, and who the shop is, as the modules and its details have them', () => {
    expect(withContentFacts('{keeping.saved-basket-days} and {keeping.unconfirmed-signup-days} days', null)).toBe(
      `${SAVED_BASKET_DAYS} and ${UNCONFIRMED_RETENTION_DAYS} days`,
    );
    expect(withContentFacts('{shop.trading-name}, registered in {shop.registered-in}', shop)).toBe('Plumbline, registered in England and Wales');
  });

  it('leave anything else in braces as typed, and a shop’s fact as typed when its details are not at hand', () => {
    expect(withContentFacts('{not.a-fact} {returns} {shop.phone}', null)).toBe('{not.a-fact} {returns} {shop.phone}');
  });
});
