import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHelpCentreEnquiriesClient, type HelpCentreEnquiriesClient } from '@shop/api-client';
import type { Actor } from '../../platform/context.ts';
import { findSeededSku } from '../../testing/seeded-skus.ts';
import { failure, startTestApi, type TestApi } from '../../testing/test-api.ts';
import { sampleDoc, sampleDocx, samplePdf, samplePng } from '../files/testing.ts';
import { readOutbox } from '../notifications/testing.ts';
import { confirmLikeTheFrame, TEST_CARDS } from '../payments/testing.ts';
import { readyToPay } from '../../testing/ready-to-pay.ts';

let api: TestApi;
let guest: HelpCentreEnquiriesClient;
const as: Record<string, HelpCentreEnquiriesClient> = {};
const actors: Record<string, Actor> = {
  sam: { userId: 'user-sam', email: 'sam@shopper.example', name: 'Sam Shopper', roles: ['shopper'] },
  olive: { userId: 'user-olive', email: 'olive@staff.example', name: 'Olive Orders', roles: ['shopper', 'order-admin'] },
};
let sku: string;

beforeAll(async () => {
  api = await startTestApi({ authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null });
  guest = createHelpCentreEnquiriesClient({ baseUrl: api.serviceUrl('help-centre') });
  for (const name of Object.keys(actors)) as[name] = createHelpCentreEnquiriesClient({ baseUrl: api.serviceUrl('help-centre'), getAccessToken: () => name });
  // A parcel, so a guest can order it with standard delivery (the WEEE request with an order).
  ({ sku } = await findSeededSku(api.database.db, sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and s.on_hand >= 20`, 5));
});
afterAll(() => api.close());

const stored = async (reference: string) =>
  (
    (await api.database.db.execute(
      sql`select r.type, r.name, r.email_address as "emailAddress", r.customer_id as "customerId", r.sku, r.details, r.summary,
                 (select body from help_request_messages m where m.request_id = r.id order by m.id limit 1) as message,
                 (select count(*)::int from help_request_files f where f.request_id = r.id) as files,
                 (select min(file_name) from help_request_files f where f.request_id = r.id) as "fileName"
          from help_requests r where r.reference = ${reference}`,
    )) as unknown as { rows: Record<string, unknown>[] }
  ).rows[0];
const requestCount = async () =>
  Number(((await api.database.db.execute(sql`select count(*)::int as n from help_requests`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

const me = { name: 'Gill Guest', emailAddress: 'gill@guest.example' };
const weekday = () => {
  const day = new Date(Date.now() + 2 * 86_400_000);
  while ([0, 6].includes(day.getUTCDay())) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
};

describe('the enquiry forms', () => {
  it('each record a request with an HC- reference, its type and routing time, and e-mail an acknowledgement', async () => {
    const calls = [
      [
        'PRICE_MATCH',
        () =>
          guest.requestPriceMatch({
            body: {
              ...me,
              sku,
              competitorUrl: 'https://www.other.example/basin',
              competitorPricePence: 9_999,
              competitorInStock: true,
              competitorDelivery: 'Next day',
            },
          }),
      ],
      ['PRODUCT_QUESTION', () => guest.askProductQuestion({ body: { ...me, sku, question: 'Is it suitable for low pressure?', mayPublish: true } })],
      ['GENERAL_ENQUIRY', () => guest.sendGeneralEnquiry({ body: { ...me, topic: 'website', message: 'Your search is great' } })],
      ['RETAIL_PARTNER', () => guest.sendRetailPartnerProductForm({ body: { ...me, companyName: 'Tapworks Ltd', products: 'Brass taps made in Sheffield' } })],
      ['TRADE_ENQUIRY', () => guest.sendTradeEnquiry({ body: { ...me, companyName: 'Gill Plumbing', tradeType: 'plumber', query: 'What band would I get?' } })],
      ['MARKETING_PRESS', () => guest.sendMarketingPressEnquiry({ body: { ...me, organisation: 'Bathroom Weekly', brief: 'A feature on wet rooms' } })],
      [
        'CATALOGUE_REQUEST',
        () => guest.requestCatalogue({ body: { ...me, catalogue: 'brochure', address: { line1: '1 Canal Street', town: 'Leeds', postcode: 'ls1 4ap' } } }),
      ],
      [
        'TRADE_CALLBACK',
        () =>
          guest.requestTradeCallback({
            body: { ...me, companyName: 'Gill Plumbing', phone: '07700 900123', preferredDate: weekday(), slot: 'morning', topic: 'Credit account' },
          }),
      ],
      ['FEEDBACK', () => guest.sendFeedback({ body: { ...me, rating: 4, comment: 'Quick delivery', page: '/checkout' } })],
    ] as const;
    for (const [type, call] of calls) {
      const accepted = await call();
      expect([type, accepted.reference]).toEqual([type, expect.stringMatching(/^HC-[2-9A-Z]{6}$/)]);
      expect(new Date(accepted.dueAt).getTime()).toBeGreaterThan(Date.now());
      expect(accepted.nextSteps.length).toBeGreaterThan(0);
      expect(await stored(accepted.reference)).toMatchObject({ type, name: 'Gill Guest', emailAddress: 'gill@guest.example', customerId: null });
      const emails = await readOutbox(api.database.db, { to: 'gill@guest.example', template: 'help-centre.acknowledgement' });
      expect(emails.some((email) => email.text.includes(accepted.reference))).toBe(true);
    }
    const catalogue = (await readOutbox(api.database.db, { to: 'gill@guest.example' })).find((email) => email.subject.includes('catalogue request'));
    expect(catalogue?.text).toContain('LS1 4AP');
  });

  it('take a signed-in customer’s name and e-mail address from their account', async () => {
    const accepted = await as.sam!.askProductQuestion({
      body: { sku, question: 'What is the flow rate?', name: 'Someone Else', emailAddress: 'else@x.example' },
    });
    expect(await stored(accepted.reference)).toMatchObject({ name: 'Sam Shopper', emailAddress: 'sam@shopper.example', customerId: 'user-sam', sku });
  });

  it('refuse missing and malformed fields in words a person can act on, storing nothing', async () => {
    const before = await requestCount();
    const refusals = [
      [() => guest.sendGeneralEnquiry({ body: { ...me, topic: 'website', message: '   ' } }), 400, 'body.message', 'Enter your message'],
      [() => guest.sendGeneralEnquiry({ body: { message: 'Hello', topic: 'website', name: 'Gill' } }), 422, 'body.emailAddress', 'Enter your e-mail address'],
      [
        () => guest.sendGeneralEnquiry({ body: { ...me, emailAddress: 'not-an-address', topic: 'website', message: 'Hi' } }),
        400,
        'body.emailAddress',
        'Enter an e-mail address in the correct format, like name@example.com',
      ],
      [() => guest.sendGeneralEnquiry({ body: { ...me, topic: 'weather' as never, message: 'Hi' } }), 400, 'body.topic', 'Choose what your enquiry is about'],
      [() => guest.sendFeedback({ body: { ...me, rating: 6, comment: 'Great' } }), 400, 'body.rating', 'Choose a rating from 1 to 5'],
      [
        () => guest.askProductQuestion({ body: { ...me, sku: 'NO-SUCH-SKU', question: 'Does it exist?' } }),
        422,
        'body.sku',
        'We do not sell a product with that code: check the code and try again',
      ],
      [
        () =>
          guest.requestPriceMatch({
            body: {
              ...me,
              sku,
              competitorUrl: 'https://www.other.example/basin',
              competitorPricePence: 9_999,
              competitorInStock: false,
              competitorDelivery: '2 weeks',
            },
          }),
        422,
        'body.competitorInStock',
        'We can only match the price of an item the other shop has in stock',
      ],
      [
        () =>
          guest.requestPriceMatch({
            body: { ...me, sku, competitorUrl: 'javascript:alert(1)', competitorPricePence: 9_999, competitorInStock: true, competitorDelivery: 'Next day' },
          }),
        400,
        'body.competitorUrl',
        'Enter the web address of the other shop’s product page, like https://www.example.co.uk/product',
      ],
      [
        () => guest.requestTradeCallback({ body: { ...me, companyName: 'Gill', phone: '12345', preferredDate: weekday(), slot: 'morning', topic: 'Credit' } }),
        400,
        'body.phone',
        'Enter a UK phone number, like 07700 900123 or 020 7946 0000',
      ],
      [
        () =>
          guest.requestTradeCallback({
            body: { ...me, companyName: 'Gill', phone: '07700 900123', preferredDate: '2020-01-06', slot: 'morning', topic: 'Credit' },
          }),
        422,
        'body.preferredDate',
        'Choose a weekday from today to 30 days ahead for us to call',
      ],
      [
        () => guest.requestCatalogue({ body: { ...me, catalogue: 'brochure', address: { line1: '1 Road', town: 'Leeds', postcode: 'NOT A POSTCODE' } } }),
        400,
        'body.address.postcode',
        'Enter a real UK postcode, like LS1 4AP',
      ],
    ] as const;
    for (const [call, status, path, message] of refusals) {
      const error = await failure(call());
      expect([error.status, path, message]).toEqual([status, path, message]);
      const problem = error.data as { errors: { path: string; message: string }[] };
      expect(problem.errors).toContainEqual(expect.objectContaining({ path, message }));
    }
    expect(await requestCount()).toBe(before);
  });

  it('keep HTML in what people type as text: stored as typed, escaped in e-mails', async () => {
    const script = '<script>alert("x")</script> & <b>bold</b>';
    const accepted = await guest.sendGeneralEnquiry({ body: { name: '<i>Gill</i>', emailAddress: 'html@guest.example', topic: 'other', message: script } });
    expect(await stored(accepted.reference)).toMatchObject({ name: '<i>Gill</i>', message: script });
    const [email] = await readOutbox(api.database.db, { to: 'html@guest.example' });
    expect(email?.html).not.toContain('<i>Gill</i>');
    expect(email?.html).toContain('&lt;i&gt;Gill&lt;/i&gt;');
  });
});

describe('e-mailing a product to a friend', () => {
  it('sends its name, price and link, is not an inbox request, and is limited per client', async () => {
    const before = await requestCount();
    const sent = await guest.emailProductToFriend({
      body: { sku, senderName: 'Gill', friendEmailAddress: 'friend@pal.example', message: 'For the en-suite?' },
    });
    expect(sent.sentTo).toBe('friend@pal.example');
    const [email] = await readOutbox(api.database.db, { to: 'friend@pal.example', template: 'help-centre.product-email' });
    expect(email?.text).toContain(sent.productName);
    expect(email?.text).toMatch(/£[\d,.]+ including VAT/);
    expect(email?.text).toContain('/p/');
    expect(await requestCount()).toBe(before);
    expect((await failure(guest.emailProductToFriend({ body: { sku: 'NOPE', senderName: 'Gill', friendEmailAddress: 'friend@pal.example' } }))).code).toBe(
      'ENQUIRY_PRODUCT_UNKNOWN',
    );
    const statuses: number[] = [];
    for (let call = 0; call < 5; call++) {
      statuses.push(
        await guest.emailProductToFriend({ body: { sku, senderName: 'Gill', friendEmailAddress: 'friend@pal.example' } }).then(
          () => 201,
          (error: { status: number }) => error.status,
        ),
      );
    }
    // Five a minute: the first two calls and three more, then refused.
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
  });
});

/** A multipart form, sent as a browser would. */
function multipart(path: string, fields: Record<string, string>, files: { field: string; bytes: Uint8Array; name: string; type?: string }[], actor?: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append(file.field, new Blob([Uint8Array.from(file.bytes)], { type: file.type ?? 'image/png' }), file.name);
  return fetch(`${api.serviceUrl('help-centre')}${path}`, { method: 'POST', body: form, headers: actor ? { authorization: `Bearer ${actor}` } : {} });
}
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const weee = { ...me, newItem: 'Triton T80 electric shower', oldItemType: 'electric-shower', method: 'collection', postcode: 'ls1 4ap' };

describe('the electrical recycling (WEEE) request', () => {
  it('takes photos of the old item within 28 days of buying the new one, and names files safely', async () => {
    const response = await multipart('/Enquiry/electrical-recycling-request', { ...weee, purchaseDate: daysAgo(3) }, [
      { field: 'photos', bytes: samplePng(), name: '../../x' },
      { field: 'photos', bytes: samplePng(), name: 'side.png' },
    ]);
    expect(response.status).toBe(201);
    const accepted = (await response.json()) as { reference: string; nextSteps: string[] };
    expect(accepted.nextSteps.join(' ')).toContain('LS1 4AP');
    expect(await stored(accepted.reference)).toMatchObject({ type: 'WEEE_RECYCLING', files: 2, fileName: 'side.png' });
    const names = (await api.database.db.execute(sql`select file_name from help_request_files order by file_name`)) as unknown as {
      rows: { file_name: string }[];
    };
    expect(names.rows.map((row) => row.file_name)).toContain('x.png');
  });

  it('refuses a missing photo, too many, the wrong type, too big, a closed window and someone else’s order, storing nothing', async () => {
    const before = await requestCount();
    const photo = { field: 'photos', bytes: samplePng(), name: 'old.png' };
    const refusals = [
      [{ ...weee, purchaseDate: daysAgo(3) }, [], 422, 'ENQUIRY_PHOTO_MISSING'],
      [{ ...weee, purchaseDate: daysAgo(3) }, [photo, photo, photo, photo], 422, 'ENQUIRY_TOO_MANY_FILES'],
      [
        { ...weee, purchaseDate: daysAgo(3) },
        [{ field: 'photos', bytes: new TextEncoder().encode('<html><script>1</script>'), name: 'old.jpg' }],
        422,
        'FILE_TYPE_NOT_ALLOWED',
      ],
      [{ ...weee, purchaseDate: daysAgo(3) }, [{ field: 'photos', bytes: new Uint8Array(5 * 1024 * 1024 + 1), name: 'huge.png' }], 413, 'FILE_TOO_LARGE'],
      [{ ...weee, purchaseDate: daysAgo(40) }, [photo], 422, 'WEEE_WINDOW_CLOSED'],
      [{ ...weee }, [photo], 422, 'WEEE_PURCHASE_DATE_MISSING'],
      [{ ...weee, orderNumber: 'BP99999999' }, [photo], 404, 'ORDER_NOT_FOUND'],
      [{ ...weee, oldItemType: 'toaster', purchaseDate: daysAgo(3) }, [photo], 400, 'VALIDATION_FAILED'],
    ] as const;
    for (const [fields, files, status, code] of refusals) {
      const response = await multipart('/Enquiry/electrical-recycling-request', fields, [...files]);
      const problem = (await response.json()) as { code: string; detail: string };
      expect([response.status, problem.code, problem.detail]).toEqual([status, code, expect.any(String)]);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
    }
    const closed = await multipart('/Enquiry/electrical-recycling-request', { ...weee, purchaseDate: daysAgo(40) }, [photo]);
    expect(((await closed.json()) as { detail: string }).detail).toMatch(/^We take back an old item free within 28 days of buying the new one/);
    const bad = await multipart('/Enquiry/electrical-recycling-request', { ...weee, oldItemType: 'toaster', purchaseDate: daysAgo(3) }, [photo]);
    expect(((await bad.json()) as { errors: { path: string; message: string }[] }).errors).toEqual([
      expect.objectContaining({ path: 'body.oldItemType', message: 'Choose the type of old item' }),
    ]);
    expect(await requestCount()).toBe(before);
  });
});

describe('the electrical recycling (WEEE) request with an order', () => {
  it('counts the 28 days from the order, which must be the guest’s by its e-mail address', async () => {
    const ready = await readyToPay(api, sku);
    const intent = await ready.checkout.createPaymentIntent({ params: ready.params, body: {} });
    await confirmLikeTheFrame(api.origin, { id: intent.intentId, clientSecret: intent.clientSecret }, { number: TEST_CARDS.succeeds });
    const { orderNumber } = await ready.checkout.completePayment({ params: ready.params });
    const photo = { field: 'photos', bytes: samplePng(), name: 'old.png' };
    const fields = { ...weee, emailAddress: 'sam@example.com', orderNumber: orderNumber.toLowerCase() };

    const someoneElse = await multipart('/Enquiry/electrical-recycling-request', { ...fields, emailAddress: 'other@example.com' }, [photo]);
    expect([someoneElse.status, ((await someoneElse.json()) as { code: string }).code]).toEqual([404, 'ORDER_NOT_FOUND']);
    const response = await multipart('/Enquiry/electrical-recycling-request', fields, [photo]);
    expect(response.status).toBe(201);
    const { reference } = (await response.json()) as { reference: string };
    const row = (await api.database.db.execute(sql`select order_number from help_requests where reference = ${reference}`)) as unknown as {
      rows: { order_number: string }[];
    };
    expect(row.rows[0]!.order_number).toBe(orderNumber);

    await api.database.db.execute(sql`update orders set placed_at = now() - interval '40 days' where order_number = ${orderNumber}`);
    const late = await multipart('/Enquiry/electrical-recycling-request', fields, [photo]);
    expect(await late.json()).toMatchObject({ code: 'WEEE_WINDOW_CLOSED', errors: [expect.objectContaining({ path: 'body.orderNumber' })] });
  });
});

describe('job applications', () => {
  it('lists the open roles and takes a CV as a PDF or Word document', async () => {
    const { roles } = await guest.getOpenRoles();
    expect(roles.map((role) => role.id)).toContain('customer-service-advisor');
    const application = { ...me, phone: '07700 900123', roleId: 'customer-service-advisor', coverNote: 'Five years in a contact centre.' };
    for (const [bytes, name] of [
      [sampleDocx(), 'My CV.docx'],
      [sampleDoc(), 'cv.doc'],
      [samplePdf(), 'cv.pdf'],
    ] as const) {
      const response = await multipart('/Careers/job-application-request', application, [{ field: 'cv', bytes, name, type: 'application/octet-stream' }]);
      expect([name, response.status]).toEqual([name, 201]);
      const { reference } = (await response.json()) as { reference: string };
      expect(await stored(reference)).toMatchObject({ type: 'JOB_APPLICATION', files: 1, fileName: name });
    }
  });

  it('refuses a photo for a CV, no CV, a role that is not open and a missing cover note', async () => {
    const application = { ...me, phone: '07700 900123', roleId: 'customer-service-advisor', coverNote: 'Hello' };
    const photo = await multipart('/Careers/job-application-request', application, [{ field: 'cv', bytes: samplePng(), name: 'cv.pdf' }]);
    expect(await photo.json()).toMatchObject({ code: 'FILE_TYPE_NOT_ALLOWED', detail: 'The selected file must be a PDF or Word document' });
    expect(await (await multipart('/Careers/job-application-request', application, [])).json()).toMatchObject({
      code: 'ENQUIRY_CV_MISSING',
      detail: 'Select your CV',
    });
    const closed = await multipart('/Careers/job-application-request', { ...application, roleId: 'astronaut' }, [
      { field: 'cv', bytes: samplePdf(), name: 'cv.pdf' },
    ]);
    expect(await closed.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: [expect.objectContaining({ message: 'Choose the role you are applying for' })],
    });
    const { coverNote: _, ...withoutNote } = application;
    const noNote = await multipart('/Careers/job-application-request', withoutNote, [{ field: 'cv', bytes: samplePdf(), name: 'cv.pdf' }]);
    expect(await noNote.json()).toMatchObject({ errors: [expect.objectContaining({ path: 'body.coverNote', message: 'Enter a cover note' })] });
    const notForm = await fetch(`${api.serviceUrl('help-centre')}/Careers/job-application-request`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: 'garbage',
    });
    expect([notForm.status, ((await notForm.json()) as { code: string }).code]).toEqual([400, 'ENQUIRY_FORM_MISSING']);
  });
});

describe('account deletion (UK GDPR erasure)', () => {
  it('is confirmed by the session when signed in, carried out by staff, and keeps orders for tax', async () => {
    const created = await api.database.db.execute(
      sql`insert into identity_users (email, name, password_hash, roles) values ('erase.me@shopper.example', 'Erin Erase', 'x', '{shopper}') returning id`,
    );
    const userId = (created as unknown as { rows: { id: string }[] }).rows[0]!.id;
    actors.erin = { userId, email: 'erase.me@shopper.example', name: 'Erin Erase', roles: ['shopper'] };
    const erin = createHelpCentreEnquiriesClient({ baseUrl: api.serviceUrl('help-centre'), getAccessToken: () => 'erin' });
    const accepted = await erin.requestAccountDeletion({ body: { reason: 'I no longer shop here' } });
    expect(accepted.identityConfirmed).toBe(true);

    expect((await failure(erin.getErasurePlan({ params: { reference: accepted.reference } }))).status).toBe(403);
    const plan = await as.olive!.getErasurePlan({ params: { reference: accepted.reference } });
    expect(plan).toMatchObject({ identityConfirmed: true, account: { userId, email: 'erase.me@shopper.example' }, erasedAt: null });
    expect(plan.keep.join(' ')).toContain('6 years');
    const done = await as.olive!.carryOutErasure({ params: { reference: accepted.reference } });
    expect(done.erasedAt).not.toBeNull();
    expect(done.account).toBeNull();
    const user = (await api.database.db.execute(sql`select email, name from identity_users where id = ${userId}`)) as unknown as {
      rows: { email: string; name: string }[];
    };
    expect(user.rows[0]).toEqual({ email: `erased-${userId}@erased.invalid`, name: 'Erased customer' });
    // Twice is fine.
    expect((await as.olive!.carryOutErasure({ params: { reference: accepted.reference } })).erasedAt).toBe(done.erasedAt);
  });

  it('from a guest waits for the e-mailed link before staff may carry it out', async () => {
    const accepted = await guest.requestAccountDeletion({ body: { name: 'Gus Guest', emailAddress: 'gus@guest.example', reason: 'Privacy' } });
    expect(accepted.identityConfirmed).toBe(false);
    // Staff see that it waits for the link, but not even the hash of the link's token.
    const inInbox = await fetch(`${api.serviceUrl('help-centre')}/Staff/Help/${accepted.reference}`, { headers: { authorization: 'Bearer olive' } });
    const { details } = (await inInbox.json()) as { details: Record<string, unknown> };
    expect(details).toMatchObject({ identityConfirmed: false, reason: 'Privacy' });
    expect(Object.keys(details).filter((key) => key.toLowerCase().includes('token'))).toEqual([]);
    expect((await failure(as.olive!.carryOutErasure({ params: { reference: accepted.reference } }))).code).toBe('ERASURE_NOT_CONFIRMED');
    const [email] = await readOutbox(api.database.db, { to: 'gus@guest.example', template: 'help-centre.erasure-confirm' });
    const token = /confirm-deletion\/([\w-]+)/.exec(email!.text)![1]!;
    expect((await failure(guest.confirmAccountDeletion({ params: { token: 'x'.repeat(24) } }))).code).toBe('ERASURE_LINK_INVALID');
    expect(await guest.confirmAccountDeletion({ params: { token } })).toMatchObject({ reference: accepted.reference, identityConfirmed: true });
    expect((await as.olive!.carryOutErasure({ params: { reference: accepted.reference } })).erasedAt).not.toBeNull();
  });
});
