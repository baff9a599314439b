/**
 * The file store in a local folder (default `$DATA_DIR/files`, or FILES_DIR). An object is two
 * files in a sub-folder named by the key's first two characters: the bytes under the key, and
 * `<key>.json` holding its type, size and metadata. Each is written to a temporary file, flushed
 * and renamed into place; the sidecar last, so an object exists only once both are whole. Removal
 * takes the sidecar first, and the listing reads the sidecars, so it names only whole objects. Fine for one instance; several
 * instances need a shared store (S3).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertMetadataNames, assertStoreKey, isStoreKey, type FileStore, type StoredObjectInfo } from './file-store.ts';

const TEMPORARY_PREFIX = '.tmp-';

export function createLocalFileStore(dir: string): FileStore {
  const root = path.resolve(dir);
  const locate = (key: string) => {
    assertStoreKey(key);
    const folder = path.join(root, key.slice(0, 2));
    const bytes = path.join(folder, key);
    // The key's pattern already rules out separators and dots; this is the second lock on the door.
    if (path.dirname(path.dirname(bytes)) !== root) throw new Error(`File store key escapes the folder: ${key}`);
    return { folder, bytes, sidecar: `${bytes}.json` };
  };

  const writeWhole = async (folder: string, target: string, data: Uint8Array | string) => {
    const temporary = path.join(folder, `${TEMPORARY_PREFIX}${randomBytes(8).toString('hex')}`);
    const handle = await fs.open(temporary, 'wx', 0o640);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await fs.rename(temporary, target);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  };

  const readInfo = async (sidecar: string): Promise<StoredObjectInfo | null> => {
    try {
      return JSON.parse(await fs.readFile(sidecar, 'utf8')) as StoredObjectInfo;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };

  return {
    kind: 'local',
    async put(key, bytes, { contentType, metadata }) {
      assertMetadataNames(metadata);
      const where = locate(key);
      await fs.mkdir(where.folder, { recursive: true, mode: 0o750 });
      const info: StoredObjectInfo = { contentType, size: bytes.length, metadata };
      await writeWhole(where.folder, where.bytes, bytes);
      await writeWhole(where.folder, where.sidecar, JSON.stringify(info));
    },
    async get(key) {
      const where = locate(key);
      const info = await readInfo(where.sidecar);
      if (!info) return null;
      // Opened before answering, so an object removed meanwhile reads as absent, not as a broken stream.
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(where.bytes, 'r');
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      return { ...info, body: handle.createReadStream() };
    },
    async head(key) {
      return readInfo(locate(key).sidecar);
    },
    async exists(key) {
      return (await readInfo(locate(key).sidecar)) !== null;
    },
    async delete(key) {
      const where = locate(key);
      await fs.rm(where.sidecar, { force: true });
      await fs.rm(where.bytes, { force: true });
    },
    async *list() {
      // A folder per key's first two characters, in order; an object is there once its sidecar is.
      for (const folder of (await entries(root)).filter((entry) => entry.isDirectory() && /^[a-z0-9]{2}$/.test(entry.name))) {
        for (const file of await entries(path.join(root, folder.name))) {
          const key = file.name.endsWith('.json') ? file.name.slice(0, -'.json'.length) : '';
          if (file.isFile() && isStoreKey(key) && key.startsWith(folder.name)) yield key;
        }
      }
    },
  };
}

/** A folder's entries by name; none when it is not there (nothing stored yet, or removed meanwhile). */
async function entries(folder: string) {
  try {
    return (await fs.readdir(folder, { withFileTypes: true })).toSorted((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';
