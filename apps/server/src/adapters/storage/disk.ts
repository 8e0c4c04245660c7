import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Storage } from './storage.js';
import { isStoredName } from './names.js';
import { PRIVATE_FILE_MODE, ensurePrivateDir } from './private.js';

function assertName(name: string): void {
  if (!isStoredName(name)) throw new Error(`Invalid stored file name: ${JSON.stringify(name)}`);
}

/**
 * Files in one folder. A file is written under a temporary name (starting with a dot) and renamed
 * into place only once complete, so a failed or oversized upload never becomes visible and leaves
 * nothing behind. The folder is 0700 and its files 0600: only the server's user reads them.
 */
export function createDiskStorage(dir: string): Storage {
  let ready: Promise<unknown> | null = null;
  const ensureDir = () => (ready ??= ensurePrivateDir(dir).catch((err: unknown) => {
    ready = null;
    throw err;
  }));
  const fileOf = (name: string) => {
    assertName(name);
    return path.join(dir, name);
  };

  return {
    async prepare() {
      await ensureDir();
    },
    async put(name, body) {
      const file = fileOf(name);
      await ensureDir();
      const tmp = path.join(dir, `.${randomUUID()}.part`);
      try {
        await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, fs.createWriteStream(tmp, { flags: 'wx', mode: PRIVATE_FILE_MODE }));
        const { size } = await fsp.stat(tmp);
        await fsp.rename(tmp, file);
        return { size };
      } catch (err) {
        await fsp.rm(tmp, { force: true });
        throw err;
      }
    },
    async get(name) {
      const file = fileOf(name);
      let handle: fsp.FileHandle;
      try {
        handle = await fsp.open(file, 'r');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
      try {
        const stat = await handle.stat();
        if (!stat.isFile()) throw new Error(`Not a file: ${name}`);
        return { stream: handle.createReadStream(), size: stat.size };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },
    async exists(name) {
      try {
        return (await fsp.stat(fileOf(name))).isFile();
      } catch {
        return false;
      }
    },
    async delete(name) {
      await fsp.rm(fileOf(name), { force: true });
    },
  };
}
