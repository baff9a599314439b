/**
 * The file store in a bucket of any S3-compatible object store (Amazon S3, MinIO, Ceph, Garage,
 * Cloudflare R2…) through the AWS SDK: FILES_S3_BUCKET and friends. A PUT is whole or absent, as
 * S3 guarantees; the metadata travels as the object's own `x-amz-meta-*` headers, each value
 * percent-encoded, since headers carry ASCII only. The listing reads the bucket's keys under the prefix with ListObjectsV2, a
 * page at a time, following its continuation token.
 */
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type ListObjectsV2CommandOutput,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { FilesConfig } from '../../config.ts';
import { assertMetadataNames, assertStoreKey, isStoreKey, type FileStore } from './file-store.ts';

export type S3FilesConfig = Extract<FilesConfig, { kind: 's3' }>;

export function createS3FileStore(config: S3FilesConfig): FileStore {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums only where S3 requires them: many S3-compatible stores refuse the newer default ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
  const target = (key: string) => {
    assertStoreKey(key);
    return { Bucket: config.bucket, Key: `${config.prefix}${key}` };
  };
  const info = (answer: { ContentType?: string; ContentLength?: number; Metadata?: Record<string, string> }) => ({
    contentType: answer.ContentType ?? 'application/octet-stream',
    size: answer.ContentLength ?? 0,
    metadata: decodeMetadata(answer.Metadata ?? {}),
  });

  const head = async (key: string) => {
    try {
      return info(await client.send(new HeadObjectCommand(target(key))));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  };

  return {
    kind: 's3',
    async put(key, bytes, { contentType, metadata }) {
      assertMetadataNames(metadata);
      await client.send(
        new PutObjectCommand({ ...target(key), Body: bytes, ContentLength: bytes.length, ContentType: contentType, Metadata: encodeMetadata(metadata) }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand(target(key)));
        // In Node the SDK's body is the HTTP response itself: a Readable.
        return { ...info(answer), body: answer.Body as Readable };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    head,
    exists: async (key) => (await head(key)) !== null,
    async delete(key) {
      await client.send(new DeleteObjectCommand(target(key)));
    },
    list: ({ pageSize = 1000 } = {}) => listKeys((command) => client.send(command), config, pageSize),
  };
}

/**
 * The store's keys under the prefix, a ListObjectsV2 page at a time, each page naming the next by its continuation token until one
 * is not truncated. Anything else under the prefix (another application's objects in a shared bucket) is passed over.
 */
export async function* listKeys(
  send: (command: ListObjectsV2Command) => Promise<ListObjectsV2CommandOutput>,
  config: Pick<S3FilesConfig, 'bucket' | 'prefix'>,
  pageSize: number,
): AsyncGenerator<string> {
  let token: string | undefined;
  do {
    const page = await send(
      new ListObjectsV2Command({ Bucket: config.bucket, Prefix: config.prefix || undefined, MaxKeys: pageSize, ContinuationToken: token }),
    );
    for (const object of page.Contents ?? []) {
      const key = object.Key?.slice(config.prefix.length) ?? '';
      if (object.Key?.startsWith(config.prefix) && isStoreKey(key)) yield key;
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

/** No such object. A missing bucket is not this (GET says NoSuchBucket, and it is a setting to fix), though HEAD cannot tell them apart. */
const isNotFound = (error: unknown) => error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound');

const encodeMetadata = (metadata: Record<string, string>) =>
  Object.fromEntries(Object.entries(metadata).map(([name, value]) => [name, encodeURIComponent(value)]));

function decodeMetadata(metadata: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(metadata).map(([name, value]) => {
      try {
        return [name.toLowerCase(), decodeURIComponent(value)];
      } catch {
        return [name.toLowerCase(), value];
      }
    }),
  );
}
