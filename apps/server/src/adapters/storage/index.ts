import path from 'node:path';
import type { Config } from '../../config.js';
import { createDiskStorage } from './disk.js';
import { createS3Storage } from './s3.js';
import type { Storage } from './storage.js';

export { isStoredName } from './names.js';
export type { Storage, StoredObject } from './storage.js';

export type StorageConfig = Pick<
  Config,
  'dataDir' | 'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'
>;

/**
 * The configured storage: a bucket when S3_BUCKET is set, else the disk under DATA_DIR/uploads.
 * Made once per app (app.ts: `deps.storage`, shared by every module: one S3 client and its
 * connections), or once by a command line tool (backup), and closed with it.
 */
export function createStorage(config: StorageConfig): Storage {
  return config.S3_BUCKET
    ? createS3Storage({
        bucket: config.S3_BUCKET,
        endpoint: config.S3_ENDPOINT,
        region: config.S3_REGION,
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
        forcePathStyle: config.S3_FORCE_PATH_STYLE ?? Boolean(config.S3_ENDPOINT),
      })
    : createDiskStorage(path.join(config.dataDir, 'uploads'));
}
