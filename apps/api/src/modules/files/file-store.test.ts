import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { GetObjectCommand, PutObjectCommand, S3Client, type ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FileStore } from './file-store.ts';
import { createLocalFileStore } from './local-store.ts';
import { createS3FileStore, listKeys } from './s3-store.ts';
import { useLocalS3Server } from './testing.ts';

/**
 * The port's contract, held by both adapters: the local folder in a temporary directory, and S3
 * against a real S3-compatible server (s3rver, from npm) started here on a free port. The S3 suites
 * always run: a server that cannot start fails them.
 */

const KEY = '0123456789abcdef0123456789abcdef';
const OTHER_KEY = 'fedcba9876543210fedcba9876543210';
const THIRD_KEY = '0123456789abcdef0123456789abcde0';
const listed = async (store: FileStore, options?: { pageSize?: number }) => {
  const keys: string[] = [];
  for await (const key of store.list(options)) keys.push(key);
  return keys;
};
const contents = Buffer.from('%PDF-1.4\nnot much of a document\n');

let folder = '';
beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-files-'));
});
afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

/** Each adapter, made inside its suite (so the S3 one starts its server there). */
const adapters: { name: string; adapter: () => () => FileStore }[] = [
  { name: 'local folder', adapter: () => () => createLocalFileStore(folder) },
  {
    name: 'S3-compatible store',
    adapter: () => {
      const server = useLocalS3Server({ prefix: 'uploads/' });
      return () => createS3FileStore(server().settings);
    },
  },
];

describe.each(adapters)('the file store port: $name', ({ adapter }) => {
  const make = adapter();
  // The S3 bucket outlives each test; the local folder does not.
  afterEach(async () => {
    for (const key of [KEY, OTHER_KEY, THIRD_KEY]) await make().delete(key);
  });

  it('gives back what was put: bytes, type, size and metadata (any text)', async () => {
    const store = make();
    const metadata = { 'file-name': 'Ćertificate – 2025 (1).pdf', purpose: 'trade-application', empty: '' };
    await store.put(KEY, contents, { contentType: 'application/pdf', metadata });
    const object = await store.get(KEY);
    expect(object).not.toBeNull();
    expect({ ...object, body: undefined }).toEqual({ contentType: 'application/pdf', size: contents.length, metadata, body: undefined });
    expect(Buffer.from(await object!.body.toArray().then((chunks) => Buffer.concat(chunks as Buffer[])))).toEqual(contents);
    expect(await store.head(KEY)).toEqual({ contentType: 'application/pdf', size: contents.length, metadata });
    expect(await store.exists(KEY)).toBe(true);
  });

  it('has nothing under a key never put, and removes what was put (twice is fine)', async () => {
    const store = make();
    expect(await store.get(OTHER_KEY)).toBeNull();
    expect(await store.head(OTHER_KEY)).toBeNull();
    expect(await store.exists(OTHER_KEY)).toBe(false);
    await store.put(KEY, contents, { contentType: 'application/pdf', metadata: {} });
    await store.delete(KEY);
    await store.delete(KEY);
    await store.delete(OTHER_KEY);
    expect(await store.get(KEY)).toBeNull();
    expect(await store.exists(KEY)).toBe(false);
  });

  it('lists every key it holds, once, and none it removed', async () => {
    const store = make();
    expect(await listed(store)).toEqual([]);
    for (const key of [OTHER_KEY, KEY, THIRD_KEY]) await store.put(key, contents, { contentType: 'application/pdf', metadata: {} });
    await store.put(KEY, contents, { contentType: 'application/pdf', metadata: { again: 'yes' } });
    expect((await listed(store)).toSorted()).toEqual([THIRD_KEY, KEY, OTHER_KEY]);
    await store.delete(THIRD_KEY);
    expect((await listed(store)).toSorted()).toEqual([KEY, OTHER_KEY]);
  });

  it('replaces an object put again under the same key', async () => {
    const store = make();
    await store.put(KEY, contents, { contentType: 'application/pdf', metadata: { version: 'one' } });
    await store.put(KEY, Buffer.from('%PDF-2.0'), { contentType: 'application/pdf', metadata: { version: 'two' } });
    const object = await store.get(KEY);
    expect(await text(object!.body)).toBe('%PDF-2.0');
    expect(object!.metadata).toEqual({ version: 'two' });
  });

  it('refuses keys it could not have been given, before touching anything', async () => {
    const store = make();
    const keys = [
      '../../etc/passwd',
      '..',
      'a/b/c/d/e/f/g/h',
      '/absolute-path',
      'UPPERCASE-KEY-1234',
      'short',
      '',
      'with.dot.12345',
      `${KEY}\0`,
      'x'.repeat(200),
    ];
    for (const key of keys) {
      await expect(store.put(key, contents, { contentType: 'application/pdf', metadata: {} })).rejects.toThrow(/Not a file store key/);
      await expect(store.get(key)).rejects.toThrow(/Not a file store key/);
      await expect(store.delete(key)).rejects.toThrow(/Not a file store key/);
    }
    await expect(store.put(KEY, contents, { contentType: 'application/pdf', metadata: { 'Bad Name': 'x' } })).rejects.toThrow(/metadata name/);
    expect(await store.exists(KEY)).toBe(false);
  });
});

describe('the local folder adapter', () => {
  it('keeps an object as its bytes and a sidecar in a folder named by the key, leaving no temporary files', async () => {
    const store = createLocalFileStore(folder);
    await store.put(KEY, contents, { contentType: 'application/pdf', metadata: { purpose: 'trade-application' } });
    expect(fs.readdirSync(folder)).toEqual(['01']);
    expect(fs.readdirSync(path.join(folder, '01')).toSorted()).toEqual([KEY, `${KEY}.json`]);
    expect(fs.readFileSync(path.join(folder, '01', KEY))).toEqual(contents);
    expect(JSON.parse(fs.readFileSync(path.join(folder, '01', `${KEY}.json`), 'utf8'))).toEqual({
      contentType: 'application/pdf',
      size: contents.length,
      metadata: { purpose: 'trade-application' },
    });
  });

  it('makes the folder, and its parents, on the first upload', async () => {
    const store = createLocalFileStore(path.join(folder, 'not', 'there', 'yet'));
    await store.put(KEY, contents, { contentType: 'application/pdf', metadata: {} });
    expect(await store.exists(KEY)).toBe(true);
  });

  it('counts an object as there only once its sidecar is written (last): half a write is never read', async () => {
    const store = createLocalFileStore(folder);
    fs.mkdirSync(path.join(folder, '01'));
    fs.writeFileSync(path.join(folder, '01', KEY), contents);
    expect(await store.get(KEY)).toBeNull();
    expect(await store.exists(KEY)).toBe(false);
  });

  it('lists only whole objects, passing over half-written ones, temporary files and anything else in the folder', async () => {
    expect(await listed(createLocalFileStore(path.join(folder, 'not-made-yet')))).toEqual([]);
    const store = createLocalFileStore(folder);
    await store.put(KEY, contents, { contentType: 'application/pdf', metadata: {} });
    // Bytes without their sidecar (a write stopped half-way), a temporary file, a stray note and a sidecar in the wrong folder.
    fs.mkdirSync(path.join(folder, 'fe'));
    fs.writeFileSync(path.join(folder, 'fe', OTHER_KEY), contents);
    fs.writeFileSync(path.join(folder, '01', '.tmp-0123456789abcdef'), contents);
    fs.writeFileSync(path.join(folder, 'README.json'), '{}');
    fs.writeFileSync(path.join(folder, 'fe', `${THIRD_KEY}.json`), '{}');
    expect(await listed(store)).toEqual([KEY]);
  });

  it('reads an object whose bytes went missing as absent, not as a broken stream', async () => {
    const store = createLocalFileStore(folder);
    await store.put(KEY, contents, { contentType: 'application/pdf', metadata: {} });
    fs.rmSync(path.join(folder, '01', KEY));
    expect(await store.get(KEY)).toBeNull();
  });

  it('fails, leaving nothing, when the folder cannot be written', async () => {
    const blocked = path.join(folder, 'blocked');
    fs.writeFileSync(blocked, 'a file where the folder should be');
    const store = createLocalFileStore(blocked);
    await expect(store.put(KEY, contents, { contentType: 'application/pdf', metadata: {} })).rejects.toThrow(/EEXIST|ENOTDIR/);
    expect(fs.readFileSync(blocked, 'utf8')).toBe('a file where the folder should be');
  });
});

describe('the S3 adapter', () => {
  const server = useLocalS3Server({ prefix: 'uploads/' });

  it('puts objects under the configured prefix, with their type and metadata as S3 keeps them', async () => {
    const store = createS3FileStore(server().settings);
    await store.put(KEY, contents, { contentType: 'application/pdf', metadata: { 'file-name': 'Ünïcode.pdf' } });
    const client = new S3Client({ endpoint: server().endpoint, region: 'us-east-1', forcePathStyle: true, credentials: server().settings.credentials });
    const raw = await client.send(new GetObjectCommand({ Bucket: server().settings.bucket, Key: `uploads/${KEY}` }));
    expect(raw.ContentType).toBe('application/pdf');
    expect(raw.Metadata).toEqual({ 'file-name': '%C3%9Cn%C3%AFcode.pdf' });
    expect(Buffer.from(await raw.Body!.transformToByteArray())).toEqual(contents);
    client.destroy();
    await store.delete(KEY);
  });

  it('lists the keys under its prefix, passing over anything else in the bucket, and fails when the bucket is missing', async () => {
    const store = createS3FileStore(server().settings);
    const keys = Array.from({ length: 7 }, (_, index) => `${String(index).repeat(8)}abcdef0123456789abcdef01`);
    for (const key of keys) await store.put(key, contents, { contentType: 'application/pdf', metadata: {} });
    const client = new S3Client({ endpoint: server().endpoint, region: 'us-east-1', forcePathStyle: true, credentials: server().settings.credentials });
    // Another application's objects beside the shop's, and one under the prefix that no upload could have made.
    for (const other of [`elsewhere/${OTHER_KEY}`, OTHER_KEY, 'uploads/notes/readme.txt'])
      await client.send(new PutObjectCommand({ Bucket: server().settings.bucket, Key: other, Body: 'not ours' }));
    client.destroy();
    expect(await listed(store)).toEqual(keys);
    await expect(listed(createS3FileStore({ ...server().settings, bucket: 'no-such-bucket' }))).rejects.toThrow(/bucket/i);
    for (const key of keys) await store.delete(key);
    expect(await listed(store)).toEqual([]);
  });

  /*
   * s3rver cannot answer a truncated page on Node 22 (its continuation token is DES, which OpenSSL 3 no longer offers), so the paging
   * is driven here by pages as S3 writes them: `IsTruncated` and an opaque `NextContinuationToken` sent back to ask for the next.
   */
  it('follows each truncated page to the next by its continuation token, asking for the page size given', async () => {
    const all = Array.from({ length: 5 }, (_, index) => `uploads/${String(index).repeat(32)}`);
    const asked: { MaxKeys?: number; ContinuationToken?: string; Prefix?: string }[] = [];
    const send = async ({ input }: ListObjectsV2Command) => {
      asked.push({ MaxKeys: input.MaxKeys, ContinuationToken: input.ContinuationToken, Prefix: input.Prefix });
      const from = input.ContinuationToken ? Number(input.ContinuationToken.replace('page-from-', '')) : 0;
      const next = from + input.MaxKeys!;
      return {
        $metadata: {},
        Contents: all.slice(from, next).map((Key) => ({ Key })),
        IsTruncated: next < all.length,
        NextContinuationToken: next < all.length ? `page-from-${next}` : undefined,
      };
    };
    const keys: string[] = [];
    for await (const key of listKeys(send, { bucket: 'shop-files', prefix: 'uploads/' }, 2)) keys.push(key);
    expect(keys).toEqual(all.map((key) => key.slice('uploads/'.length)));
    expect(asked).toEqual([
      { MaxKeys: 2, ContinuationToken: undefined, Prefix: 'uploads/' },
      { MaxKeys: 2, ContinuationToken: 'page-from-2', Prefix: 'uploads/' },
      { MaxKeys: 2, ContinuationToken: 'page-from-4', Prefix: 'uploads/' },
    ]);
  });

  it('fails, rather than answering "no such file", when the bucket is missing or the key is refused', async () => {
    const noBucket = createS3FileStore({ ...server().settings, bucket: 'no-such-bucket' });
    await expect(noBucket.get(KEY)).rejects.toThrow(/bucket/i);
    await expect(noBucket.put(KEY, contents, { contentType: 'application/pdf', metadata: {} })).rejects.toThrow(/bucket/i);
    const stranger = createS3FileStore({ ...server().settings, credentials: { accessKeyId: 'NOT-A-KEY', secretAccessKey: 'nope' } });
    await expect(stranger.get(KEY)).rejects.toThrow(/Access Key/i);
    await expect(stranger.put(KEY, contents, { contentType: 'application/pdf', metadata: {} })).rejects.toThrow(/Access Key/i);
  });
});
