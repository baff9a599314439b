/**
 * The file store port: where the bytes of uploaded files live. Two adapters implement it: a local
 * folder (default, `local-store.ts`) and any S3-compatible object store (`s3-store.ts`), chosen by
 * the FILES_* settings. Keys are made by the files service, never taken from a client: lower-case
 * letters, digits and hyphens only, so no key can name a path outside the store. Each object
 * carries a little text metadata beside its bytes (the local folder in a sidecar file, S3 as the
 * object's own metadata), so the store needs no table.
 */
import type { Readable } from 'node:stream';

export type FileStoreKind = 'local' | 's3';

/** What is kept beside an object's bytes. */
export interface StoredObjectInfo {
  contentType: string;
  size: number;
  /** Short text values by lower-case name (S3 lower-cases metadata names). */
  metadata: Record<string, string>;
}

export interface StoredObject extends StoredObjectInfo {
  /** The bytes, read as they are sent: the caller must consume or destroy it. */
  body: Readable;
}

export interface FileStore {
  readonly kind: FileStoreKind;
  /** Stores the bytes under `key` whole or not at all; a reader never sees half an object. */
  put(key: string, bytes: Uint8Array, info: { contentType: string; metadata: Record<string, string> }): Promise<void>;
  /** The object with its bytes as a stream, or null when there is none under `key`. */
  get(key: string): Promise<StoredObject | null>;
  /** The object's type, size and metadata without its bytes, or null. */
  head(key: string): Promise<StoredObjectInfo | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Every key the store holds, read a page at a time (`pageSize` keys a request, for S3): only keys the service could have made,
   * so anything else in a shared folder or bucket is passed over. An object put or removed meanwhile may or may not be listed.
   */
  list(options?: { pageSize?: number }): AsyncIterable<string>;
}

/** A key the service made: 8 to 128 lower-case letters, digits and hyphens, starting with a letter or digit. */
const KEY = /^[a-z0-9][a-z0-9-]{7,127}$/;
/** A metadata name: lower-case letters, digits and hyphens (an HTTP header's name once S3 prefixes it). */
const METADATA_NAME = /^[a-z][a-z0-9-]{0,63}$/;

/** Whether `key` is one the files service could have made. */
export const isStoreKey = (key: string): boolean => KEY.test(key);

/** Throws on a key the files service could not have made: the adapters call this before touching anything. */
export function assertStoreKey(key: string): void {
  if (!KEY.test(key)) throw new Error(`Not a file store key: ${JSON.stringify(key.slice(0, 140))}`);
}

export function assertMetadataNames(metadata: Record<string, string>): void {
  for (const name of Object.keys(metadata)) {
    if (!METADATA_NAME.test(name)) throw new Error(`Not a file metadata name: ${JSON.stringify(name.slice(0, 70))}`);
  }
}
