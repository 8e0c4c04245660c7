import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createStorage, type Storage } from '../src/adapters/storage/index.js';
import { startS3, type TestS3 } from './s3-server.js';
import { setupApp } from './helpers.js';

/**
 * The storage contract, the same table of behaviours for each back end: the disk under
 * DATA_DIR/uploads and an S3 bucket on a real S3-compatible server (s3rver, started here).
 */

let s3: TestS3;
const dirs: string[] = [];
const tmpDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shala-storage-'));
  dirs.push(dir);
  return dir;
};

beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.stop();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

interface Backend {
  storage: Storage;
  /** The names the back end holds, as its own listing shows them (temporary files included). */
  held(): string[];
  close(): Promise<void>;
}

const BACKENDS: Array<[string, () => Backend]> = [
  [
    'disk',
    () => {
      const config = loadConfig({ DATA_DIR: tmpDir() });
      const uploads = path.join(config.dataDir, 'uploads');
      const storage = createStorage(config);
      return {
        storage,
        held: () => (fs.existsSync(uploads) ? fs.readdirSync(uploads).sort() : []),
        close: async () => storage.close?.(),
      };
    },
  ],
  [
    's3',
    () => {
      const config = loadConfig({ DATA_DIR: tmpDir(), ...s3.env });
      const storage = createStorage(config);
      return { storage, held: () => s3.objects(), close: async () => storage.close?.() };
    },
  ],
];

const name = (ext = 'bin') => `${randomUUID()}.${ext}`;
async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
/** A body of `chunks` × 64 KiB that, when `fail` is given, fails with it after the last chunk. */
function body(chunks: number, fail?: Error): Readable {
  return Readable.from(
    (async function* () {
      for (let i = 0; i < chunks; i++) yield Buffer.alloc(64 * 1024, i);
      if (fail) throw fail;
    })(),
  );
}

describe.each(BACKENDS)('storage on %s', (_kind, make) => {
  let b: Backend;
  beforeAll(() => {
    b = make();
  });
  afterAll(() => b?.close());

  it('stores a buffer and gives it back as a stream with its size', async () => {
    const n = name('pdf');
    const bytes = Buffer.from('%PDF-1.4 a report card');
    expect(await b.storage.put(n, bytes, 'application/pdf')).toEqual({ size: bytes.length });
    const got = await b.storage.get(n);
    expect(got?.size).toBe(bytes.length);
    expect((await read(got!.stream)).equals(bytes)).toBe(true);
    expect(await b.storage.exists(n)).toBe(true);
    expect(b.held()).toContain(n);
  });

  it('stores a stream of many chunks byte for byte', async () => {
    const n = name('jpg');
    expect(await b.storage.put(n, body(20), 'image/jpeg')).toEqual({ size: 20 * 64 * 1024 });
    const got = await b.storage.get(n);
    expect(got?.size).toBe(20 * 64 * 1024);
    const back = await read(got!.stream);
    expect(back.length).toBe(20 * 64 * 1024);
    expect(back[0]).toBe(0);
    expect(back.at(-1)).toBe(19);
  });

  it('keeps nothing of a body that fails part way (a size limit) and passes its error on', async () => {
    const before = b.held();
    const n = name('png');
    const tooLarge = new Error('"big.png" is larger than 5 MB, the most allowed.');
    await expect(b.storage.put(n, body(8, tooLarge), 'image/png')).rejects.toBe(tooLarge);
    expect(await b.storage.exists(n)).toBe(false);
    expect(await b.storage.get(n)).toBeNull();
    expect(b.held()).toEqual(before);
  });

  it('answers null and false for a name it does not hold', async () => {
    const n = name();
    expect(await b.storage.get(n)).toBeNull();
    expect(await b.storage.exists(n)).toBe(false);
  });

  it('deletes, and deleting again (or what never was) is no error', async () => {
    const n = name('gif');
    await b.storage.put(n, Buffer.from('GIF89a'), 'image/gif');
    await b.storage.delete(n);
    expect(await b.storage.exists(n)).toBe(false);
    expect(await b.storage.get(n)).toBeNull();
    expect(b.held()).not.toContain(n);
    await expect(b.storage.delete(n)).resolves.toBeUndefined();
    await expect(b.storage.delete(name())).resolves.toBeUndefined();
  });

  it('refuses any name the server does not make (no paths, no other keys)', async () => {
    for (const bad of ['../../etc/passwd.png', 'a/b.png', `${randomUUID()}.png/../x.png`, 'notes.txt', '']) {
      await expect(b.storage.put(bad, Buffer.from('x'), 'image/png')).rejects.toThrow(/Invalid stored file name/);
      await expect(b.storage.get(bad)).rejects.toThrow(/Invalid stored file name/);
      await expect(b.storage.delete(bad)).rejects.toThrow(/Invalid stored file name/);
    }
  });
});

describe('private files', () => {
  it('at start the uploads and outbox folders are 0700 (an existing one too), and a stored file is 0600', async () => {
    const dataDir = tmpDir();
    const uploads = path.join(dataDir, 'uploads');
    fs.mkdirSync(uploads);
    fs.chmodSync(uploads, 0o755);
    const env = await setupApp({ DATA_DIR: dataDir });
    try {
      const mode = (p: string) => fs.statSync(p).mode & 0o777;
      expect(mode(uploads)).toBe(0o700);
      expect(mode(env.config.outboxDir)).toBe(0o700);
      const n = name('jpg');
      await env.app.deps.storage.put(n, Buffer.from('a child\'s photo'), 'image/jpeg');
      expect(mode(path.join(uploads, n))).toBe(0o600);
    } finally {
      await env.close();
    }
  });
});

describe('choosing the back end', () => {
  it('uses the bucket when S3_BUCKET is set, and leaves the uploads folder alone', async () => {
    const config = loadConfig({ DATA_DIR: tmpDir(), ...s3.env });
    const n = name('png');
    const storage = createStorage(config);
    await storage.put(n, Buffer.from('png bytes'), 'image/png');
    expect(s3.objects()).toContain(n);
    expect(fs.existsSync(path.join(config.dataDir, 'uploads'))).toBe(false);
    await storage.close?.();
  });

  it('stops at start on a partial or wrong S3 configuration, naming the setting', () => {
    const bad: Array<[Record<string, string>, RegExp]> = [
      [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, /S3_BUCKET: required with S3_ENDPOINT/],
      [{ S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }, /S3_BUCKET: required with S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/],
      [{ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'k' }, /S3_SECRET_ACCESS_KEY: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together/],
      [{ S3_BUCKET: 'Files_Of_School' }, /S3_BUCKET: a bucket name/],
      [{ S3_BUCKET: 'files', S3_ENDPOINT: 'ftp://example.org' }, /S3_ENDPOINT/],
      [{ S3_BUCKET: 'files', S3_FORCE_PATH_STYLE: 'maybe' }, /S3_FORCE_PATH_STYLE/],
    ];
    for (const [env, message] of bad) expect(() => loadConfig({ DATA_DIR: tmpDir(), ...env }), JSON.stringify(env)).toThrow(message);
    const secret = 'wJalrXUtnFEMI-do-not-print';
    expect(() => loadConfig({ S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: secret })).toThrow(/^(?![\s\S]*do-not-print)/);
  });
});
