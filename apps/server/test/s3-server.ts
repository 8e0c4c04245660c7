import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's own key pair: it checks every request's signature against it. */
const KEY = 'S3RVER';

export interface TestS3 {
  /** The app's S3_* settings for this server and its one bucket. */
  env: Record<string, string>;
  /** The bucket's objects (s3rver keeps each as `<key>._S3rver_object` in its folder). */
  objects(): string[];
  stop(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver) on a free loopback port, with one empty bucket, in a folder
 * of its own that goes when it stops.
 */
export async function startS3(bucket = 'shala-test'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'shala-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const dir = path.join(directory, bucket);
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
    },
    objects: () =>
      (fs.existsSync(dir) ? fs.readdirSync(dir) : [])
        .filter((f) => f.endsWith('._S3rver_object'))
        .map((f) => f.slice(0, -'._S3rver_object'.length))
        .sort(),
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
