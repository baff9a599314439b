import type { Address, Checkout } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { clockText } from '@shop/contracts';
import { branchAddress, chooseDeliveryOption, deliverTo, isCollecting, openingHoursLines, readyText } from './click-collect.ts';

const ADDRESS: Address = { name: 'Alex Guest', line1: '10 Test Street', town: 'London', postcode: 'SW1A 1AA', countryCode: 'GB' };
const DELIVERY = { address: ADDRESS, instructions: null, zone: 'mainland' } as const;
const option = (code: 'click_collect' | 'standard') => ({
  code,
  name: code,
  date: null,
  priceIncVat: 0,
  earliestDate: '2026-11-24',
  latestDate: null,
  chosen: true,
  collection: null,
});

/** The checkout as the API answers it: only the parts these calls look at. */
const answer = (parts: Partial<Pick<Checkout, 'delivery' | 'deliveryOption'>>) => ({ delivery: null, deliveryOption: null, ...parts }) as Checkout;

/** A checkout client answering each call with the checkout given for it, and noting the calls made. */
function client(answers: Partial<Record<'setDeliveryOption' | 'clearDeliveryOption' | 'setDeliveryDetails' | 'clearDeliveryDetails', Checkout>>) {
  const calls: string[] = [];
  const call = (name: keyof typeof answers) => async () => {
    calls.push(name);
    return answers[name]!;
  };
  return {
    calls,
    setDeliveryOption: call('setDeliveryOption'),
    clearDeliveryOption: call('clearDeliveryOption'),
    setDeliveryDetails: call('setDeliveryDetails'),
    clearDeliveryDetails: call('clearDeliveryDetails'),
  };
}

describe('click & collect', () => {
  it('is the trade counter option', () => {
    expect(isCollecting(option('click_collect'))).toBe(true);
    expect(isCollecting(option('standard'))).toBe(false);
    expect(isCollecting(null)).toBe(false);
  });

  it('drops a delivery address given before, so none is kept or offered for billing', async () => {
    const collected = answer({ deliveryOption: option('click_collect') });
    const api = client({ setDeliveryOption: answer({ delivery: DELIVERY, deliveryOption: option('click_collect') }), clearDeliveryDetails: collected });
    expect(await chooseDeliveryOption(api, 'b1', { code: 'click_collect' })).toBe(collected);
    expect(api.calls).toEqual(['setDeliveryOption', 'clearDeliveryDetails']);
  });

  it('needs nothing more when no address was given', async () => {
    const collected = answer({ deliveryOption: option('click_collect') });
    const api = client({ setDeliveryOption: collected });
    expect(await chooseDeliveryOption(api, 'b1', { code: 'click_collect' })).toBe(collected);
    expect(api.calls).toEqual(['setDeliveryOption']);
  });

  it('leaves a delivered option’s address alone', async () => {
    const delivered = answer({ delivery: DELIVERY, deliveryOption: option('standard') });
    const api = client({ setDeliveryOption: delivered });
    expect(await chooseDeliveryOption(api, 'b1', { code: 'standard' })).toBe(delivered);
    expect(api.calls).toEqual(['setDeliveryOption']);
  });

  it('gives way to delivery when an address is given: the delivery options are asked again', async () => {
    const toChoose = answer({ delivery: DELIVERY });
    const api = client({ setDeliveryDetails: answer({ delivery: DELIVERY, deliveryOption: option('click_collect') }), clearDeliveryOption: toChoose });
    expect(await deliverTo(api, 'b1', { address: ADDRESS })).toBe(toChoose);
    expect(api.calls).toEqual(['setDeliveryDetails', 'clearDeliveryOption']);
  });

  it('keeps a delivered option when the address changes', async () => {
    const delivered = answer({ delivery: DELIVERY, deliveryOption: option('standard') });
    const api = client({ setDeliveryDetails: delivered });
    expect(await deliverTo(api, 'b1', { address: ADDRESS })).toBe(delivered);
    expect(api.calls).toEqual(['setDeliveryDetails']);
  });
});

describe('the branch an order is collected from', () => {
  const branch = {
    address: { line1: 'Unit 4 Canal Wharf', town: 'Leeds', postcode: 'LS11 5PS' },
    openingHours: [
      { days: 'Monday to Friday', opens: '07:00', closes: '17:00' },
      { days: 'Saturday', opens: '08:30', closes: '12:00' },
    ],
    closed: 'Closed on Sundays and bank holidays',
  };

  it('says when the order is ready: today, tomorrow, else the day, in London time', () => {
    // Monday 23 November 2026 (GMT), and Friday 19 June 2026 (BST).
    expect(readyText('2026-11-23T14:00:00+00:00', new Date('2026-11-23T12:10:00Z'))).toBe('Ready to collect from 2pm today');
    expect(readyText('2026-11-24T08:00:00+00:00', new Date('2026-11-23T23:30:00Z'))).toBe('Ready to collect from 8am tomorrow');
    expect(readyText('2026-06-20T09:30:00+01:00', new Date('2026-06-19T23:30:00Z'))).toBe('Ready to collect from 9:30am today');
    expect(readyText('2026-06-22T08:00:00+01:00', new Date('2026-06-19T16:00:00Z'))).toBe('Ready to collect from 8am on Monday 22 June');
    expect(readyText('2026-06-20T12:00:00+01:00', null)).toBe('Ready to collect from midday on Saturday 20 June');
  });

  it('gives its address on a line and its hours a line each, as GOV.UK writes times', () => {
    expect(branchAddress(branch)).toBe('Unit 4 Canal Wharf, Leeds LS11 5PS');
    expect(openingHoursLines(branch)).toEqual(['Monday to Friday: 7am to 5pm', 'Saturday: 8:30am to midday', 'Closed on Sundays and bank holidays']);
    expect(['00:00', '12:30', '23:45'].map(clockText)).toEqual(['12am', '12:30pm', '11:45pm']);
  });
});
