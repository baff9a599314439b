import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTradeClient, createTradeTermsClient, type TradeClient, type TradeTermsClient } from '@shop/api-client';
import { TRADE_APPLICATION_MAX_DOCUMENTS, type TradeApplicationData } from '@shop/contracts';
import type { Actor } from '../../platform/context.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { readOutbox } from '../notifications/testing.ts';

let api: TestApi;
const actors: Record<string, Actor> = {
  ann: { userId: 'user-ann', email: 'ann@flowright.example', name: 'Ann Applicant', roles: ['shopper'] },
  bob: { userId: 'user-bob', email: 'bob@pipeworks.example', name: 'Bob Builder', roles: ['shopper'] },
  cat: { userId: 'user-cat', email: 'cat@heat.example', name: 'Cat Heating', roles: ['shopper'] },
  dan: { userId: 'user-dan', email: 'dan@refused.example', name: 'Dan Refused', roles: ['shopper'] },
  eve: { userId: 'user-eve', email: 'eve@shopper.example', name: 'Eve Shopper', roles: ['shopper'] },
  gil: { userId: 'user-gil', email: 'gil@gasworks.example', name: 'Gil Gasworks', roles: ['shopper'] },
  reviewer: { userId: 'user-reviewer', email: 'rita@plumbline.example', name: 'Rita Reviewer', roles: ['shopper', 'trade-reviewer'] },
};
const clients: Record<string, TradeClient> = {};
const terms: Record<string, TradeTermsClient> = {};
let guest: TradeClient;

beforeAll(async () => {
  api = await startTestApi({ authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null });
  for (const name of Object.keys(actors)) {
    clients[name] = createTradeClient({ baseUrl: api.serviceUrl('accounts'), getAccessToken: () => name });
    terms[name] = createTradeTermsClient({ baseUrl: api.serviceUrl('projects'), getAccessToken: () => name });
  }
  guest = createTradeClient({ baseUrl: api.serviceUrl('accounts') });
});
afterAll(() => api.close());

const application = (overrides: Partial<TradeApplicationData> = {}): TradeApplicationData => ({
  legalName: 'Flow Right Plumbing Ltd',
  tradingName: 'Flow Right',
  businessType: 'limited_company',
  companyNumber: 'sc123456',
  vatNumber: 'GB 999 9999 73',
  trade: 'plumber',
  yearsTrading: 6,
  employees: 4,
  expectedMonthlySpendPence: 250_000,
  address: { line1: '12 Canal Street', town: 'Leeds', postcode: 'ls1 4ap' },
  contactName: 'Ann Applicant',
  contactRole: 'Director',
  contactPhone: '07700 900123',
  gasSafeNumber: '123456',
  ...overrides,
});

/** The raw answer of a call, for multipart uploads and downloads the typed client does not make. */
const call = (path: string, init: RequestInit & { as?: string } = {}) => {
  const headers = new Headers(init.headers);
  if (init.as) headers.set('authorization', `Bearer ${init.as}`);
  return fetch(`${api.serviceUrl('accounts')}${path}`, { ...init, headers });
};

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
function upload(as: string, bytes: Uint8Array, fileName: string, type = 'application/pdf', kind?: string) {
  const form = new FormData();
  form.append('file', new Blob([Uint8Array.from(bytes)], { type }), fileName);
  if (kind) form.append('kind', kind);
  return call('/api/TradeAccountApplications/mine/documents', { method: 'POST', body: form, as });
}

describe('applying', () => {
  it('is for signed-in customers: one application, told by e-mail, read back with its status', async () => {
    expect((await failure(guest.submitTradeApplication({ body: application() }))).status).toBe(401);
    const submitted = await clients.ann!.submitTradeApplication({ body: application() });
    expect(submitted).toMatchObject({
      status: 'submitted',
      version: 1,
      applicant: { userId: 'user-ann', email: 'ann@flowright.example' },
      // Stored as written in capitals, without spaces.
      details: { companyNumber: 'SC123456', vatNumber: 'GB999999973', address: { postcode: 'LS1 4AP' } },
      history: [{ from: null, to: 'submitted', by: 'Ann Applicant' }],
    });
    expect(submitted.tradeExternalId).toMatch(/^TA[2-9A-Z]{16}$/);
    expect(await clients.ann!.getMyTradeApplication()).toEqual(submitted);
    expect(await clients.ann!.getTradeApplication({ params: { tradeExternalId: submitted.tradeExternalId } })).toEqual(submitted);
    const [email] = await readOutbox(api.database.db, { to: 'ann@flowright.example', template: 'trade.application-submitted' });
    expect(email?.text).toContain(submitted.tradeExternalId);

    const again = await failure(clients.ann!.submitTradeApplication({ body: application({ legalName: 'Another Ltd' }) }));
    expect([again.status, again.code]).toEqual([409, 'TRADE_APPLICATION_ALREADY_OPEN']);
    expect((await clients.ann!.getMyTradeApplication()).details.legalName).toBe('Flow Right Plumbing Ltd');
  });

  it('refuses malformed business numbers, postcodes and missing details, each by field, storing nothing', async () => {
    const refusals = [
      [
        application({ companyNumber: '12345' }),
        'TRADE_COMPANY_NUMBER_INVALID',
        'body.companyNumber',
        'A Companies House number is 8 characters, like 01234567 or SC123456',
      ],
      [
        application({ businessType: 'llp', companyNumber: '01234567' }),
        'TRADE_COMPANY_NUMBER_INVALID',
        'body.companyNumber',
        'An LLP’s Companies House number starts with OC, SO or NC, like OC123456',
      ],
      [
        application({ businessType: 'llp', companyNumber: undefined }),
        'TRADE_APPLICATION_INCOMPLETE',
        'body.companyNumber',
        'Enter the Companies House number, like OC123456',
      ],
      [
        application({ vatNumber: 'GB123456789' }),
        'TRADE_VAT_NUMBER_INVALID',
        'body.vatNumber',
        'Check the VAT number: GB123456789 is not a valid UK VAT number',
      ],
      [application({ vatNumber: 'FR123' }), 'TRADE_VAT_NUMBER_INVALID', 'body.vatNumber', 'Enter a UK VAT number: GB and 9 digits, like GB999999973'],
      [
        application({ address: { line1: '1 Road', town: 'Leeds', postcode: 'QQ1 1QQ' } }),
        'TRADE_POSTCODE_INVALID',
        'body.address.postcode',
        'Enter a real UK postcode, like SW1A 1AA',
      ],
      [application({ trade: 'other' }), 'TRADE_APPLICATION_INCOMPLETE', 'body.tradeOther', 'Enter what your business does'],
    ] as const;
    for (const [body, code, path, message] of refusals) {
      const error = await failure(clients.bob!.submitTradeApplication({ body }));
      expect([error.status, error.code, error.message]).toEqual([422, code, message]);
      expect(error.data).toMatchObject({ errors: [{ path, message }] });
    }
    const blank = await failure(clients.bob!.submitTradeApplication({ body: { ...application(), legalName: ' ', yearsTrading: 2.5 } as TradeApplicationData }));
    expect([blank.status, blank.code]).toEqual([400, 'VALIDATION_FAILED']);
    const messages = (blank.data as { errors: { message: string }[] }).errors.map((entry) => entry.message);
    expect(messages).toEqual(expect.arrayContaining(['Enter the business’s legal name', 'Enter the years the business has traded as a whole number']));
    expect((await failure(clients.bob!.getMyTradeApplication())).code).toBe('TRADE_APPLICATION_NOT_FOUND');
  });

  it('takes proof documents by their content, at most 5 MB, and lets only reviewers and the applicant read them', async () => {
    const refusedBefore = await upload('bob', PDF, 'proof.pdf');
    expect(refusedBefore.status).toBe(409);
    expect((await refusedBefore.json()).code).toBe('TRADE_APPLICATION_NOT_OPEN');

    const added = await upload('ann', PDF, 'bank statement.pdf', 'application/pdf', 'bank_statement');
    expect(added.status).toBe(201);
    const withDocument = (await added.json()) as {
      tradeExternalId: string;
      version: number;
      documents: { id: string; fileName: string; contentType: string; kind: string; sizeBytes: number }[];
    };
    expect(withDocument.version).toBe(2);
    expect(withDocument.documents).toEqual([expect.objectContaining({ contentType: 'application/pdf', kind: 'bank_statement', sizeBytes: PDF.length })]);

    const disguised = await upload('ann', Buffer.from('<html><script>alert(1)</script></html>'), 'invoice.pdf');
    expect([disguised.status, (await disguised.json()).code]).toEqual([422, 'FILE_TYPE_NOT_ALLOWED']);
    const oversize = await upload('ann', Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]), 'huge.pdf');
    expect([oversize.status, (await oversize.json()).code]).toEqual([413, 'FILE_TOO_LARGE']);
    const empty = await upload('ann', new Uint8Array(), 'empty.pdf');
    expect([empty.status, (await empty.json()).code]).toEqual([422, 'FILE_EMPTY']);
    const unknownKind = await upload('ann', PDF, 'proof.pdf', 'application/pdf', 'passport');
    expect([unknownKind.status, (await unknownKind.json()).code]).toEqual([400, 'TRADE_DOCUMENT_KIND_UNKNOWN']);
    const noFile = await call('/api/TradeAccountApplications/mine/documents', { method: 'POST', body: new FormData(), as: 'ann' });
    expect(noFile.status).toBe(400);
    expect((await clients.ann!.getMyTradeApplication()).documents).toHaveLength(1);

    const [document] = withDocument.documents;
    const path = `/api/TradeAccountApplications/${withDocument.tradeExternalId}/documents/${document!.id}`;
    for (const reader of ['reviewer', 'ann']) {
      const download = await call(path, { as: reader });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe('application/pdf');
      expect(download.headers.get('content-disposition')).toContain('attachment');
      expect(Buffer.from(await download.arrayBuffer())).toEqual(PDF);
    }
    const stranger = await call(path, { as: 'eve' });
    expect([stranger.status, (await stranger.json()).code]).toEqual([404, 'TRADE_DOCUMENT_NOT_FOUND']);
    expect((await failure(clients.eve!.getTradeApplication({ params: { tradeExternalId: withDocument.tradeExternalId } }))).code).toBe(
      'TRADE_APPLICATION_NOT_FOUND',
    );
  });
});

describe('reviewing', () => {
  let annApplication: { id: number; tradeExternalId: string };

  it('is for trade reviewers: search by text, status and dates, with counts per status', async () => {
    const searching = { body: { text: 'flow right' } };
    expect((await failure(clients.eve!.searchTradeApplications(searching))).status).toBe(403);
    const page = await clients.reviewer!.searchTradeApplications(searching);
    expect(page.items.map((item) => item.legalName)).toEqual(['Flow Right Plumbing Ltd']);
    expect(page.items[0]).toMatchObject({ status: 'submitted', email: 'ann@flowright.example', postcode: 'LS1 4AP', documentCount: 1 });
    annApplication = page.items[0]!;
    for (const text of ['ls14ap', 'SC123456', 'GB999999973', annApplication.tradeExternalId, 'ann@flowright']) {
      expect((await clients.reviewer!.searchTradeApplications({ body: { text } })).items.map((item) => item.id)).toContain(annApplication.id);
    }
    expect((await clients.reviewer!.searchTradeApplications({ body: { text: 'flow', statuses: ['approved'] } })).totalCount).toBe(0);
    expect((await clients.reviewer!.searchTradeApplications({ body: { text: 'flow', submittedTo: '2000-01-01' } })).totalCount).toBe(0);
    expect(page.statusCounts.submitted).toBeGreaterThanOrEqual(1);
    const badDate = await failure(clients.reviewer!.searchTradeApplications({ body: { submittedFrom: '31/03/2025' } }));
    expect([badDate.status, badDate.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it('asks for more information; the applicant answers and resubmits; each step is recorded and e-mailed', async () => {
    const asked = await clients.reviewer!.requireMoreInfoForTradeApplication({
      params: { id: annApplication.id },
      body: { question: 'Please send a recent utility bill.' },
    });
    expect(asked).toMatchObject({ status: 'more_info_required', question: 'Please send a recent utility bill.' });
    const [email] = await readOutbox(api.database.db, { to: 'ann@flowright.example', template: 'trade.application-more-info-required' });
    expect(email?.text).toContain('Please send a recent utility bill.');
    const early = await failure(clients.reviewer!.approveTradeApplication({ params: { id: annApplication.id }, body: { bandCode: 'T2' } }));
    expect([early.status, early.code]).toEqual([409, 'TRADE_APPLICATION_AWAITING_ANSWER']);
    expect((await failure(clients.bob!.resubmitMyTradeApplication({ body: { answer: 'Here it is' } }))).code).toBe('TRADE_APPLICATION_NOT_AWAITING_ANSWER');

    const seen = await clients.ann!.getMyTradeApplication();
    // Applicants see the step, not the reviewer's name.
    expect(seen.history.at(-1)).toMatchObject({ from: 'submitted', to: 'more_info_required', by: null, note: 'Please send a recent utility bill.' });
    const resubmitted = await clients.ann!.resubmitMyTradeApplication({
      body: { answer: 'Attached, from British Gas.', details: application({ employees: 5 }) },
    });
    expect(resubmitted).toMatchObject({ status: 'submitted', answer: 'Attached, from British Gas.', details: { employees: 5 } });
    const staffView = await clients.reviewer!.getTradeApplication({ params: { tradeExternalId: annApplication.tradeExternalId } });
    expect(staffView.history.map((event) => [event.from, event.to, event.by])).toEqual([
      [null, 'submitted', 'Ann Applicant'],
      ['submitted', 'more_info_required', 'Rita Reviewer'],
      ['more_info_required', 'submitted', 'Ann Applicant'],
    ]);
  });

  it('approves on a band that exists, once: the account opens, the applicant is e-mailed, and acting again is refused', async () => {
    const current = await clients.reviewer!.getTradeApplication({ params: { tradeExternalId: annApplication.tradeExternalId } });
    const unknownBand = await failure(clients.reviewer!.approveTradeApplication({ params: { id: current.id }, body: { bandCode: 'T9' } }));
    expect([unknownBand.status, unknownBand.code]).toEqual([422, 'TRADE_BAND_UNKNOWN']);
    const stale = await failure(
      clients.reviewer!.approveTradeApplication({ params: { id: current.id }, body: { bandCode: 'T2', version: current.version - 1 } }),
    );
    expect([stale.status, stale.code]).toEqual([409, 'TRADE_APPLICATION_CHANGED']);
    expect((await clients.reviewer!.getTradeApplication({ params: { tradeExternalId: current.tradeExternalId } })).version).toBe(current.version);

    const approved = await clients.reviewer!.approveTradeApplication({
      params: { id: current.id },
      body: { bandCode: 'T2', note: 'Checked at Companies House', version: current.version },
    });
    expect(approved).toMatchObject({ status: 'approved', approvedBand: { code: 'T2', name: 'Silver' } });
    expect(approved.tradeAccountId).toEqual(expect.any(Number));
    const [email] = await readOutbox(api.database.db, { to: 'ann@flowright.example', template: 'trade.application-approved' });
    expect(email?.text).toContain('Silver band: 10% off');
    // The approval note is for staff.
    expect((await clients.ann!.getMyTradeApplication()).history.at(-1)).toMatchObject({ to: 'approved', note: null });

    for (const again of [
      () => clients.reviewer!.approveTradeApplication({ params: { id: current.id }, body: { bandCode: 'T2' } }),
      () => clients.reviewer!.disapproveTradeApplication({ params: { id: current.id }, body: { reason: 'Changed my mind' } }),
      () => clients.reviewer!.requireMoreInfoForTradeApplication({ params: { id: current.id }, body: { question: 'More?' } }),
    ]) {
      const error = await failure(again());
      expect([error.status, error.code]).toEqual([409, 'TRADE_APPLICATION_ALREADY_DECIDED']);
    }
    expect((await failure(clients.reviewer!.approveTradeApplication({ params: { id: 999_999 }, body: { bandCode: 'T2' } }))).code).toBe(
      'TRADE_APPLICATION_NOT_FOUND',
    );
    expect((await failure(clients.ann!.approveTradeApplication({ params: { id: current.id }, body: { bandCode: 'T5' } }))).status).toBe(403);
    expect((await failure(clients.ann!.submitTradeApplication({ body: application() }))).code).toBe('TRADE_ACCOUNT_EXISTS');
  });

  it('disapproves with a reason the applicant reads', async () => {
    const submitted = await clients.dan!.submitTradeApplication({
      body: application({ legalName: 'Dan’s Odd Jobs', businessType: 'sole_trader', companyNumber: undefined, vatNumber: undefined }),
    });
    const refused = await clients.reviewer!.disapproveTradeApplication({
      params: { id: submitted.id },
      body: { reason: 'We could not confirm the business address.' },
    });
    expect(refused).toMatchObject({ status: 'disapproved', disapprovalReason: 'We could not confirm the business address.' });
    expect(await clients.dan!.getMyTradeApplication()).toMatchObject({
      status: 'disapproved',
      disapprovalReason: 'We could not confirm the business address.',
    });
    const [email] = await readOutbox(api.database.db, { to: 'dan@refused.example', template: 'trade.application-disapproved' });
    expect(email?.text).toContain('We could not confirm the business address.');
    const blank = await failure(clients.reviewer!.disapproveTradeApplication({ params: { id: submitted.id }, body: { reason: '  ' } }));
    expect(blank.status).toBe(400);
    expect((blank.data as { errors: { message: string }[] }).errors[0]?.message).toBe('Enter the reason: the applicant reads it');
    // Turned down, they may apply again.
    expect(
      (
        await clients.dan!.submitTradeApplication({
          body: application({ legalName: 'Dan Property Services', businessType: 'sole_trader', companyNumber: undefined }),
        })
      ).status,
    ).toBe('submitted');
  });
});

describe('trade accounts and businesses', () => {
  let ann: { id: number; tradeExternalId: string; businessId: number };
  let bobAccount: { tradeExternalId: string };

  beforeAll(async () => {
    // A second business, approved too, to be kept apart from the first.
    const bob = await clients.bob!.submitTradeApplication({
      body: application({ legalName: 'Pipe Works Ltd', tradingName: undefined, companyNumber: '01234567', vatNumber: undefined }),
    });
    await clients.reviewer!.approveTradeApplication({ params: { id: bob.id }, body: { bandCode: 'T1' } });
    bobAccount = bob;
    // Their next tokens carry the trade role.
    for (const name of ['ann', 'bob'] as const) actors[name] = { ...actors[name]!, roles: ['shopper', 'trade'] };
    const account = await clients.reviewer!.searchTradeAccounts({ body: { text: 'flow right' } });
    const summary = account.items[0]!;
    ann = { id: summary.id, tradeExternalId: summary.tradeExternalId, businessId: summary.businessId };
  });

  it('are read by their holder and by staff; another business’s is the same 404 as an unknown one', async () => {
    const own = await clients.ann!.getTradeAccount({ params: { tradeExternalId: ann.tradeExternalId } });
    expect(own).toMatchObject({
      user: { id: 'user-ann' },
      business: { legalName: 'Flow Right Plumbing Ltd', band: { code: 'T2' }, bandSetBy: 'approval' },
      details: { contactPhone: '07700 900123' },
    });
    expect(await clients.reviewer!.getTradeAccount({ params: { tradeExternalId: ann.tradeExternalId } })).toEqual(own);
    const others = await failure(clients.bob!.getTradeAccount({ params: { tradeExternalId: ann.tradeExternalId } }));
    const unknown = await failure(clients.bob!.getTradeAccount({ params: { tradeExternalId: 'TA2222222222222222' } }));
    expect([others.status, others.code, others.message]).toEqual([unknown.status, unknown.code, unknown.message]);
    expect(others.status).toBe(404);
    // A shopper without the trade role is refused before anything is looked up.
    expect((await failure(clients.eve!.getTradeAccount({ params: { tradeExternalId: ann.tradeExternalId } }))).status).toBe(403);
    const band = await clients.ann!.getTradeBandAccount({ params: { tradeExternalId: ann.tradeExternalId } });
    expect(band).toMatchObject({
      band: { code: 'T2' },
      nextBand: { code: 'T3' },
      spendLast12MonthsExVat: 0,
      spendToNextBandExVat: 1_000_000,
      history: [{ from: null, to: 'T2', reason: 'approval', by: 'Rita Reviewer' }],
    });
    expect((await failure(clients.bob!.getTradeBandAccount({ params: { tradeExternalId: ann.tradeExternalId } }))).status).toBe(404);
    expect(await clients.reviewer!.getTradeBandAccountByEmail({ params: { email: 'ANN@flowright.example' } })).toEqual(band);
    expect((await failure(clients.reviewer!.getTradeBandAccountByEmail({ params: { email: 'nobody@example.com' } }))).code).toBe('TRADE_ACCOUNT_NOT_FOUND');
    expect((await failure(clients.ann!.getTradeBandAccountByEmail({ params: { email: 'ann@flowright.example' } }))).status).toBe(403);
  });

  it('are found and opened by staff, with the account holder’s sign-in account', async () => {
    const staffView = await clients.reviewer!.getTradeAccountInternal({ params: { id: ann.id } });
    expect(staffView).toMatchObject({ tradeExternalId: ann.tradeExternalId, bandAccount: { band: { code: 'T2' } }, recentOrders: [] });
    expect((await failure(clients.reviewer!.getTradeAccountInternal({ params: { id: 999_999 } }))).code).toBe('TRADE_ACCOUNT_NOT_FOUND');
    const internal = await clients.reviewer!.getInternalAccount({ params: { id: 'user-ann' } });
    expect(internal).toMatchObject({
      email: 'ann@flowright.example',
      tradeAccount: { tradeExternalId: ann.tradeExternalId },
      latestApplication: { status: 'approved' },
    });
    expect((await failure(clients.reviewer!.getInternalAccount({ params: { id: 'user-nobody' } }))).code).toBe('ACCOUNT_NOT_FOUND');
    const businesses = await clients.reviewer!.searchBusinesses({ query: { searchString: 'LS1 4AP' } });
    expect(businesses.map((business) => business.legalName)).toEqual(expect.arrayContaining(['Flow Right Plumbing Ltd', 'Pipe Works Ltd']));
    expect((await clients.reviewer!.searchBusinesses({ query: { searchString: 'pipe works' } })).map((business) => business.id)).toHaveLength(1);
    const byBand = await clients.reviewer!.searchTradeAccounts({ body: { bandCodes: ['T1'], text: 'pipe' } });
    expect(byBand.items.map((item) => item.tradeExternalId)).toEqual([bobAccount.tradeExternalId]);
    expect((await failure(clients.ann!.searchTradeAccounts({ body: {} }))).status).toBe(403);
    expect((await failure(clients.ann!.searchBusinesses({ query: { searchString: 'pipe' } }))).status).toBe(403);
  });

  it('have their details and business updated by staff, with numbers checked as on applying', async () => {
    const details = await clients.reviewer!.updateTradeAccountDetails({
      params: { tradeExternalId: ann.tradeExternalId },
      body: { contactName: 'Ann Applicant', contactPhone: '0113 496 0000', contactEmail: 'accounts@flowright.example', niceicNumber: 'NIC-12345' },
    });
    expect(details.details).toMatchObject({
      contactPhone: '0113 496 0000',
      contactEmail: 'accounts@flowright.example',
      niceicNumber: 'NIC-12345',
      gasSafeNumber: null,
      contactRole: null,
    });
    const badPhone = await failure(
      clients.reviewer!.updateTradeAccountDetails({ params: { tradeExternalId: ann.tradeExternalId }, body: { contactName: 'Ann', contactPhone: '12' } }),
    );
    expect((badPhone.data as { errors: { message: string }[] }).errors[0]?.message).toBe('Enter a UK phone number, like 07700 900123 or 020 7946 0000');
    const businessDetails = {
      legalName: 'Flow Right Plumbing & Heating Ltd',
      businessType: 'limited_company',
      companyNumber: 'SC123456',
      trade: 'heating_engineer',
      yearsTrading: 7,
      employees: 6,
      address: { line1: '12 Canal Street', town: 'Leeds', postcode: 'LS1 4AP' },
    } as const;
    const refused = await failure(
      clients.reviewer!.updateTradeAccountBusiness({ params: { id: ann.id }, body: { ...businessDetails, vatNumber: 'GB123456789' } }),
    );
    expect([refused.status, refused.code]).toEqual([422, 'TRADE_VAT_NUMBER_INVALID']);
    expect((await clients.reviewer!.getTradeAccount({ params: { tradeExternalId: ann.tradeExternalId } })).business.legalName).toBe('Flow Right Plumbing Ltd');
    const updated = await clients.reviewer!.updateTradeAccountBusiness({ params: { id: ann.id }, body: businessDetails });
    expect(updated.business).toMatchObject({ legalName: 'Flow Right Plumbing & Heating Ltd', trade: 'heating_engineer', vatNumber: null, tradingName: null });
  });

  it('move between bands that exist, set by staff with a reason, kept in the band history', async () => {
    const unknown = await failure(
      clients.reviewer!.setBusinessTradeBand({ params: { id: ann.businessId }, body: { bandCode: 'GOLD', reason: 'Promised volume' } }),
    );
    expect([unknown.status, unknown.code]).toEqual([422, 'TRADE_BAND_UNKNOWN']);
    expect((await failure(clients.reviewer!.setBusinessTradeBand({ params: { id: 999_999 }, body: { bandCode: 'T3', reason: 'x y z' } }))).code).toBe(
      'BUSINESS_NOT_FOUND',
    );
    const moved = await clients.reviewer!.setBusinessTradeBand({
      params: { id: ann.businessId },
      body: { bandCode: 'T3', reason: 'Agreed with the account manager' },
    });
    expect(moved).toMatchObject({ band: { code: 'T3', name: 'Gold' }, bandSetBy: 'staff' });
    const band = await clients.ann!.getTradeBandAccount({ params: { tradeExternalId: ann.tradeExternalId } });
    expect(band.history.map((change) => [change.from, change.to, change.reason, change.note])).toEqual([
      ['T2', 'T3', 'staff', 'Agreed with the account manager'],
      [null, 'T2', 'approval', null],
    ]);
    expect((await failure(clients.ann!.setBusinessTradeBand({ params: { id: ann.businessId }, body: { bandCode: 'T5', reason: 'Please' } }))).status).toBe(403);
  });

  it('have the holder’s password reset by the provider’s e-mail, never seen by staff, and staff told when there is no sign-in to reset', async () => {
    // Ann signs in here with a token of her own, not an account of the embedded provider: it has nothing to reset
    // (trade-sign-in.api.test.ts resets a real one).
    const refused = await failure(clients.reviewer!.resetTradeAccountPassword({ params: { id: ann.id } }));
    expect([refused.status, refused.code]).toEqual([409, 'TRADE_RESET_NO_SIGN_IN']);
    expect(refused.message).toContain('No reset e-mail was sent');
    expect(refused.message).toContain('ann@flowright.example');
    expect(await readOutbox(api.database.db, { to: 'ann@flowright.example', template: 'identity.reset-password' })).toEqual([]);
    expect((await failure(clients.reviewer!.resetTradeAccountPassword({ params: { id: 999_999 } }))).code).toBe('TRADE_ACCOUNT_NOT_FOUND');
    expect((await failure(clients.ann!.resetTradeAccountPassword({ params: { id: ann.id } }))).status).toBe(403);
  });

  it('list the bands for anyone', async () => {
    const bands = await guest.getTradeBands();
    expect(bands.map((band) => [band.code, band.name, band.discountBasisPoints, band.qualifyingSpendExVat])).toEqual([
      ['T1', 'Trade Starter', 500, 0],
      ['T2', 'Silver', 1000, 250_000],
      ['T3', 'Gold', 1250, 1_000_000],
      ['T4', 'Platinum', 1500, 2_500_000],
      ['T5', 'Key Account', 2000, 7_500_000],
    ]);
  });
});

describe('the trade terms', () => {
  it('are a page for anyone, accepted by a trade customer at the current version, and checked', async () => {
    const current = await createTradeTermsClient({ baseUrl: api.serviceUrl('projects') }).getTradeTerms();
    expect(current).toMatchObject({ version: 1, title: 'Plumbline trade account terms' });
    expect(current.sections.length).toBeGreaterThan(3);
    // The terms are for trade customers.
    expect((await failure(terms.dan!.checkTermsAndConditions())).status).toBe(403);
    expect(await terms.ann!.checkTermsAndConditions()).toEqual({ currentVersion: 1, accepted: false, acceptedVersion: null, acceptedAt: null });
    const outdated = await failure(terms.ann!.acceptTermsAndConditions({ query: { version: 2 } }));
    expect([outdated.status, outdated.code]).toEqual([409, 'TRADE_TERMS_VERSION_NOT_CURRENT']);
    expect((outdated.data as { termsVersion: number }).termsVersion).toBe(1);
    const accepted = await terms.ann!.acceptTermsAndConditions({ query: { version: 1 } });
    expect(accepted).toMatchObject({ currentVersion: 1, accepted: true, acceptedVersion: 1 });
    // Accepting again keeps the first time.
    expect(await terms.ann!.acceptTermsAndConditions({ query: { version: 1 } })).toEqual(accepted);
    actors.eve = { ...actors.eve!, roles: ['shopper', 'trade'] };
    expect((await failure(terms.eve!.checkTermsAndConditions())).code).toBe('TRADE_ACCOUNT_NOT_FOUND');
  });
});

describe('an application’s documents', () => {
  it('are at most the number the help page and the application form state, however they are sent', async () => {
    await clients.gil!.submitTradeApplication({
      body: application({
        legalName: 'Gasworks Heating Ltd',
        tradingName: undefined,
        companyNumber: '01234567',
        vatNumber: undefined,
        contactName: 'Gil Gasworks',
      }),
    });
    for (let n = 1; n <= TRADE_APPLICATION_MAX_DOCUMENTS; n++) expect((await upload('gil', PDF, `invoice ${n}.pdf`)).status).toBe(201);
    const refused = await upload('gil', PDF, 'one more.pdf');
    const problem = (await refused.json()) as { code: string; detail: string };
    expect([refused.status, problem.code]).toEqual([409, 'TRADE_DOCUMENT_LIMIT']);
    expect(problem.detail).toContain(`at most ${TRADE_APPLICATION_MAX_DOCUMENTS} documents`);
    expect((await clients.gil!.getMyTradeApplication()).documents).toHaveLength(TRADE_APPLICATION_MAX_DOCUMENTS);
  });
});
