import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNREAD_BODY_DISCARD_BYTES } from './web.ts';
import { serverTestBed, startStorefrontAlone, storefrontBuild } from './server-tests.ts';

/**
 * A form too large to read (a 30 MB photo posted without the page's scripts) is refused by its
 * page's action from its Content-Length, unread. A browser reads no answer until it has sent the
 * whole form, so the web tier reads the rest and throws it away: the shopper gets the refusal page,
 * never a page that loads for ever. Far above any page's limit it answers and closes the connection.
 */
const STARTUP_MS = 60_000;
const MB = 1024 * 1024;
const REFUSAL = 'The files are too large: choose up to 3 files, each smaller than 5MB.';

// The page's action as the shop's are (apps/web/app/lib/uploads/posted-form.ts): refused by its length, or read.
const formPage =
  '{ action: async ({ request }) => Number(request.headers.get("content-length")) > 1024 * 1024 ' +
  `? new Response(${JSON.stringify(REFUSAL)}, { status: 413 }) : new Response("Thank you, " + (await request.formData()).get("name")) }`;

const bed = serverTestBed();
let port = 0;
let origin = '';

beforeAll(async () => {
  ({ port, origin } = await startStorefrontAlone(bed, storefrontBuild(bed, formPage)));
}, STARTUP_MS);
afterAll(() => bed.cleanUp(), STARTUP_MS);

const BOUNDARY = 'plumbline-test-boundary';
const head = Buffer.from(
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\nAnn\r\n` +
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="photos"; filename="boiler.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
);
const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

interface Posted {
  status: number;
  connection: string | undefined;
  body: string;
  /** Whether every byte of the form was handed to the connection. */
  sentAll: boolean;
}

/**
 * Posts a form with a file of `fileBytes` as a browser does without scripts: the whole form is sent,
 * and only then is the answer read (Chromium reads none before). With `readAfterSending` false the
 * answer is read as soon as it comes, for a connection the shop closes part-way.
 */
function postLikeABrowser(fileBytes: number, readAfterSending = true): Promise<Posted> {
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/',
      headers: {
        host: `localhost:${port}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': head.length + fileBytes + tail.length,
      },
    });
    let sentAll = false;
    const answer = new Promise<http.IncomingMessage>((resolveAnswer) => request.once('response', resolveAnswer));
    // After the shop closes a connection, the rest of the form cannot be written: that is expected there.
    request.on('error', (error) => (readAfterSending ? reject(error) : undefined));
    const read = async () => {
      const response = await answer;
      let body = '';
      for await (const chunk of response) body += chunk;
      resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body, sentAll });
    };
    const chunk = Buffer.alloc(64 * 1024, 1);
    let written = 0;
    const pump = () => {
      while (written < fileBytes) {
        const piece = chunk.subarray(0, Math.min(chunk.length, fileBytes - written));
        written += piece.length;
        if (!request.write(piece)) return void request.once('drain', pump);
      }
      request.end(tail, () => {
        sentAll = true;
        if (readAfterSending) read().catch(reject);
      });
    };
    request.write(head);
    pump();
    if (!readAfterSending) read().catch(reject);
  });
}

describe('a form too large to read, posted to a page', () => {
  it(
    'a 30 MB form: the page refuses it (413) once the browser has sent it all, and the connection stays open for the next page',
    async () => {
      const refused = await postLikeABrowser(30 * MB);
      expect(refused).toEqual({ status: 413, connection: 'keep-alive', body: REFUSAL, sentAll: true });

      // As fetch sends it: the refusal, not a reset.
      const form = new FormData();
      form.append('name', 'Ann');
      form.append('photos', new Blob([new Uint8Array(30 * MB)], { type: 'image/jpeg' }), 'boiler.jpg');
      const response = await fetch(origin, { method: 'POST', body: form });
      expect([response.status, await response.text()]).toEqual([413, REFUSAL]);

      // A form within the limit is still read by its page.
      const small = await postLikeABrowser(1024);
      expect([small.status, small.body]).toEqual([200, 'Thank you, Ann']);
    },
    STARTUP_MS,
  );

  it(
    'a form larger than the web tier reads and throws away: the refusal, and the connection closed after it',
    async () => {
      const refused = await postLikeABrowser(UNREAD_BODY_DISCARD_BYTES + MB, false);
      expect([refused.status, refused.connection, refused.body]).toEqual([413, 'close', REFUSAL]);
    },
    STARTUP_MS,
  );
});
