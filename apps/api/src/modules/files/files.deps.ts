import type { FilesConfig } from '../../config.ts';
import type { FileStore } from './file-store.ts';

/** The configured store (`app.platform.config.files`), or a store of the caller's own (tests). */
export type FilesDeps = { settings: FilesConfig } | { store: FileStore };
