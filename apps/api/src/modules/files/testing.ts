/**
 * Test helpers: small real documents of each accepted type, files an upload must refuse (a decompression
 * bomb, half a signature), a photo carrying its location, and a local S3-compatible server
 * (s3rver, from npm) on a free port with an empty bucket, for the S3 adapter's tests.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll } from 'vitest';
import type { FilesConfig } from '../../config.ts';

/** The store the settings name, opened by a test to put files into it as the service once did, or to look at what it holds. */
export { createFileStore as openFileStore } from './files.service.ts';

/** A one-page PDF saying `text`, with a correct cross-reference table. */
export function samplePdf(text = 'Proof of business'): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    ((stream: string) => `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`)(`BT /F1 24 Tf 72 760 Td (${text.replace(/[()\\]/g, '')}) Tj ET`),
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A 2×2 blue PNG, as Chromium's canvas writes it. */
export const samplePng = (): Buffer =>
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEklEQVR4AWKSLdjxH4SZGKAAAAAA//885LJUAAAABklEQVQDADqGBI07KS4AAAAAAElFTkSuQmCC', 'base64');

/** A 2×2 blue JPEG, as sharp writes it (libvips decodes it, as the upload check does). */
export const sampleJpeg = (): Buffer =>
  Buffer.from(
    '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgo' +
      'KCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAA' +
      'AAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABgf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCXAUUYf//Z',
    'base64',
  );

/** The first four of PNG's eight signature bytes, then text: not a PNG, however it starts. */
export const halfPngSignature = (): Buffer => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.from('\r\n not really a picture')]);

/**
 * A decompression bomb: a PNG of about 200 bytes whose header declares 100,000 × 100,000 pixels
 * (10 billion, 10GB to decode), with a few rows of real data.
 */
export function imageBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(100_000, 0);
  header.writeUInt32BE(100_000, 4);
  header[8] = 8; // bits per sample; colour type 0 (grey), deflate, no filter, no interlace
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(Buffer.alloc(100_001))), pngChunk('IEND', Buffer.alloc(0))]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  let crc = 0xffffffff;
  for (const byte of typed) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  const framing = Buffer.alloc(8);
  framing.writeUInt32BE(data.length, 0);
  framing.writeUInt32BE((crc ^ 0xffffffff) >>> 0, 4);
  return Buffer.concat([framing.subarray(0, 4), typed, framing.subarray(4)]);
}

/** The camera maker written into `jpegWithLocation`'s EXIF: text, so a test can look for it in the bytes. */
export const EXIF_MAKER = 'Plumbline Test Camera';

/**
 * A 4 × 2 JPEG as a phone writes it: EXIF with where it was taken (GPS latitude and longitude), the
 * camera's maker, and orientation 6 (turn 90° clockwise to show it upright, so it shows 2 × 4).
 */
export async function jpegWithLocation(): Promise<Buffer> {
  return sharp({ create: { width: 4, height: 2, channels: 3, background: '#3366cc' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: EXIF_MAKER },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '53/1 47/1 4200/100', GPSLongitudeRef: 'W', GPSLongitude: '1/1 32/1 4800/100' },
    })
    .toBuffer();
}

/** Whether a JPEG carries EXIF with a GPS block (tag 0x8825 in its first directory). */
export function hasExifLocation(jpeg: Uint8Array): boolean {
  const bytes = Buffer.from(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength);
  const exif = bytes.indexOf(Buffer.from('Exif\0\0', 'latin1'));
  if (exif < 0) return false;
  const tiff = exif + 6;
  const little = bytes.toString('latin1', tiff, tiff + 2) === 'II';
  const u16 = (at: number) => (little ? bytes.readUInt16LE(at) : bytes.readUInt16BE(at));
  const u32 = (at: number) => (little ? bytes.readUInt32LE(at) : bytes.readUInt32BE(at));
  const directory = tiff + u32(tiff + 4);
  return Array.from({ length: u16(directory) }, (_, entry) => u16(directory + 2 + entry * 12)).includes(0x8825);
}

/** What the S3 adapter is tested against, and how to stop it. */
export interface LocalS3Server {
  settings: Extract<FilesConfig, { kind: 's3' }>;
  /** Its address, such as http://127.0.0.1:41234. */
  endpoint: string;
  /** Every request it was sent, as `HEAD /bucket/key` or `GET /bucket?list-type=2&…`, for a test counting what an adapter asks. */
  requests: string[];
  close(): Promise<void>;
}

interface S3rverInstance {
  /** Koa's middleware, composed when it starts listening. */
  middleware: ((ctx: { method: string; url: string }, next: () => Promise<void>) => Promise<void>)[];
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: Record<string, unknown>) => S3rverInstance;

/** s3rver's only account (it checks the access key id; it does not check v4 signatures). */
export const LOCAL_S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * Starts s3rver in this process on a free loopback port, keeping its objects in a new temporary
 * folder (removed on close), with `bucket` made empty.
 */
export async function startLocalS3Server(options: { bucket?: string; prefix?: string } = {}): Promise<LocalS3Server> {
  const bucket = options.bucket ?? 'shop-files';
  const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const requests: string[] = [];
  server.middleware.unshift(async (ctx, next) => {
    requests.push(`${ctx.method} ${ctx.url}`);
    await next();
  });
  let port: number;
  try {
    ({ port } = await server.run());
  } catch (error) {
    fs.rmSync(directory, { recursive: true, force: true });
    throw error;
  }
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    requests,
    settings: { kind: 's3', bucket, endpoint, region: 'us-east-1', forcePathStyle: true, prefix: options.prefix ?? '', credentials: LOCAL_S3_CREDENTIALS },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * A local S3-compatible server for the suite this is called in: started before its tests, stopped
 * after them. s3rver is a devDependency that `npm ci` always installs, so a server that cannot
 * start fails the suite (beforeAll throws) rather than skipping it (decision 0027).
 */
export function useLocalS3Server(options: { bucket?: string; prefix?: string } = {}): () => LocalS3Server {
  let server: LocalS3Server | undefined;
  beforeAll(async () => {
    server = await startLocalS3Server(options);
  });
  afterAll(async () => {
    await server?.close();
  });
  return () => {
    if (!server) throw new Error('The local S3-compatible server has not started: see the error of this suite’s beforeAll');
    return server;
  };
}

/** The start of a .docx as a ZIP holds it: a local file header naming `[Content_Types].xml`, then one naming `word/document.xml`. */
export function sampleDocx(): Buffer {
  const entry = (name: string, content: string) => {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt32LE(content.length, 18);
    header.writeUInt32LE(content.length, 22);
    header.writeUInt16LE(name.length, 26);
    return Buffer.concat([header, Buffer.from(name, 'latin1'), Buffer.from(content, 'latin1')]);
  };
  return Buffer.concat([entry('[Content_Types].xml', '<?xml version="1.0"?><Types/>'), entry('word/document.xml', '<w:document/>')]);
}

/** The start of a .doc: the OLE2 signature, then a directory naming the `WordDocument` stream in UTF-16. */
export function sampleDoc(): Buffer {
  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header);
  return Buffer.concat([header, Buffer.from('Root Entry', 'utf16le'), Buffer.alloc(44), Buffer.from('WordDocument', 'utf16le'), Buffer.alloc(64)]);
}
