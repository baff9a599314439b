import { describe, expect, it } from 'vitest';
import { ConfigError, loadApiConfig } from './config.ts';

describe('API configuration', () => {
  it('has a working default for every setting', () => {
    const config = loadApiConfig({});
    expect(config).toMatchObject({ port: 3000, publicUrl: 'http://localhost:3000', demoData: true });
    expect(config.database.url).toBeUndefined();
    expect(config.database.dataDir).toMatch(/\.data$/);
  });

  it('treats empty variables as unset', () => {
    expect(loadApiConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });

  it('fails at start-up naming the variable that is wrong', () => {
    expect(() => loadApiConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadApiConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres/);
    expect(() => loadApiConfig({ DEMO_DATA: 'maybe' })).toThrow(/DEMO_DATA/);
  });

  it('reads the signing keys and extra client origins of the embedded provider', () => {
    const key = { kty: 'RSA', n: 'n', e: 'AQAB', d: 'd', kid: 'k1' };
    expect(loadApiConfig({ IDENTITY_JWKS: JSON.stringify({ keys: [key] }) }).identity.jwks).toEqual({ keys: [key] });
    expect(loadApiConfig({ IDENTITY_JWKS: JSON.stringify([key]) }).identity.jwks).toEqual({ keys: [key] });
    expect(() => loadApiConfig({ IDENTITY_JWKS: 'not json' })).toThrow(/IDENTITY_JWKS: must be JSON/);
    expect(() => loadApiConfig({ IDENTITY_JWKS: JSON.stringify({ keys: [{ kty: 'RSA', n: 'n', e: 'AQAB' }] }) })).toThrow(
      /IDENTITY_JWKS: key 0 must be a private RSA or EC key/,
    );
    expect(loadApiConfig({}).identity.extraClientOrigins).toEqual([]);
    expect(loadApiConfig({ IDENTITY_CLIENT_ORIGINS: 'http://127.0.0.1:3100/, https://shop.example' }).identity.extraClientOrigins).toEqual([
      'http://127.0.0.1:3100',
      'https://shop.example',
    ]);
    expect(() => loadApiConfig({ IDENTITY_CLIENT_ORIGINS: 'http://x.example/path' })).toThrow(/IDENTITY_CLIENT_ORIGINS/);
  });

  it('has demonstration shop details that reach nobody, and reads real ones', () => {
    expect(loadApiConfig({}).shop).toEqual({
      tradingName: 'Plumbline',
      legalName: 'Plumbline Retail Ltd',
      companyNumber: '00000000',
      registeredIn: 'England and Wales',
      vatNumber: 'GB000000000',
      address: { lines: ['Unit 4 Canal Wharf', 'Leeds'], postcode: 'LS11 5PS' },
      phone: { display: '0113 496 0000', uri: 'tel:+441134960000' },
      email: 'help@plumbline.example',
      openingHours: 'Monday to Friday 8am to 6pm, Saturday 9am to 1pm',
    });
    const shop = loadApiConfig({
      SHOP_COMPANY_NAME: 'Tap & Trap Ltd',
      SHOP_COMPANY_NUMBER: 'sc 123456',
      SHOP_VAT_NUMBER: 'GB 123 4567 89',
      SHOP_ADDRESS: '2 Quay Street,  Glasgow , g1 1aa',
      SHOP_PHONE: '+44 141 496 0123',
      SHOP_EMAIL: 'hello@taptrap.example',
      SHOP_OPENING_HOURS: 'Every day 9am to 5pm',
    }).shop;
    // Numbers and postcodes are tidied; the telephone number is kept as written, with a tel: link.
    expect([shop.legalName, shop.companyNumber, shop.registeredIn, shop.vatNumber]).toEqual(['Tap & Trap Ltd', 'SC123456', 'Scotland', 'GB123456789']);
    expect(shop.address).toEqual({ lines: ['2 Quay Street', 'Glasgow'], postcode: 'G1 1AA' });
    expect(shop.phone).toEqual({ display: '+44 141 496 0123', uri: 'tel:+441414960123' });
    expect([shop.email, shop.openingHours]).toEqual(['hello@taptrap.example', 'Every day 9am to 5pm']);
  });

  it('refuses shop details a customer could not use', () => {
    expect(() => loadApiConfig({ SHOP_COMPANY_NUMBER: '1234' })).toThrow(/SHOP_COMPANY_NUMBER: must be a Companies House number/);
    expect(() => loadApiConfig({ SHOP_VAT_NUMBER: 'FR12345678901' })).toThrow(/SHOP_VAT_NUMBER: must be a UK VAT number/);
    expect(() => loadApiConfig({ SHOP_ADDRESS: 'Leeds' })).toThrow(/SHOP_ADDRESS: must be the address lines and the postcode/);
    expect(() => loadApiConfig({ SHOP_ADDRESS: 'Unit 4 Canal Wharf, Leeds' })).toThrow(/SHOP_ADDRESS/);
    expect(() => loadApiConfig({ SHOP_PHONE: '12345' })).toThrow(/SHOP_PHONE: must be a UK telephone number/);
    expect(() => loadApiConfig({ SHOP_EMAIL: 'help' })).toThrow(/SHOP_EMAIL: must be an e-mail address/);
  });
});
