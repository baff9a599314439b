import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteClient } from '@shop/api-client';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';
import { readOutbox } from '../notifications/testing.ts';
import { placedOrderInput, recordPlacedOrder } from '../orders/testing.ts';

const SETTINGS = {
  SHOP_COMPANY_NAME: 'Tap & Trap Ltd',
  SHOP_COMPANY_NUMBER: 'SC123456',
  SHOP_VAT_NUMBER: 'GB 987 6543 21',
  SHOP_ADDRESS: '2 Quay Street, Glasgow, G1 1AA',
  SHOP_PHONE: '0141 496 0123',
  SHOP_EMAIL: 'hello@taptrap.example',
  SHOP_OPENING_HOURS: 'Every day 9am to 5pm',
};

describe('the shop details', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ seed: false, env: SETTINGS });
  });
  afterAll(() => api?.close());

  it('are the settings, for anyone, cacheable', async () => {
    const details = await createSiteClient({ baseUrl: api.serviceUrl('site') }).getShopDetails();
    expect(details).toEqual(api.config.shop);
    expect(details).toMatchObject({ legalName: 'Tap & Trap Ltd', registeredIn: 'Scotland', email: 'hello@taptrap.example' });
    const response = await fetch(`${api.serviceUrl('site')}/shopdetails`);
    expect(response.headers.get('cache-control')).toMatch(/^public, max-age=300\b/);
  });

  it('reach the customer in order e-mails: how to call or write about the order, and who the company is', async () => {
    const placed = await recordPlacedOrder(
      api.app,
      placedOrderInput('shop-details', { customerId: null, email: 'alex@example.com' }),
      new Date('2026-06-16T09:00:00Z'),
    );
    const [email] = await readOutbox(api.database.db, { to: 'alex@example.com', template: 'order.confirmation' });
    for (const body of [email!.text, email!.html]) {
      expect(body).toContain(
        `With any question about your order, call us on 0141 496 ` +
          `0123 (Every day 9am to 5pm) or e-mail hello@taptrap.example, quoting ${placed.orderNumber}.`,
      );
    }
    expect(email!.html).toContain('href="tel:+441414960123"');
    expect(email!.html).toContain('href="mailto:hello@taptrap.example"');
    expect(email!.text).toContain(
      'Plumbline is a trading name of Tap & Trap Ltd, registered in Scotland, company number ' +
        'SC123456. Registered office: 2 Quay Street, Glasgow G1 1AA. VAT number GB987654321.',
    );
  });
});
