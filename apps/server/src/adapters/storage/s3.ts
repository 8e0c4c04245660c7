import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Storage } from './storage.js';
import { isStoredName } from './names.js';

export interface S3Options {
  bucket: string;
  /** An S3-compatible server's URL (MinIO, R2, …); unset: AWS S3 of the region. */
  endpoint?: string;
  region: string;
  /** Both or neither; neither: the SDK's default chain (AWS_* variables, an instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

function assertName(name: string): void {
  if (!isStoredName(name)) throw new Error(`Invalid stored file name: ${JSON.stringify(name)}`);
}

/** The SDK's "no such object" answers (GetObject says NoSuchKey, HeadObject a bare 404). */
function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/**
 * Files as objects of one bucket, named as on disk (`<uuid>.<ext>`). A stream is spooled to a
 * temporary file first and sent as one PUT with its length and MD5 only once it is complete: a
 * failed or oversized upload never reaches the bucket (one PUT is atomic in S3), memory stays
 * small whatever the size, and no multipart upload is left to abort.
 *
 * Checksums are sent only when an operation requires one (plus Content-MD5, which every
 * S3-compatible server checks): the SDK's default trailing CRC32 in aws-chunked bodies is not
 * understood by several S3-compatible servers.
 */
export function createS3Storage(opts: S3Options): Storage & { close(): Promise<void> } {
  const Bucket = opts.bucket;
  // The SDK is loaded on first use, so a server on disk never loads it.
  let sdk: Promise<{ client: S3Client; s3: typeof import('@aws-sdk/client-s3') }> | undefined;
  const open = () =>
    (sdk ??= import('@aws-sdk/client-s3').then((s3) => {
      // The SDK warns on every start under Node 20 (its next majors need 22); Shala supports 20.
      process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
      const client = new s3.S3Client({
        region: opts.region,
        ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
        forcePathStyle: opts.forcePathStyle,
        ...(opts.accessKeyId && opts.secretAccessKey ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } } : {}),
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      });
      return { client, s3 };
    }));

  const send = async (name: string, body: Buffer | fs.ReadStream, size: number, md5: string, mime: string) => {
    const { client, s3 } = await open();
    await client.send(new s3.PutObjectCommand({ Bucket, Key: name, Body: body, ContentLength: size, ContentMD5: md5, ContentType: mime }));
  };

  return {
    async put(name, body, mime) {
      assertName(name);
      if (Buffer.isBuffer(body)) {
        await send(name, body, body.length, createHash('md5').update(body).digest('base64'), mime);
        return { size: body.length };
      }
      const tmp = path.join(os.tmpdir(), `shala-s3-${randomUUID()}.part`);
      try {
        const hash = createHash('md5');
        let size = 0;
        const count = new Transform({
          transform(chunk: Buffer, _enc, done) {
            hash.update(chunk);
            size += chunk.length;
            done(null, chunk);
          },
        });
        await pipeline(body, count, fs.createWriteStream(tmp, { flags: 'wx', mode: 0o600 }));
        await send(name, fs.createReadStream(tmp), size, hash.digest('base64'), mime);
        return { size };
      } finally {
        await fsp.rm(tmp, { force: true });
      }
    },
    async get(name) {
      assertName(name);
      try {
        const { client, s3 } = await open();
        const out = await client.send(new s3.GetObjectCommand({ Bucket, Key: name }));
        const stream = out.Body as Readable;
        return { stream, size: out.ContentLength ?? 0 };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async exists(name) {
      assertName(name);
      try {
        const { client, s3 } = await open();
        await client.send(new s3.HeadObjectCommand({ Bucket, Key: name }));
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        throw err;
      }
    },
    async delete(name) {
      assertName(name);
      // S3 answers 204 for an object that is not there: already idempotent.
      const { client, s3 } = await open();
      await client.send(new s3.DeleteObjectCommand({ Bucket, Key: name }));
    },
    async close() {
      if (sdk) (await sdk).client.destroy();
    },
  };
}
