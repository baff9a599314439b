import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientFromEndpoints, createOrdersClient, createTradeClient } from '@shop/api-client';
import { reviewWritingEndpoints, TRADE_APPLICATION_MAX_DOCUMENTS } from '@shop/contracts';
import type { Actor } from '../../platform/context.ts';
import { readyToPay } from '../../testing/ready-to-pay.ts';
import { findSeededSku } from '../../testing/seeded-skus.ts';
import { startTestApi, type TestApi } from '../../testing/test-api.ts';
import { confirmLikeTheFrame, TEST_CARDS } from '../payments/testing.ts';
import { MAX_FILE_BYTES } from './index.ts';
import { EXIF_MAKER, halfPngSignature, hasExifLocation, imageBomb, jpegWithLocation, samplePdf, samplePng } from './testing.ts';

/**
 * Every upload route on the real API, with a file store of this suite's own, so what the store holds
 * can be set against the rows that name files: trade documents, WEEE photos, CVs, damage-report
 * photos and review photos all take the one content check (a decompression bomb and half a PNG
 * signature are refused on each), a refused request leaves no file behind (however many race for
 * the last places), a file is refused as its bytes arrive, and a photo keeps no location.
 */
let api: TestApi;
let filesDir = '';
const actors: Record<string, Actor> = {
  tia: { userId: 'user-uploads-tia', email: 'tia@uploads.example', name: 'Tia Trade', roles: ['shopper'] },
  rex: { userId: 'user-uploads-rex', email: 'rex@uploads.example', name: 'Rex Reviewer', roles: ['shopper'] },
  ola: { userId: 'user-uploads-ola', email: 'ola@uploads.example', name: 'Ola Owner', roles: ['shopper'] },
  staff: { userId: 'user-uploads-staff', roles: ['shopper', 'order-admin', 'review-moderator'] },
};

beforeAll(async () => {
  filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-uploads-'));
  api = await startTestApi({
    // Each request from an address of its own (TRUST_PROXY): the per-client upload limits are not what this tests.
    env: { FILES_DIR: filesDir, TRUST_PROXY: 'true', SANDBOX_WEBHOOK_CHAOS: 'off' },
    authenticate: async (authorization) => actors[authorization.replace(/^Bearer /, '')] ?? null,
  });
});
afterAll(async () => {
  await api?.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

let address = 0;
const headers = (as?: string) => ({ 'x-forwarded-for': `203.0.113.${(address = (address % 250) + 1)}`, ...(as ? { authorization: `Bearer ${as}` } : {}) });

type Part = { field: string; bytes: Uint8Array; name: string };
/** Posts a form as a browser does: its text fields, then its files. */
async function post(url: string, fields: Record<string, string>, files: Part[], as?: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append(file.field, new Blob([Uint8Array.from(file.bytes)]), file.name);
  const response = await fetch(url, { method: 'POST', body: form, headers: headers(as) });
  return { status: response.status, body: (await response.json()) as { code?: string; detail?: string; errors?: { path: string }[] } };
}

/** The ids of the files in the store: each is its bytes and a `<id>.json` beside them. */
const storedIds = () =>
  fs
    .readdirSync(filesDir, { recursive: true })
    .map(String)
    .filter((name) => name.endsWith('.json'))
    .map((name) => path.basename(name, '.json'))
    .toSorted();

/** The ids of the files that rows name: an application's documents, a help request's files, a review's photos. */
async function recordedIds(): Promise<string[]> {
  const result = (await api.database.db.execute(
    sql`select file_id from trade_application_documents union all select file_id from help_request_files union all select file_id from review_photos`,
  )) as unknown as { rows: { file_id: string }[] };
  return result.rows.map((row) => row.file_id).toSorted();
}

/** The five upload routes, each with what it needs besides its files. */
interface Route {
  name: string;
  url: () => string;
  fields: Record<string, string>;
  field: string;
  as?: string;
}
let routes: Route[] = [];

/** An open trade application of `as`'s, ready for documents; the applicant's client. */
async function applyForTrade(as: string, legalName: string, companyNumber: string) {
  const trade = createTradeClient({ baseUrl: api.serviceUrl('accounts'), getAccessToken: () => as });
  await trade.submitTradeApplication({
    body: {
      legalName,
      businessType: 'limited_company',
      companyNumber,
      trade: 'plumber',
      yearsTrading: 3,
      employees: 2,
      expectedMonthlySpendPence: 100_000,
      address: { line1: '3 Mill Lane', town: 'Leeds', postcode: 'LS2 7EW' },
      contactName: actors[as]!.name!,
      contactRole: 'Director',
      contactPhone: '07700 900456',
    },
  });
  return trade;
}
const weekAgo = () => new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  await applyForTrade('tia', 'Upload Heating Ltd', '07654321');
  // A pending review.
  const [product] = (
    (await api.database.db.execute(sql`select slug from products where not is_bundle order by id limit 1`)) as unknown as {
      rows: { slug: string }[];
    }
  ).rows;
  const review = await createClientFromEndpoints(reviewWritingEndpoints, {
    baseUrl: api.serviceUrl('reviews'),
    getAccessToken: () => 'rex',
  }).writeWebsiteReview({
    body: { slug: product!.slug, rating: 4, title: 'Solid and easy to fit', text: 'Fitted in an afternoon; feels well made.', displayName: 'Rex' },
  });
  // A delivered order of Ola's.
  const { sku } = await findSeededSku(api.database.db, sql`s.status = 'in_stock' and p.delivery_class = 'parcel' and not p.is_bundle and s.on_hand >= 20`);
  const ready = await readyToPay(api, sku, 'ola');
  const intent = await ready.checkout.createPaymentIntent({ params: ready.params, body: {} });
  await confirmLikeTheFrame(api.origin, { id: intent.intentId, clientSecret: intent.clientSecret }, { number: TEST_CARDS.succeeds });
  const { orderNumber } = await ready.checkout.completePayment({ params: ready.params });
  const orders = createOrdersClient({ baseUrl: api.serviceUrl('orders'), getAccessToken: () => 'staff' });
  await orders.advanceOrder({ params: { orderNumber }, body: { status: 'dispatched', carrier: 'DPD', trackingNumber: '15501234567890' } });
  await orders.advanceOrder({ params: { orderNumber }, body: { status: 'delivered' } });

  const help = api.serviceUrl('help-centre');
  const me = { name: 'Gill Guest', emailAddress: 'gill@guest.example' };
  routes = [
    { name: 'trade document', url: () => `${api.serviceUrl('accounts')}/api/TradeAccountApplications/mine/documents`, fields: {}, field: 'file', as: 'tia' },
    {
      name: 'WEEE photos',
      url: () => `${help}/Enquiry/electrical-recycling-request`,
      fields: { ...me, newItem: 'Electric shower', oldItemType: 'electric-shower', method: 'collection', postcode: 'LS1 4AP', purchaseDate: weekAgo() },
      field: 'photos',
    },
    {
      name: 'CV',
      url: () => `${help}/Careers/job-application-request`,
      fields: { ...me, phone: '07700 900123', roleId: 'customer-service-advisor', coverNote: 'Five years on the phones.' },
      field: 'cv',
    },
    {
      name: 'damage report',
      url: () => `${help}/Order/${orderNumber}/report-damaged-or-missing-items`,
      fields: { lines: JSON.stringify([{ position: 0, quantity: 1 }]), issueType: 'damaged', description: 'The basin arrived cracked', podSignedDamaged: 'no' },
      field: 'photos',
      as: 'ola',
    },
    { name: 'review photos', url: () => `${api.serviceUrl('reviews')}/Reviews/${review.reviewId}/Photos`, fields: {}, field: 'photos', as: 'rex' },
  ];
});

describe('one content check on every upload route', () => {
  it('refuses a decompression bomb (a 200-byte PNG declaring 100,000 × 100,000 pixels) before decoding it, storing nothing', async () => {
    const before = storedIds();
    for (const route of routes) {
      const answer = await post(route.url(), route.fields, [{ field: route.field, bytes: imageBomb(), name: 'tiles.png' }], route.as);
      // A CV is never a picture: refused by its type before anything would decode it.
      const expected =
        route.name === 'CV'
          ? ['FILE_TYPE_NOT_ALLOWED', 'The selected file must be a PDF or Word document']
          : ['FILE_IMAGE_TOO_LARGE', 'The selected image must be smaller than 40 megapixels (such as 8000 by 5000 pixels)'];
      expect([route.name, answer.status, answer.body.code, answer.body.detail]).toEqual([route.name, 422, ...expected]);
    }
    expect(storedIds()).toEqual(before);
  });

  it('refuses a file with only the first four bytes of a PNG signature, sent after a good one, storing neither', async () => {
    const before = storedIds();
    for (const route of routes) {
      const good = route.name === 'CV' ? samplePdf() : samplePng();
      // A CV form takes one file: the half signature is its only one.
      const files = route.name === 'CV' || route.name === 'trade document' ? [] : [{ field: route.field, bytes: good, name: 'good.png' }];
      const answer = await post(route.url(), route.fields, [...files, { field: route.field, bytes: halfPngSignature(), name: 'crack.png' }], route.as);
      expect([route.name, answer.status, answer.body.code]).toEqual([route.name, 422, 'FILE_TYPE_NOT_ALLOWED']);
      expect(answer.body.errors?.[0]?.path).toMatch(route.name === 'trade document' ? /^file$/ : new RegExp(`^body\\.${route.field}\\.${files.length}$`));
    }
    expect(storedIds()).toEqual(before);
    expect(await recordedIds()).toEqual(before);
  });
});

describe('what is stored is what rows name', () => {
  it('keeps exactly the ten trade documents that have rows when fourteen are sent at once', async () => {
    // Another applicant, so this application starts with no documents.
    actors.tom = { userId: 'user-uploads-tom', email: 'tom@uploads.example', name: 'Tom Trade', roles: ['shopper'] };
    const trade = await applyForTrade('tom', 'Race Plumbing Ltd', '07654322');
    const url = `${api.serviceUrl('accounts')}/api/TradeAccountApplications/mine/documents`;
    const answers = await Promise.all(
      Array.from({ length: TRADE_APPLICATION_MAX_DOCUMENTS + 4 }, (_, n) =>
        post(url, {}, [{ field: 'file', bytes: samplePdf(`Invoice ${n}`), name: `invoice ${n}.pdf` }], 'tom'),
      ),
    );
    const statuses = answers.map((answer) => answer.status).toSorted((a, b) => a - b);
    expect(statuses).toEqual([...Array.from({ length: TRADE_APPLICATION_MAX_DOCUMENTS }, () => 201), 409, 409, 409, 409]);
    expect(answers.filter((answer) => answer.status === 409).every((answer) => answer.body.code === 'TRADE_DOCUMENT_LIMIT')).toBe(true);
    expect((await trade.getMyTradeApplication()).documents).toHaveLength(TRADE_APPLICATION_MAX_DOCUMENTS);
    expect(storedIds()).toEqual(await recordedIds());
  });

  it('keeps no photo of a damage report whose second photo is refused, and the report’s photos when it is taken', async () => {
    const damage = routes.find((route) => route.name === 'damage report')!;
    const before = storedIds();
    for (const second of [halfPngSignature(), imageBomb(), Buffer.from('%PDF-1.4 not a photo')]) {
      const answer = await post(
        damage.url(),
        damage.fields,
        [
          { field: 'photos', bytes: samplePng(), name: 'front.png' },
          { field: 'photos', bytes: second, name: 'side.png' },
        ],
        'ola',
      );
      expect(answer.status).toBe(422);
      expect(storedIds()).toEqual(before);
    }
    const taken = await post(damage.url(), damage.fields, [{ field: 'photos', bytes: samplePng(), name: 'front.png' }], 'ola');
    expect(taken.status).toBe(201);
    expect(storedIds()).toHaveLength(before.length + 1);
    expect(storedIds()).toEqual(await recordedIds());
  });
});

describe('what a form sends besides its files', () => {
  it('leaves out an empty file input (a nameless, empty part), and refuses a named empty file', async () => {
    const weee = routes.find((route) => route.name === 'WEEE photos')!;
    const form = new FormData();
    for (const [name, value] of Object.entries(weee.fields)) form.append(name, value);
    form.append('photos', new Blob([]), '');
    form.append('photos', new Blob([Uint8Array.from(samplePng())]), 'old shower.png');
    const taken = await fetch(weee.url(), { method: 'POST', body: form, headers: headers() });
    expect(taken.status).toBe(201);
    const { reference } = (await taken.json()) as { reference: string };
    const files = (await api.database.db.execute(
      sql`select f.file_name from help_request_files f join help_requests r on r.id = f.request_id where r.reference = ${reference}`,
    )) as unknown as { rows: { file_name: string }[] };
    expect(files.rows).toEqual([{ file_name: 'old shower.png' }]);

    const empty = await post(weee.url(), weee.fields, [{ field: 'photos', bytes: new Uint8Array(), name: 'empty.png' }]);
    expect([empty.status, empty.body.code]).toEqual([422, 'FILE_EMPTY']);
  });
});

describe('a photo as it is served', () => {
  it('has no EXIF: not where it was taken, nor the camera, and stands the way the phone held it', async () => {
    actors.una = { userId: 'user-uploads-una', email: 'una@uploads.example', name: 'Una', roles: ['shopper'] };
    const writing = createClientFromEndpoints(reviewWritingEndpoints, { baseUrl: api.serviceUrl('reviews'), getAccessToken: () => 'una' });
    const [product] = (
      (await api.database.db.execute(sql`select slug from products where not is_bundle order by id limit 1 offset 1`)) as unknown as {
        rows: { slug: string }[];
      }
    ).rows;
    const { reviewId } = await writing.writeWebsiteReview({
      body: { slug: product!.slug, rating: 5, title: 'Lovely finish', text: 'The chrome is even and it came well packed.', displayName: 'Una' },
    });
    const photo = await jpegWithLocation();
    expect(hasExifLocation(photo)).toBe(true);
    const form = new FormData();
    form.append('photos', new Blob([Uint8Array.from(photo)], { type: 'image/jpeg' }), 'IMG_0042.jpg');
    const sent = await fetch(`${api.serviceUrl('reviews')}/Reviews/${reviewId}/Photos`, { method: 'POST', body: form, headers: headers('una') });
    expect(sent.status).toBe(201);
    const { photos } = (await sent.json()) as { photos: { url: string }[] };
    const publish = createClientFromEndpoints(reviewWritingEndpoints, { baseUrl: api.serviceUrl('reviews'), getAccessToken: () => 'staff' });
    await publish.publishReview({ params: { reviewId }, body: { version: 2 } });

    // As any shopper sees it, and as the moderator saw it.
    for (const as of [undefined, 'staff']) {
      const served = await fetch(`${api.origin}${photos[0]!.url}`, { headers: headers(as) });
      expect(served.headers.get('content-disposition')).toBe('inline');
      const bytes = Buffer.from(await served.arrayBuffer());
      expect([hasExifLocation(bytes), bytes.includes(EXIF_MAKER), bytes.includes('Exif\0\0')]).toEqual([false, false, false]);
      const { width, height, orientation, exif } = await sharp(bytes).metadata();
      expect({ width, height, orientation, exif }).toEqual({ width: 2, height: 4, orientation: undefined, exif: undefined });
    }
  });
});

/**
 * Sends a CV of `total` bytes to the careers form over a raw connection, a chunk at a time as the
 * socket takes them, and stops sending when the answer arrives: the answer, and how much had been
 * sent by then. With `declareLength`, the request says its length up front (as a browser does);
 * with `junkFirst`, the bytes come before the form's first boundary (which busboy skips), not in the CV.
 */
function streamCv(
  total: number,
  { declareLength = false, junkFirst = false } = {},
): Promise<{ status: number; body: { code?: string }; sentWhenAnswered: number }> {
  const boundary = 'streamedcvboundary';
  const fields = { name: 'Gill Guest', emailAddress: 'gill@guest.example', phone: '07700 900123', roleId: 'customer-service-advisor', coverNote: 'Hello' };
  const head = Buffer.from(
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('') + `--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL(`${api.serviceUrl('help-centre')}/Careers/job-application-request`);
  return new Promise((resolve, reject) => {
    let sent = 0;
    // Set by the answer's callback, between the writes: the loop below runs only until the socket is full.
    const state = { answered: false };
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        // A connection kept open, as a browser's is (without an agent, Node asks for it to be closed after the answer).
        agent: new http.Agent({ keepAlive: true }),
        headers: {
          ...headers(),
          'content-type': `multipart/form-data; boundary=${boundary}`,
          ...(declareLength ? { 'content-length': String(head.length + total + tail.length) } : {}),
        },
      },
      (response) => {
        state.answered = true;
        const sentWhenAnswered = sent;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          request.destroy();
          resolve({ status: response.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as { code?: string }, sentWhenAnswered });
        });
      },
    );
    // Once answered, the server closes the connection: what the client then fails to write is expected.
    request.on('error', (error) => (state.answered ? undefined : reject(error)));
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const send = () => {
      while (!state.answered && sent < total) {
        const size = Math.min(chunk.length, total - sent);
        sent += size;
        if (!request.write(chunk.subarray(0, size))) return void request.once('drain', send);
      }
      if (!state.answered) request.end(tail);
    };
    if (junkFirst) {
      // The junk goes first; the form (with an empty CV) after it.
      const form = head;
      const end = () => !state.answered && request.end(Buffer.concat([form, tail]));
      const sendJunk = () => {
        while (!state.answered && sent < total) {
          const size = Math.min(chunk.length, total - sent);
          sent += size;
          if (!request.write(chunk.subarray(0, size))) return void request.once('drain', sendJunk);
        }
        end();
      };
      return sendJunk();
    }
    request.write(head, send);
  });
}

describe('limits applied as the bytes arrive', () => {
  const total = 30 * 1024 * 1024;

  it('answers 413 for a 30MB CV once it passes 5MB, while the client is still sending it', async () => {
    const before = storedIds();
    const answer = await streamCv(total);
    expect([answer.status, answer.body.code]).toEqual([413, 'FILE_TOO_LARGE']);
    expect(answer.sentWhenAnswered).toBeGreaterThan(MAX_FILE_BYTES);
    // The answer came with the file's first 5MB and what the sockets between held: well before half of it was sent.
    expect(answer.sentWhenAnswered).toBeLessThan(total / 2);
    expect(storedIds()).toEqual(before);
  });

  it('answers 413 for bytes outside the form’s parts once they pass what its files and fields can be', async () => {
    const answer = await streamCv(total, { junkFirst: true });
    expect([answer.status, answer.body.code]).toEqual([413, 'FILE_FORM_TOO_LARGE']);
    // One CV of 5MB, one file's worth more, and room for the fields: refused past 10.25MB, while still sending.
    expect(answer.sentWhenAnswered).toBeGreaterThan(2 * MAX_FILE_BYTES);
    expect(answer.sentWhenAnswered).toBeLessThan(total);
  });

  it('answers 413 at once when the request says it is longer than the form can be', async () => {
    const answer = await streamCv(total, { declareLength: true });
    expect([answer.status, answer.body.code]).toEqual([413, 'FILE_FORM_TOO_LARGE']);
    expect(answer.sentWhenAnswered).toBeLessThan(MAX_FILE_BYTES);
  });
});
