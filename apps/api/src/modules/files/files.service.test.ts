import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import { installProblemHandler } from '../../platform/problem-handler.ts';
import sharp from 'sharp';
import { createLocalFileStore } from './local-store.ts';
import { createFilesService, IMAGE_TYPES, MAX_FILE_BYTES, type FilesContext, type FilesService } from './index.ts';
import { EXIF_MAKER, halfPngSignature, hasExifLocation, imageBomb, jpegWithLocation, sampleJpeg, samplePdf, samplePng, useLocalS3Server } from './testing.ts';

/**
 * The files service on the local folder (a temporary directory) and on a real S3-compatible server
 * (s3rver), and a file sent over HTTP the way a caller's route sends it. The service has no routes
 * of its own: the little app here stands in for the calls that take and serve documents.
 */
const NOW = new Date('2025-03-14T09:26:53.000Z');
const applicant: FilesContext = { actor: { userId: 'user-applicant', roles: ['shopper'] }, clock: { now: () => NOW } };

let folder = '';
let files: FilesService;
beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-files-service-'));
  files = createFilesService({ settings: { kind: 'local', dir: folder } });
});
afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

/** Every file under the store's folder, so a refusal can be shown to have stored nothing. */
const storedPaths = () => (fs.existsSync(folder) ? fs.readdirSync(folder, { recursive: true }).map(String) : []);

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('storeUpload', () => {
  it('stores a PDF, a JPEG and a PNG, saying what each is by its content, with its size, SHA-256 and time', async () => {
    for (const [bytes, type, fileName, keptAs] of [
      [samplePdf(), 'application/pdf', 'Gas Safe certificate.pdf', 'Gas Safe certificate.pdf'],
      [sampleJpeg(), 'image/jpeg', 'van-livery.JPEG', 'van-livery.JPEG'],
      [samplePng(), 'image/png', 'C:\\fakepath\\insurance.png', 'insurance.png'],
    ] as const) {
      const stored = await files.storeUpload(applicant, { purpose: 'trade-application', fileName, bytes });
      // A PDF is kept as sent; a picture as re-encoded: the size and SHA-256 are of the bytes kept.
      const kept = Buffer.concat((await (await files.open(applicant, stored.id)).body.toArray()) as Buffer[]);
      expect(kept.equals(bytes)).toBe(type === 'application/pdf');
      expect(stored).toEqual({
        id: expect.stringMatching(/^[0-9a-f]{32}$/),
        purpose: 'trade-application',
        fileName: keptAs,
        contentType: type,
        size: kept.length,
        sha256: createHash('sha256').update(kept).digest('hex'),
        createdAt: NOW.toISOString(),
      });
      expect(await files.describe(applicant, stored.id)).toEqual(stored);
    }
  });

  it('judges by content: a PNG named .pdf is kept and served as a PNG', async () => {
    const stored = await files.storeUpload(applicant, { purpose: 'trade-application', fileName: 'letter.pdf', bytes: samplePng() });
    expect(stored).toMatchObject({ contentType: 'image/png', fileName: 'letter.png' });
  });

  it('gives every upload its own id, even of the same bytes under the same name', async () => {
    const first = await files.storeUpload(applicant, { purpose: 'trade-application', fileName: 'a.pdf', bytes: samplePdf() });
    const second = await files.storeUpload(applicant, { purpose: 'trade-application', fileName: 'a.pdf', bytes: samplePdf() });
    expect(second.id).not.toBe(first.id);
    expect(second.sha256).toBe(first.sha256);
  });

  it('keeps nothing beside a file that names who sent it, so no erasure has to find it there', async () => {
    const stored = await files.storeUpload(applicant, { purpose: 'trade-application', fileName: 'a.pdf', bytes: samplePdf() });
    const sidecar = JSON.parse(fs.readFileSync(path.join(folder, stored.id.slice(0, 2), `${stored.id}.json`), 'utf8')) as { metadata: Record<string, string> };
    expect(Object.keys(sidecar.metadata).toSorted()).toEqual(['created-at', 'file-name', 'purpose', 'sha256']);
    expect(JSON.stringify(sidecar)).not.toContain('user-applicant');
  });

  it('reads a file stored with its sender before, without the sender', async () => {
    const store = createLocalFileStore(folder);
    const id = 'a'.repeat(32);
    const metadata = { purpose: 'product-image', 'file-name': 'basin.png', sha256: 'b'.repeat(64), 'created-at': NOW.toISOString(), 'uploaded-by': 'user-pia' };
    await store.put(id, samplePng(), { contentType: 'image/png', metadata });
    expect(await files.describe(applicant, id)).not.toHaveProperty('uploadedBy');
  });

  it('refuses a file that is not what its name says, whatever the name, storing nothing', async () => {
    const impostors: [string, Buffer][] = [
      ['proof.pdf', Buffer.from('Just some text, not a PDF')],
      ['photo.jpg', Buffer.from('<html><script>alert(document.cookie)</script></html>')],
      ['scan.png', Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1')],
      ['drawing.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')],
      ['certificate.pdf', Buffer.from('PK\x03\x04 a Word document', 'latin1')],
    ];
    for (const [fileName, bytes] of impostors) {
      const error = await refusal(files.storeUpload(applicant, { purpose: 'trade-application', fileName, bytes, field: 'body.documents.1' }));
      expect(error).toMatchObject({
        status: 422,
        code: 'FILE_TYPE_NOT_ALLOWED',
        message: 'The selected file must be a PDF, JPG or PNG',
        errors: [{ path: 'body.documents.1', message: 'The selected file must be a PDF, JPG or PNG', code: 'file_type_not_allowed' }],
        extensions: { fileName },
      });
    }
    expect(storedPaths()).toEqual([]);
  });

  it('takes only JPEG and PNG images as a review’s photo: a real PDF is refused in words naming them, storing nothing', async () => {
    const error = await refusal(files.storeUpload(applicant, { purpose: 'review-photo', fileName: 'receipt.jpg', bytes: samplePdf(), field: 'photos' }));
    expect(error).toMatchObject({ status: 422, code: 'FILE_TYPE_NOT_ALLOWED', message: 'The selected file must be a JPG or PNG' });
    expect(storedPaths()).toEqual([]);
    for (const [bytes, type] of [
      [sampleJpeg(), 'image/jpeg'],
      [samplePng(), 'image/png'],
    ] as const) {
      expect(await files.storeUpload(applicant, { purpose: 'review-photo', fileName: 'fitted.jpg', bytes })).toMatchObject({
        purpose: 'review-photo',
        contentType: type,
      });
    }
  });

  it('refuses an empty file and one over 5MB, and takes one of exactly 5MB', async () => {
    const empty = await refusal(files.storeUpload(applicant, { purpose: 'trade-application', fileName: 'empty.pdf', bytes: new Uint8Array() }));
    expect(empty).toMatchObject({ status: 422, code: 'FILE_EMPTY', message: 'The selected file is empty', errors: [{ path: 'file' }] });

    const oversize = Buffer.alloc(MAX_FILE_BYTES + 1);
    samplePdf().copy(oversize);
    const tooLarge = await refusal(files.storeUpload(applicant, { purpose: 'trade-application', fileName: 'big.pdf', bytes: oversize }));
    expect(tooLarge).toMatchObject({
      status: 413,
      code: 'FILE_TOO_LARGE',
      message: 'The selected file must be smaller than 5MB',
      extensions: { fileName: 'big.pdf' },
    });
    expect(storedPaths()).toEqual([]);

    const largest = await files.storeUpload(applicant, { purpose: 'trade-application', fileName: 'big.pdf', bytes: oversize.subarray(0, MAX_FILE_BYTES) });
    expect(largest.size).toBe(5_242_880);
  });

  it('re-encodes a photo without its metadata: no EXIF, so no location or camera, and the orientation applied to the pixels', async () => {
    const photo = await jpegWithLocation();
    expect([hasExifLocation(photo), photo.includes(EXIF_MAKER)]).toEqual([true, true]);
    expect(await sharp(photo).metadata()).toMatchObject({ width: 4, height: 2, orientation: 6 });

    const stored = await files.storeUpload(applicant, { purpose: 'review-photo', fileName: 'bathroom.jpg', bytes: photo });
    const kept = Buffer.concat((await (await files.open(applicant, stored.id)).body.toArray()) as Buffer[]);
    expect([hasExifLocation(kept), kept.includes(EXIF_MAKER), kept.includes('Exif\0\0')]).toEqual([false, false, false]);
    const shown = await sharp(kept).metadata();
    expect([shown.format, shown.width, shown.height, shown.orientation, shown.exif]).toEqual(['jpeg', 2, 4, undefined, undefined]);
    expect(stored).toMatchObject({ contentType: 'image/jpeg', size: kept.length });
  });

  it('refuses a picture whose header declares more than 40 megapixels before decoding it (a decompression bomb), storing nothing', async () => {
    const bomb = imageBomb();
    expect(bomb.length).toBeLessThan(1024);
    for (const purpose of ['review-photo', 'trade-application', 'help-request'] as const) {
      const error = await refusal(files.storeUpload(applicant, { purpose, fileName: 'tiles.png', bytes: bomb, field: 'body.photos.0' }));
      expect(error).toMatchObject({
        status: 422,
        code: 'FILE_IMAGE_TOO_LARGE',
        message: 'The selected image must be smaller than 40 megapixels (such as 8000 by 5000 pixels)',
        errors: [{ path: 'body.photos.0', code: 'file_image_too_large' }],
        extensions: { fileName: 'tiles.png' },
      });
    }
    // The limit is the pixels, not the sides: 8000 × 5000 is taken, one row more is not.
    const image = (height: number) =>
      sharp({ create: { width: 8000, height, channels: 3, background: '#fff' } })
        .png({ compressionLevel: 1 })
        .toBuffer();
    expect(await files.storeUpload(applicant, { purpose: 'review-photo', fileName: 'wide.png', bytes: await image(5000) })).toMatchObject({
      contentType: 'image/png',
    });
    expect(await refusal(files.storeUpload(applicant, { purpose: 'review-photo', fileName: 'wider.png', bytes: await image(5001) }))).toMatchObject({
      code: 'FILE_IMAGE_TOO_LARGE',
    });
    expect(storedPaths().filter((name) => name.endsWith('.json'))).toHaveLength(1);
  });

  it('keeps a product image no larger than 1,600 px a side, in its proportions, and a smaller one as it is', async () => {
    const picture = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#4a6' } })
        .png()
        .toBuffer();
    const keptSize = async (purpose: 'product-image' | 'review-photo', width: number, height: number) => {
      const stored = await files.storeUpload(applicant, { purpose, fileName: 'picture.png', bytes: await picture(width, height) });
      const kept = await sharp(await new Response((await files.open(applicant, stored.id)).body as unknown as ReadableStream).arrayBuffer()).metadata();
      return [kept.width, kept.height];
    };
    expect(await keptSize('product-image', 3200, 2000)).toEqual([1600, 1000]);
    expect(await keptSize('product-image', 600, 400)).toEqual([600, 400]);
    // A review's photo keeps its size.
    expect(await keptSize('review-photo', 2000, 1000)).toEqual([2000, 1000]);
  });

  it('judges by the whole signature: the first four of PNG’s eight bytes is not a PNG, and a JPEG that does not decode is refused', async () => {
    const half = await refusal(files.storeUpload(applicant, { purpose: 'help-request', fileName: 'crack.png', bytes: halfPngSignature() }));
    expect(half).toMatchObject({ status: 422, code: 'FILE_TYPE_NOT_ALLOWED', message: 'The selected file must be a PDF, JPG or PNG' });
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('not the rest of a JPEG')]);
    const unreadable = await refusal(files.storeUpload(applicant, { purpose: 'review-photo', fileName: 'crack.jpg', bytes: broken }));
    expect(unreadable).toMatchObject({
      status: 422,
      code: 'FILE_UNREADABLE',
      message: 'The selected file cannot be opened – choose a JPG or PNG that opens on your device',
    });
    expect(storedPaths()).toEqual([]);
  });

  it('narrows what a purpose takes when the caller asks: a help request’s photo is a picture, not a PDF', async () => {
    const error = await refusal(files.storeUpload(applicant, { purpose: 'help-request', accept: IMAGE_TYPES, fileName: 'photo.pdf', bytes: samplePdf() }));
    expect(error).toMatchObject({ code: 'FILE_TYPE_NOT_ALLOWED', message: 'The selected file must be a JPG or PNG' });
  });

  it('answers 503, storing nothing, when the store cannot be written', async () => {
    const blocked = path.join(folder, 'blocked');
    fs.writeFileSync(blocked, 'a file where the folder should be');
    const broken = createFilesService({ settings: { kind: 'local', dir: blocked } });
    const logged: unknown[] = [];
    const ctx = { ...applicant, log: { error: (...args: unknown[]) => logged.push(args) } as unknown as NonNullable<FilesContext['log']> };
    const error = await refusal(broken.storeUpload(ctx, { purpose: 'trade-application', fileName: 'a.pdf', bytes: samplePdf() }));
    expect(error).toMatchObject({ status: 503, code: 'FILE_STORE_UNAVAILABLE', message: 'The selected file could not be uploaded – try again' });
    expect(logged).toHaveLength(1);
    expect(storedPaths()).toEqual(['blocked']);
  });
});

describe('storeUploads: a request’s files, kept only with its record', () => {
  const upload = (bytes: Buffer, index: number) => ({ purpose: 'help-request' as const, fileName: `photo ${index}.png`, bytes, field: `body.photos.${index}` });

  it('checks every file before storing any: a refused second file leaves nothing, and the record is never written', async () => {
    let recorded = 0;
    const error = await refusal(
      files.storeUploads(applicant, [upload(samplePng(), 0), upload(halfPngSignature(), 1)], async () => {
        recorded += 1;
      }),
    );
    expect(error).toMatchObject({ code: 'FILE_TYPE_NOT_ALLOWED', errors: [{ path: 'body.photos.1' }] });
    expect([recorded, storedPaths()]).toEqual([0, []]);
  });

  it('removes the files it stored when the record fails, and gives the record’s error', async () => {
    const lost = new AppError(409, 'LIMIT_REACHED', 'Someone else took the last place');
    const seen: string[] = [];
    const error = await refusal(
      files.storeUploads(applicant, [upload(samplePng(), 0), upload(sampleJpeg(), 1)], async (stored) => {
        seen.push(...stored.map((file) => file.id));
        expect(storedPaths().filter((name) => name.endsWith('.json'))).toHaveLength(2);
        throw lost;
      }),
    );
    expect(error).toBe(lost);
    expect(seen).toHaveLength(2);
    expect(storedPaths().filter((name) => !/^[0-9a-f]{2}$/.test(name))).toEqual([]);
  });

  it('keeps the files, and answers what the record answers, when it succeeds', async () => {
    const answer = await files.storeUploads(applicant, [upload(samplePng(), 0)], async ([file]) => ({ kept: file!.id }));
    expect((await files.describe(applicant, answer.kept)).contentType).toBe('image/png');
  });
});

describe('describe, open and remove', () => {
  it('answers 404 FILE_NOT_FOUND for an unknown id and for anything that is not an id, touching no path', async () => {
    const stored = await files.storeUpload(applicant, { purpose: 'trade-application', fileName: 'a.pdf', bytes: samplePdf() });
    const strangers = [
      '0'.repeat(32),
      stored.id.toUpperCase(),
      `../${stored.id}`,
      `${stored.id}.json`,
      `${stored.id.slice(0, 2)}/${stored.id}`,
      '',
      '..',
      '/etc/passwd',
    ];
    for (const id of strangers) {
      expect(await refusal(files.open(applicant, id))).toMatchObject({ status: 404, code: 'FILE_NOT_FOUND', message: 'There is no file with this id.' });
      expect(await refusal(files.describe(applicant, id))).toMatchObject({ status: 404, code: 'FILE_NOT_FOUND' });
    }
  });

  it('removes a file: then it is not found; removing it again, or an unknown id, is fine', async () => {
    const stored = await files.storeUpload(applicant, { purpose: 'trade-application', fileName: 'a.pdf', bytes: samplePdf() });
    await files.remove(applicant, stored.id);
    await files.remove(applicant, stored.id);
    await files.remove(applicant, '../not-an-id');
    expect(await refusal(files.open(applicant, stored.id))).toMatchObject({ status: 404 });
    expect(storedPaths()).toEqual([stored.id.slice(0, 2)]);
  });
});

describe('a stored file sent over HTTP', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = Fastify();
    installProblemHandler(app, 1_048_576);
    app.get<{ Params: { id: string } }>('/documents/:id', async (request, reply) => {
      const file = await files.open(applicant, request.params.id);
      return reply.headers(file.headers).send(file.body);
    });
    await app.ready();
  });
  afterEach(() => app.close());

  it('is the same bytes, as the type its content has, downloaded under its safe name, never sniffed or cached', async () => {
    const bytes = samplePdf();
    const stored = await files.storeUpload(applicant, { purpose: 'trade-application', fileName: 'Ćertificate "2025".pdf', bytes });
    const response = await app.inject({ method: 'GET', url: `/documents/${stored.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(bytes);
    expect(response.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(bytes.length),
      'content-disposition': `attachment; filename="_ertificate _2025_.pdf"; filename*=UTF-8''%C4%86ertificate%20_2025_.pdf`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
      'content-security-policy': "default-src 'none'; sandbox",
    });
  });

  it('is a problem+json 404 for an id it does not have', async () => {
    const response = await app.inject({ method: 'GET', url: `/documents/${'a'.repeat(32)}` });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.json()).toMatchObject({ code: 'FILE_NOT_FOUND', detail: 'There is no file with this id.' });
  });
});

describe('the files service on an S3-compatible store (FILES_S3_* settings)', () => {
  // Always run: a local S3-compatible server that cannot start fails this suite.
  const server = useLocalS3Server();
  const settings = () => server().settings;

  it('stores, describes, opens and removes a document, keeping its name in any script', async () => {
    const onS3 = createFilesService({ settings: settings() });
    const bytes = await jpegWithLocation();
    const stored = await onS3.storeUpload(applicant, { purpose: 'trade-application', fileName: 'Zertifikat für Gasinstallation 証明書.jpg', bytes });
    expect(stored).toMatchObject({ contentType: 'image/jpeg', fileName: 'Zertifikat für Gasinstallation 証明書.jpg' });
    expect(await onS3.describe(applicant, stored.id)).toEqual(stored);
    const opened = await onS3.open(applicant, stored.id);
    const kept = Buffer.concat((await opened.body.toArray()) as Buffer[]);
    // Re-encoded on S3 too: what is kept has no location.
    expect([kept.length, createHash('sha256').update(kept).digest('hex'), hasExifLocation(kept)]).toEqual([stored.size, stored.sha256, false]);
    expect(opened.headers['content-type']).toBe('image/jpeg');
    await onS3.remove(applicant, stored.id);
    expect(await refusal(onS3.open(applicant, stored.id))).toMatchObject({ status: 404, code: 'FILE_NOT_FOUND' });
  });

  it('removes what it stored when the record fails, so the bucket keeps nothing of a refused request', async () => {
    const onS3 = createFilesService({ settings: settings() });
    const ids: string[] = [];
    await refusal(
      onS3.storeUploads(applicant, [{ purpose: 'help-request', fileName: 'a.png', bytes: samplePng() }], async (stored) => {
        ids.push(...stored.map((file) => file.id));
        throw new AppError(409, 'LOST', 'Lost the race');
      }),
    );
    expect(ids).toHaveLength(1);
    expect(await refusal(onS3.describe(applicant, ids[0]!))).toMatchObject({ code: 'FILE_NOT_FOUND' });
  });

  it('answers 503 when the bucket is not there, never "no such file"', async () => {
    const misconfigured = createFilesService({ settings: { ...settings(), bucket: 'no-such-bucket' } });
    const upload = await refusal(misconfigured.storeUpload(applicant, { purpose: 'trade-application', fileName: 'a.pdf', bytes: samplePdf() }));
    expect(upload).toMatchObject({ status: 503, code: 'FILE_STORE_UNAVAILABLE' });
    expect(await refusal(misconfigured.open(applicant, 'b'.repeat(32)))).toMatchObject({ status: 503, code: 'FILE_STORE_UNAVAILABLE' });
  });
});
