import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config.js';
import { createDiskStorage } from './disk.js';
import { createS3Storage } from './s3.js';

export { isStoredName } from './names.js';

/** A stored object, opened for reading. */
export interface StoredObject {
  stream: Readable;
  size: number;
}

/**
 * Where uploaded files live. Names are chosen by the server (`<uuid>.<ext>`), never by a client.
 * The disk back end is the default; an S3-compatible one (when S3_BUCKET is set) implements the
 * same four calls.
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
  /** At start: makes ready what the back end needs (the disk's private folder). */
  prepare?(): Promise<void>;
}

export type StorageConfig = Pick<
  Config,
  'dataDir' | 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'
>;

type Opened = Storage & { close?(): Promise<void> };
const opened = new WeakMap<StorageConfig, Opened>();

/**
 * The configured storage: a bucket when S3_BUCKET is set, else the disk under DATA_DIR/uploads.
 * One per config, shared by every module of an app (one S3 client and its connections).
 */
export function createStorage(config: StorageConfig): Storage {
  let storage = opened.get(config);
  if (!storage) {
    storage = config.S3_BUCKET
      ? createS3Storage({
          bucket: config.S3_BUCKET,
          endpoint: config.S3_ENDPOINT,
          region: config.S3_REGION,
          accessKeyId: config.S3_ACCESS_KEY_ID,
          secretAccessKey: config.S3_SECRET_ACCESS_KEY,
          forcePathStyle: config.S3_FORCE_PATH_STYLE ?? Boolean(config.S3_ENDPOINT),
        })
      : createDiskStorage(path.join(config.dataDir, 'uploads'));
    opened.set(config, storage);
  }
  return storage;
}

/** Closes the config's storage (its S3 client's connections), when the app closes. */
export async function closeStorage(config: StorageConfig): Promise<void> {
  const storage = opened.get(config);
  opened.delete(config);
  await storage?.close?.();
}
