import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { ConfigError, loadApiConfig, SECRET_SETTINGS, trustedProxies } from './config.ts';

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

const signingKey = { kty: 'RSA', n: 'n', e: 'AQAB', d: 'd', kid: 'k1' };
/** Production with every key it needs given and Stripe taking payments. */
const production = {
  NODE_ENV: 'production',
  IDENTITY_JWKS: JSON.stringify({ keys: [signingKey] }),
  IDENTITY_COOKIE_KEYS: 'cookie-key-of-thirty-two-characters',
  STRIPE_SECRET_KEY: 'sk_live_shop',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_shop',
  STRIPE_WEBHOOK_SECRET: 'whsec_shop',
};

/** The start-up message loading these settings fails with. */
function refusal(env: Record<string, string | undefined>, options?: { servesApi?: boolean }): string {
  try {
    loadApiConfig(env, options);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected the settings to be refused');
}

describe('production (NODE_ENV=production)', () => {
  it('seeds no demo data unless DEMO_DATA asks for it', () => {
    expect(loadApiConfig(production).demoData).toBe(false);
    expect(loadApiConfig({ ...production, DEMO_DATA: 'false' }).demoData).toBe(false);
    // Development and tests keep the demo shop.
    expect(loadApiConfig({ NODE_ENV: 'development' }).demoData).toBe(true);
    expect(loadApiConfig({ NODE_ENV: 'test' }).demoData).toBe(true);
  });

  it('refuses DEMO_DATA=true, with its published password, unless ALLOW_DEMO_DATA_IN_PRODUCTION is set as well', () => {
    const message = refusal({ ...production, DEMO_DATA: 'true' });
    expect(message).toMatch(/^Invalid configuration for production \(NODE_ENV=production\):\n {2}DEMO_DATA: /);
    expect(message).toContain('password, demo-password, is published, one of them holding every staff role');
    expect(message).toContain('set ALLOW_DEMO_DATA_IN_PRODUCTION=true');
    expect(refusal({ ...production, DEMO_DATA: 'yes', ALLOW_DEMO_DATA_IN_PRODUCTION: 'false' })).toContain('ALLOW_DEMO_DATA_IN_PRODUCTION');
    expect(loadApiConfig({ ...production, DEMO_DATA: 'true', ALLOW_DEMO_DATA_IN_PRODUCTION: 'true' }).demoData).toBe(true);
  });

  it('refuses signing keys generated into the database unless ALLOW_GENERATED_KEYS_IN_PRODUCTION is set', () => {
    const { IDENTITY_JWKS: _jwks, IDENTITY_COOKIE_KEYS: _cookieKeys, ...withoutKeys } = production;
    const message = refusal(withoutKeys);
    expect(message.split('\n').slice(1)).toEqual([
      expect.stringMatching(/^ {2}IDENTITY_JWKS: not set\. Set it \(or IDENTITY_JWKS_FILE\) .* or set ALLOW_GENERATED_KEYS_IN_PRODUCTION=true /),
      expect.stringMatching(/^ {2}IDENTITY_COOKIE_KEYS: not set\. Set it \(or IDENTITY_COOKIE_KEYS_FILE\) .* or set ALLOW_GENERATED_KEYS_IN_PRODUCTION=true /),
    ]);
    expect(refusal({ ...production, IDENTITY_JWKS: undefined })).toContain('IDENTITY_JWKS: not set');
    expect(refusal({ ...production, IDENTITY_COOKIE_KEYS: '' })).toContain('IDENTITY_COOKIE_KEYS: not set');
    expect(loadApiConfig({ ...withoutKeys, ALLOW_GENERATED_KEYS_IN_PRODUCTION: 'true' }).identity).toMatchObject({ jwks: undefined, cookieKeys: undefined });
    // Sign-in at another provider needs no keys of the shop's own.
    expect(loadApiConfig({ ...withoutKeys, IDENTITY_EMBEDDED: 'false', OIDC_ISSUER: 'https://sso.example/realms/shop' }).identity.embedded).toBe(false);
  });

  it('refuses the sandbox gateway unless ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION is set, and then its generated webhook secret too', () => {
    const { STRIPE_SECRET_KEY: _s, STRIPE_PUBLISHABLE_KEY: _p, STRIPE_WEBHOOK_SECRET: _w, ...sandbox } = production;
    expect(refusal(sandbox).split('\n').slice(1)).toEqual([
      '  STRIPE_SECRET_KEY: not set, so payments would go to the sandbox gateway, which takes no money. ' +
        'Set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET, or set ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION=true',
    ]);
    const allowed = { ...sandbox, ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true' };
    expect(refusal(allowed).split('\n').slice(1)).toEqual([
      expect.stringMatching(/^ {2}SANDBOX_WEBHOOK_SECRET: not set\. Set it \(or SANDBOX_WEBHOOK_SECRET_FILE\) .* set ALLOW_GENERATED_KEYS_IN_PRODUCTION=true /),
    ]);
    const payments = loadApiConfig({ ...allowed, SANDBOX_WEBHOOK_SECRET: 'sandbox-secret-of-16+' }).payments;
    expect([payments.stripe, payments.sandbox.webhookSecret]).toEqual([undefined, 'sandbox-secret-of-16+']);
    expect(loadApiConfig({ ...allowed, ALLOW_GENERATED_KEYS_IN_PRODUCTION: 'true' }).payments.sandbox.webhookSecret).toBeUndefined();
  });

  it('names every setting missing at once, and starts with them all given', () => {
    const message = refusal({ NODE_ENV: 'production', DEMO_DATA: 'true' });
    expect(message.split('\n').map((line) => line.split(':')[0]!.trim())).toEqual([
      'Invalid configuration for production (NODE_ENV=production)',
      'DEMO_DATA',
      'IDENTITY_JWKS',
      'IDENTITY_COOKIE_KEYS',
      'STRIPE_SECRET_KEY',
    ]);
    expect(loadApiConfig(production)).toMatchObject({ env: 'production', demoData: false, payments: { stripe: { secretKey: 'sk_live_shop' } } });
    // Everything allowed explicitly: a public demonstration.
    const demonstration = {
      NODE_ENV: 'production',
      DEMO_DATA: 'true',
      ALLOW_DEMO_DATA_IN_PRODUCTION: 'true',
      ALLOW_GENERATED_KEYS_IN_PRODUCTION: 'true',
      ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
    };
    const config = loadApiConfig(demonstration);
    expect([config.demoData, config.payments.stripe]).toEqual([true, undefined]);
  });

  it("keys on how the shop is deployed (SHOP_ENV), not on React's build alone: npm start is a demo on the production build", () => {
    // `npm start` without a NODE_ENV of its own: the production build, the demo shop, the mailbox showing its links.
    const demo = loadApiConfig({ NODE_ENV: 'production', SHOP_ENV: 'demo' });
    expect([demo.env, demo.production, demo.demoData, demo.mail.mailboxOneTimeLinks]).toEqual(['production', false, true, 'shown']);
    // Deployed in production whatever the build: every refusal, named after the setting that asked for it.
    const message = refusal({ NODE_ENV: 'development', SHOP_ENV: 'production', DEMO_DATA: 'true' });
    expect(message).toMatch(/^Invalid configuration for production \(SHOP_ENV=production\):\n {2}DEMO_DATA: /);
    expect(loadApiConfig({ ...production, SHOP_ENV: 'production' })).toMatchObject({ production: true, demoData: false });
    expect(loadApiConfig({ ...production, NODE_ENV: 'development', SHOP_ENV: 'production' }).mail.mailboxOneTimeLinks).toBe('hidden');
    // Without SHOP_ENV, NODE_ENV=production is production as it always was.
    expect(loadApiConfig(production).production).toBe(true);
    expect(loadApiConfig({ NODE_ENV: 'development' }).production).toBe(false);
    expect(() => loadApiConfig({ SHOP_ENV: 'staging' })).toThrow(/SHOP_ENV: /);
  });

  it('migrates at start except in production, where migrations are a step of their own unless MIGRATE_ON_START says otherwise', () => {
    const migrates = (env: Record<string, string>) => loadApiConfig(env).database.migrateOnStart;
    expect([migrates({}), migrates({ NODE_ENV: 'production', SHOP_ENV: 'demo' })]).toEqual([true, true]);
    expect([migrates({ ...production, SHOP_ENV: 'production' }), migrates({ ...production, MIGRATE_ON_START: 'true' })]).toEqual([false, true]);
    expect(migrates({ MIGRATE_ON_START: 'false' })).toBe(false);
  });

  it('offers paying on account in production only through Two, or the sandbox when asked for it', () => {
    const credit = (env: Record<string, string>) => loadApiConfig(env).creditProvider.kind;
    expect([credit({}), credit({ NODE_ENV: 'production', SHOP_ENV: 'demo' })]).toEqual(['sandbox', 'sandbox']);
    expect(credit(production)).toBe('off');
    expect(credit({ ...production, ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true' })).toBe('sandbox');
    expect(credit({ ...production, TWO_API_KEY: 'two_live_key', TWO_MERCHANT_ID: 'merchant-1' })).toBe('two');
  });

  it('leaves an instance serving the storefront alone to its own settings', () => {
    expect(loadApiConfig({ NODE_ENV: 'production' }, { servesApi: false }).env).toBe('production');
    expect(refusal({ NODE_ENV: 'production' }, { servesApi: true })).toContain('STRIPE_SECRET_KEY');
  });
});

describe('secrets read from files (<NAME>_FILE)', () => {
  const folder = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-secrets-'));
    onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
    return dir;
  };

  it('reads every secret setting from the file named, without its trailing newline', () => {
    const samples: Record<string, string> = {
      DATABASE_URL: 'postgres://shop:p%40ss@db.internal:5432/shop',
      DATABASE_READ_URL: 'postgres://shop:p%40ss@replica.internal:5432/shop',
      REDIS_URL: 'rediss://:secret@cache.internal:6380',
      SMTP_URL: 'smtps://shop:secret@mail.internal:465',
      IDENTITY_JWKS: JSON.stringify({ keys: [signingKey] }),
      IDENTITY_COOKIE_KEYS: 'cookie-key-from-a-file-32-characters',
      STRIPE_SECRET_KEY: 'sk_live_from_file',
      STRIPE_WEBHOOK_SECRET: 'whsec_from_file',
      IDEAL_POSTCODES_API_KEY: 'ak_from_file',
      TWO_API_KEY: 'two_key_from_file',
      TWO_WEBHOOK_SECRET: 'two-webhook-secret-from-a-file',
      SANDBOX_WEBHOOK_SECRET: 'sandbox-secret-from-file',
      FILES_S3_ACCESS_KEY_ID: 'AKIASHOP',
      FILES_S3_SECRET_ACCESS_KEY: 'secret/access+key',
      WEB_TIER_SECRET: 'web-tier-secret-from-a-file-of-32-characters',
      METRICS_TOKEN: 'metrics-token-from-a-file-of-32-characters',
    };
    const dir = folder();
    const env: Record<string, string> = { STRIPE_PUBLISHABLE_KEY: 'pk_live_shop', FILES_S3_BUCKET: 'shop-uploads', TWO_MERCHANT_ID: 'mer_shop' };
    expect(SECRET_SETTINGS.filter((name) => samples[name] === undefined)).toEqual([]);
    for (const name of SECRET_SETTINGS) {
      const file = path.join(dir, name.toLowerCase());
      fs.writeFileSync(file, name === 'SMTP_URL' ? `${samples[name]}\r\n` : `${samples[name]}\n`);
      env[`${name}_FILE`] = file;
    }
    const config = loadApiConfig(env);
    const settings = JSON.stringify(config);
    // Each value reaches the settings as the file holds it (the key set as the JSON it is).
    expect(SECRET_SETTINGS.filter((name) => !settings.includes(name === 'IDENTITY_JWKS' ? samples[name]! : JSON.stringify(samples[name])))).toEqual([]);
    expect([config.database.url, config.payments.stripe?.secretKey, config.identity.cookieKeys]).toEqual([
      samples.DATABASE_URL,
      samples.STRIPE_SECRET_KEY,
      [samples.IDENTITY_COOKIE_KEYS],
    ]);
  });

  it('counts as given for production, and checks what the file holds like the setting itself', () => {
    const dir = folder();
    fs.writeFileSync(path.join(dir, 'jwks'), JSON.stringify({ keys: [signingKey] }));
    fs.writeFileSync(path.join(dir, 'database'), 'mysql://shop@db/shop\n');
    const { IDENTITY_JWKS: _jwks, ...rest } = production;
    expect(loadApiConfig({ ...rest, IDENTITY_JWKS_FILE: path.join(dir, 'jwks') }).identity.jwks).toEqual({ keys: [signingKey] });
    expect(refusal({ DATABASE_URL_FILE: path.join(dir, 'database') })).toContain('DATABASE_URL: must be a postgres');
  });

  it('refuses a secret given both ways, and a file it cannot use, naming each with any other wrong setting', () => {
    const dir = folder();
    const given = path.join(dir, 'given');
    fs.writeFileSync(given, 'sk_live_from_file\n');
    fs.writeFileSync(path.join(dir, 'empty'), '\n');
    const message = refusal({
      PORT: 'eighty',
      STRIPE_SECRET_KEY: 'sk_live_shop',
      STRIPE_SECRET_KEY_FILE: given,
      SMTP_URL_FILE: path.join(dir, 'missing'),
      REDIS_URL_FILE: dir,
      SANDBOX_WEBHOOK_SECRET_FILE: path.join(dir, 'empty'),
    });
    expect(message.split('\n')).toEqual([
      'Invalid configuration:',
      expect.stringMatching(/^ {2}PORT: /),
      `  REDIS_URL_FILE: cannot read ${dir}: it is a folder`,
      `  SMTP_URL_FILE: cannot read ${path.join(dir, 'missing')}: there is no such file`,
      '  STRIPE_SECRET_KEY and STRIPE_SECRET_KEY_FILE are both set: set only one',
      `  SANDBOX_WEBHOOK_SECRET_FILE: ${path.join(dir, 'empty')} is empty`,
    ]);
    // An empty setting is no setting, as everywhere else.
    const stripe = { STRIPE_PUBLISHABLE_KEY: 'pk_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(loadApiConfig({ ...stripe, STRIPE_SECRET_KEY: '', STRIPE_SECRET_KEY_FILE: given }).payments.stripe?.secretKey).toBe('sk_live_from_file');
  });
});

describe('TRUST_PROXY', () => {
  it('takes true or false, a number of proxies, or addresses and ranges', () => {
    const read = (value?: string) => loadApiConfig({ TRUST_PROXY: value }).trustProxy;
    expect([read(), read('false'), read('no'), read('0'), read('true'), read('yes')]).toEqual([false, false, false, false, true, true]);
    expect([read('1'), read('2')]).toEqual([1, 2]);
    expect(read(' 10.0.0.0/8, 192.168.1.10 ,fd00::/8,loopback')).toEqual(['10.0.0.0/8', '192.168.1.10', 'fd00::/8', 'loopback']);
    const refused = (value: string) => /TRUST_PROXY: /.test(refusal({ TRUST_PROXY: value }));
    expect(['maybe', '10.0.0.0/33', '10.0.0/8', 'fd00::/129', '10.0.0.1/8/1', 'lb.internal', '17'].filter((wrong) => !refused(wrong))).toEqual([]);
    expect(() => read('10.0.0.0/8,lb.internal')).toThrow('TRUST_PROXY: "lb.internal" is not an address or range');
  });

  it('believes X-Forwarded-* from the proxies it names, and always from this machine', async () => {
    const seen = async (setting: string, remoteAddress: string, forwardedFor: string) => {
      const app = Fastify({ trustProxy: trustedProxies(loadApiConfig({ TRUST_PROXY: setting }).trustProxy) });
      app.get('/', (request, reply) => void reply.send({ ip: request.ip, protocol: request.protocol }));
      const reply = await app.inject({ url: '/', remoteAddress, headers: { 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'https' } });
      await app.close();
      return reply.json<{ ip: string; protocol: string }>();
    };
    // Not behind a proxy: only this machine's storefront server is believed.
    expect(await seen('false', '127.0.0.1', '203.0.113.9')).toEqual({ ip: '203.0.113.9', protocol: 'https' });
    expect(await seen('false', '198.51.100.7', '203.0.113.9')).toEqual({ ip: '198.51.100.7', protocol: 'http' });
    // Addresses: the load balancer's are believed; a caller elsewhere cannot pick its own address.
    expect(await seen('10.0.0.0/8', '10.1.2.3', '203.0.113.9')).toEqual({ ip: '203.0.113.9', protocol: 'https' });
    expect(await seen('10.0.0.0/8', '198.51.100.7', '203.0.113.9')).toEqual({ ip: '198.51.100.7', protocol: 'http' });
    expect(await seen('10.0.0.0/8', '127.0.0.1', '203.0.113.9')).toEqual({ ip: '203.0.113.9', protocol: 'https' });
    // A number: that many nearest proxies, so what a visitor wrote further back is not believed.
    expect(await seen('1', '10.1.2.3', 'forged, 203.0.113.9')).toEqual({ ip: '203.0.113.9', protocol: 'https' });
    expect(await seen('2', '10.1.2.3', 'forged, 203.0.113.9, 10.9.9.9')).toEqual({ ip: '203.0.113.9', protocol: 'https' });
    expect(await seen('true', '198.51.100.7', '203.0.113.9')).toEqual({ ip: '203.0.113.9', protocol: 'https' });
  });
});

describe('the staff mailbox and the outbox (MAILBOX_ONE_TIME_LINKS, EMAIL_BODY_RETENTION_DAYS)', () => {
  // Production that starts without SMTP: everything production asks for allowed explicitly.
  const productionShop = {
    NODE_ENV: 'production',
    DEMO_DATA: 'true',
    ALLOW_DEMO_DATA_IN_PRODUCTION: 'true',
    ALLOW_GENERATED_KEYS_IN_PRODUCTION: 'true',
    ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
  };
  const SMTP_URL = 'smtp://mail.example:587';

  it('shows one-time links only where the mailbox is the delivery: no SMTP, not production', () => {
    expect(loadApiConfig({}).mail).toEqual({
      smtpUrl: undefined,
      from: 'Plumbline <no-reply@plumbline.example>',
      mailboxOneTimeLinks: 'shown',
      bodyRetentionDays: 30,
    });
    expect(loadApiConfig({ NODE_ENV: 'test' }).mail.mailboxOneTimeLinks).toBe('shown');
    expect(loadApiConfig({ SMTP_URL }).mail.mailboxOneTimeLinks).toBe('hidden');
    expect(loadApiConfig(productionShop).mail.mailboxOneTimeLinks).toBe('hidden');
    expect(loadApiConfig({ MAILBOX_ONE_TIME_LINKS: 'hidden' }).mail.mailboxOneTimeLinks).toBe('hidden');
  });

  it('refuses to show them where they reach their recipients, or in production', () => {
    expect(() => loadApiConfig({ SMTP_URL, MAILBOX_ONE_TIME_LINKS: 'shown' })).toThrow(
      new ConfigError(
        'Invalid configuration:\n  MAILBOX_ONE_TIME_LINKS: shown is refused: ' +
          'SMTP_URL is set, so e-mail reaches its recipients and staff have no need of their links',
      ),
    );
    expect(() => loadApiConfig({ ...productionShop, MAILBOX_ONE_TIME_LINKS: 'shown' })).toThrow(
      /MAILBOX_ONE_TIME_LINKS: shown is refused: never in production/,
    );
    expect(() => loadApiConfig({ MAILBOX_ONE_TIME_LINKS: 'visible' })).toThrow(/MAILBOX_ONE_TIME_LINKS: must be hidden or shown/);
  });

  it('keeps sent e-mails’ bodies 30 days unless told a whole number of days from 1', () => {
    expect(loadApiConfig({ EMAIL_BODY_RETENTION_DAYS: '7' }).mail.bodyRetentionDays).toBe(7);
    expect(() => loadApiConfig({ EMAIL_BODY_RETENTION_DAYS: '0' })).toThrow(/EMAIL_BODY_RETENTION_DAYS/);
    expect(() => loadApiConfig({ EMAIL_BODY_RETENTION_DAYS: '1.5' })).toThrow(/EMAIL_BODY_RETENTION_DAYS: must be a whole number of days/);
    expect(() => loadApiConfig({ EMAIL_BODY_RETENTION_DAYS: 'month' })).toThrow(/EMAIL_BODY_RETENTION_DAYS: must be a number of days, such as 30/);
  });
});
