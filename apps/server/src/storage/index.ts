import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config.js';
import { createDiskStorage } from './disk.js';

export { isStoredName } from './names.js';

/** A stored object, opened for reading. */
export interface StoredObject {
  stream: Readable;
  size: number;
}

/**
 * Where uploaded files live. Names are chosen by the server (`<uuid>.<ext>`), never by a client.
 * The disk back end is the default; an S3-compatible one (DESIGN: when S3_* is set) implements
 * the same four calls.
 */
export interface Storage {
  /**
   * Stores body under name. All or nothing: if body fails (an error, a size limit) nothing is left
   * behind and the error is passed on. Returns the number of bytes stored.
   */
  put(name: string, body: Readable | Buffer, mime: string): Promise<{ size: number }>;
  /** The object, or null when there is none. */
  get(name: string): Promise<StoredObject | null>;
  exists(name: string): Promise<boolean>;
  /** Removes the object; no error when it is already gone. */
  delete(name: string): Promise<void>;
}

/** The configured storage: for now always the disk under DATA_DIR/uploads. */
export function createStorage(config: Pick<Config, 'dataDir'>): Storage {
  return createDiskStorage(path.join(config.dataDir, 'uploads'));
}
