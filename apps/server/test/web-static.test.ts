import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupApp, type TestEnv } from './helpers.js';

// The web app's files as the build leaves them (apps/web/precompress.ts): each text file with its
// brotli and gzip copies beside it. The server sends the copy the browser accepts as it is.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shala-web-'));
const SCRIPT = `export const greeting = ${JSON.stringify('Namaste, '.repeat(400))};\n`;
const PAGE = `<!doctype html><html><head><title>Shala</title></head><body>${'<div id="root"></div>'.repeat(80)}</body></html>\n`;

function writeBuilt(file: string, body: string) {
  const full = path.join(dist, file);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, body);
  fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${full}.gz`, zlib.gzipSync(body, { level: 9 }));
}

let env: TestEnv;
beforeAll(async () => {
  writeBuilt('index.html', PAGE);
  writeBuilt('assets/app-abc123.js', SCRIPT);
  env = await setupApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await env?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  env.app.inject({ url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('the web app’s files', () => {
  const script = '/sms_frontend/assets/app-abc123.js';
  const built = (file: string, ext: string) => fs.readFileSync(path.join(dist, `${file}${ext}`));

  it('sends the brotli copy, byte for byte, to a browser that accepts it', async () => {
    const res = await get(script, 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The file written at build time, not compressed again.
    expect(res.rawPayload.equals(built('assets/app-abc123.js', '.br'))).toBe(true);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy to a browser that accepts gzip only', async () => {
    const res = await get(script, 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.rawPayload.equals(built('assets/app-abc123.js', '.gz'))).toBe(true);
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the plain file to a client that accepts no compression', async () => {
    for (const accept of [undefined, 'identity']) {
      const res = await get(script, accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
      expect(res.body).toBe(SCRIPT);
    }
  });

  it('sends the page of a client route compressed the same way', async () => {
    const res = await get('/sms_frontend/parentdashboard', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.rawPayload.equals(built('index.html', '.br'))).toBe(true);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(PAGE);
    const plain = await get('/sms_frontend/parentdashboard');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(PAGE);
  });
});
