import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_LIMITS, fileNameParams } from '@shala/contract';
import { eq } from 'drizzle-orm';
import { ORPHAN_AFTER_MS, cleanOriginalName, sweepOrphans } from '../src/modules/files/service.js';
import { files } from '../src/db/schema.js';
import { everyRole, setupApp, type TestEnv } from './helpers.js';

let env: TestEnv;
let tokens: Awaited<ReturnType<typeof everyRole>>['users'];

beforeAll(async () => {
  env = await setupApp();
  tokens = (await everyRole(env)).users;
});
afterAll(() => env?.close());

// Real files, built from their bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** A 40×20 photo taken with the phone on its side (EXIF orientation 6), with its maker and a GPS position. */
const JPEG = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#c33' } })
  .jpeg()
  .withExif({ IFD0: { Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '28/1 36/1 0/1' } })
  .withMetadata({ orientation: 6 })
  .toBuffer();
const GIF = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#3c3' } }).gif().toBuffer();
/** What a polyglot carries after its image data: a page a browser would run if it sniffed the file. */
const HTML = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 72 72]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
/** The start of a 64-bit Linux executable. */
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(56, 0)]);
/** The start of a Windows executable ("MZ" header pointing at a "PE" header). */
const EXE = (() => {
  const b = Buffer.alloc(256, 0);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  return b;
})();

interface Part {
  field: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
}
/** A multipart/form-data body, built by hand. */
function form(parts: Part[]) {
  const boundary = `----shala-test-${randomUUID()}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.field}"${p.filename === undefined ? '' : `; filename="${p.filename}"`}`;
    const type = p.filename === undefined ? '' : `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`), Buffer.from(p.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const token = () => tokens[113].token;
function post(url: string, parts: Part[], t: string | null = token()) {
  const body = form(parts);
  return env.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...(t ? { token: t } : {}) } });
}
const uploadsDir = () => path.join(env.dataDir, 'uploads');
const stored = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()).sort() : []);

describe('POST /api/fileupload', () => {
  it('stores a PNG and a JPEG under new names and serves them back as stored', async () => {
    for (const [file, filename, mime, ext, format] of [
      [PNG, 'avatar.png', 'image/png', 'png', 'png'],
      [JPEG, 'photo.jpeg', 'image/jpeg', 'jpg', 'jpeg'],
    ] as const) {
      const res = await post('/api/fileupload', [{ field: 'file', filename, type: mime, data: file }]);
      expect(res.statusCode, res.body).toBe(200);
      const result = res.json().result;
      expect(result.imageName).toMatch(new RegExp(`^[0-9a-f-]{36}\\.${ext}$`));
      expect(fileNameParams.safeParse({ name: result.imageName }).success).toBe(true);
      const onDisk = fs.readFileSync(path.join(uploadsDir(), result.imageName));
      expect(result).toEqual({ imageName: result.imageName, originalName: filename, mime, size: onDisk.length });
      expect((await sharp(onDisk).metadata()).format).toBe(format);

      const served = await env.app.inject({ url: `/api/uploads/${result.imageName}`, headers: { token: tokens[116].token } }); // a session of the school
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(onDisk)).toBe(true);
      expect(served.headers['content-type']).toBe(mime);
      expect(served.headers['content-length']).toBe(String(onDisk.length));
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-disposition']).toBe(`inline; filename="${result.imageName}"`);
      expect(served.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('encodes an image again: nothing after its data, no metadata (GPS), upright, at most 2048 px', async () => {
    expect((await sharp(JPEG).metadata()).exif).toBeDefined();
    const big = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#33c' } }).png().toBuffer();
    for (const [data, filename, mime, width, height] of [
      [Buffer.concat([JPEG, HTML]), 'photo.jpg', 'image/jpeg', 20, 40],
      [Buffer.concat([GIF, HTML]), 'anim.gif', 'image/gif', 8, 6],
      [big, 'wide.png', 'image/png', 2048, 683],
    ] as const) {
      const res = await post('/api/fileupload', [{ field: 'file', filename, type: mime, data }]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().result.mime).toBe(mime);
      const onDisk = fs.readFileSync(path.join(uploadsDir(), res.json().result.imageName));
      expect(onDisk.includes('<html')).toBe(false);
      expect(onDisk.includes('PhoneCo')).toBe(false);
      const meta = await sharp(onDisk).metadata();
      expect(meta).toMatchObject({ width, height });
      expect(meta.exif).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
    // A palette PNG (a chart, a screenshot) stays a palette PNG, not one of twice the bytes.
    const chart = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#c33' } }).png({ palette: true }).toBuffer();
    const res = await post('/api/fileupload', [{ field: 'file', filename: 'chart.png', type: 'image/png', data: chart }]);
    expect((await sharp(fs.readFileSync(path.join(uploadsDir(), res.json().result.imageName))).metadata()).isPalette).toBe(true);
  });

  it('refuses with 415 an image that does not decode as the type its bytes start as', async () => {
    const before = stored();
    const broken = Buffer.concat([PNG.subarray(0, 40), Buffer.from('not the rest of a PNG')]);
    const res = await post('/api/fileupload', [{ field: 'file', filename: 'broken.png', type: 'image/png', data: broken }]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      error: 'UNSUPPORTED_MEDIA_TYPE',
      message: '"broken.png" could not be read as a PNG image.',
      reason: 'image_unreadable',
      params: { name: 'broken.png' },
    });
    expect(stored()).toEqual(before);
  });

  it('takes the type from the bytes: a misnamed image is stored under its real type', async () => {
    const res = await post('/api/fileupload', [{ field: 'file', filename: 'picture.gif', type: 'image/gif', data: PNG }]);
    expect(res.statusCode).toBe(200);
    expect(res.json().result.mime).toBe('image/png');
    expect(res.json().result.imageName).toMatch(/\.png$/);
  });

  it.each([
    ['an ELF executable renamed .png', ELF, 'evil.png', 'image/png'],
    ['a Windows executable renamed .png', EXE, 'setup.png', 'image/png'],
    ['a text file renamed .jpg', Buffer.from('just some text, not a photo\n'), 'notes.jpg', 'image/jpeg'],
    ['a PDF (not an image)', PDF, 'doc.pdf', 'application/pdf'],
  ])('refuses %s with 415 and stores nothing', async (_what, data, filename, type) => {
    const before = stored();
    const res = await post('/api/fileupload', [{ field: 'file', filename, type, data }]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      error: 'UNSUPPORTED_MEDIA_TYPE',
      message: `"${filename}" is not an accepted file type. Accepted: JPEG, PNG, WebP, GIF.`,
      reason: 'file_type',
      params: { name: filename, accepted: 'JPEG, PNG, WebP, GIF' },
    });
    expect(stored()).toEqual(before);
  });

  it('refuses an image over the limit with 413 and leaves nothing in the uploads folder', async () => {
    const before = stored();
    const big = Buffer.concat([PNG, Buffer.alloc(UPLOAD_LIMITS.imageBytes, 0)]);
    const res = await post('/api/fileupload', [{ field: 'file', filename: 'huge.png', type: 'image/png', data: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error: 'PAYLOAD_TOO_LARGE',
      message: '"huge.png" is larger than 2 MB, the most allowed.',
      reason: 'file_too_large',
      params: { name: 'huge.png', maxMb: 2 },
    });
    expect(stored()).toEqual(before);
  });

  it('stores a path-traversal name under a uuid inside the uploads folder only', async () => {
    const before = stored();
    const outside = path.resolve(uploadsDir(), '../../etc/passwd.png');
    const res = await post('/api/fileupload', [{ field: 'file', filename: '../../etc/passwd.png', type: 'image/png', data: PNG }]);
    expect(res.statusCode).toBe(200);
    const { imageName, originalName } = res.json().result;
    expect(originalName).toBe('passwd.png');
    expect(stored()).toEqual([...before, imageName].sort());
    expect(stored().every((n) => /^[0-9a-f-]{36}\.(png|jpg|webp|gif|pdf)$/.test(n))).toBe(true);
    expect(fs.existsSync(outside)).toBe(false);
    expect(fs.readdirSync(env.dataDir).filter((n) => n !== 'uploads' && !n.startsWith('pglite'))).not.toContain('etc');
  });

  it('cleans the original name before echoing it', () => {
    expect(cleanOriginalName('..\\..\\windows\\evil.png')).toBe('evil.png');
    expect(cleanOriginalName('a\u0000b\u202ec\r\n.png')).toBe('abc.png');
    expect(cleanOriginalName('x'.repeat(500))).toHaveLength(200);
    expect(cleanOriginalName(undefined)).toBe('file');
  });

  it('answers 400 without a file, with another field, or when the body is not multipart', async () => {
    const noFile = await post('/api/fileupload', [{ field: 'note', data: 'hello' }]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toEqual({
      error: 'BAD_REQUEST',
      message: 'No file was sent: put the image in the field "file".',
      reason: 'file_missing',
      field: 'file',
    });
    const wrongField = await post('/api/fileupload', [{ field: 'avatar', filename: 'a.png', type: 'image/png', data: PNG }]);
    expect(wrongField.statusCode).toBe(400);
    const json = await env.app.inject({ method: 'POST', url: '/api/fileupload', payload: { file: 'x' }, headers: { token: token() } });
    expect(json.statusCode).toBe(400);
    expect(json.json().error).toBe('BAD_REQUEST');
    const empty = await post('/api/fileupload', [{ field: 'file', filename: 'empty.png', type: 'image/png', data: '' }]);
    expect(empty.statusCode).toBe(400);
  });

  it('answers 400, not 5xx, for a broken multipart body', async () => {
    const res = await env.app.inject({
      method: 'POST',
      url: '/api/fileupload',
      payload: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
      headers: { token: token(), 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('needs a session, and any role may upload', async () => {
    const res = await post('/api/fileupload', [{ field: 'file', filename: 'a.png', type: 'image/png', data: PNG }], null);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('UNAUTHENTICATED');
    for (const role of [111, 112, 114, 115, 116] as const) {
      const ok = await post('/api/fileupload', [{ field: 'file', filename: 'a.png', type: 'image/png', data: PNG }], tokens[role].token);
      expect(ok.statusCode, `role ${role}`).toBe(200);
    }
  });
});

describe('POST /api/fileupload/multi', () => {
  it('stores a PNG and a PDF; the PDF is served as an attachment', async () => {
    const res = await post('/api/fileupload/multi', [
      { field: 'files', filename: 'diagram.png', type: 'image/png', data: PNG },
      { field: 'files', filename: 'homework.pdf', type: 'application/pdf', data: PDF },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [png, pdf] = res.json().result;
    expect(png).toMatchObject({ originalName: 'diagram.png', mime: 'image/png' });
    expect(pdf).toMatchObject({ originalName: 'homework.pdf', mime: 'application/pdf', size: PDF.length });
    expect(pdf.imageName).toMatch(/^[0-9a-f-]{36}\.pdf$/);
    const served = await env.app.inject({ url: `/api/uploads/${pdf.imageName}`, headers: { token: token() } });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PDF)).toBe(true);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe(`attachment; filename="${pdf.imageName}"`);
  });

  it.each([
    ['JavaScript', '/OpenAction 4 0 R>>endobj\n4 0 obj<</S/JavaScript/JS(app.alert(1))>>endobj\n'],
    ['a name written with #xx escapes', '/Names<</J#61vaScript 6 0 R>>>>endobj\n'],
    ['an action hidden in a compressed object stream', '>>endobj\n4 0 obj<</Type/ObjStm/N 1/First 4/Filter/FlateDecode/Length 0>>stream\n'],
    ['an embedded file', '/Names<</EmbeddedFiles 5 0 R>>>>endobj\n'],
  ])('refuses a PDF with %s (415, pdf_active), and stores none', async (what, tail) => {
    const before = stored();
    let pdf = Buffer.from(`%PDF-1.7\n1 0 obj<</Type/Catalog/Pages 2 0 R${tail}`);
    if (what.includes('compressed')) {
      const objects = zlib.deflateSync(Buffer.from('5 0 <</S/Launch/F(cmd.exe)>>'));
      pdf = Buffer.concat([pdf.subarray(0, pdf.indexOf('/Length 0')), Buffer.from(`/Length ${objects.length}>>stream\n`), objects, Buffer.from('\nendstream\nendobj\n')]);
    }
    pdf = Buffer.concat([pdf, Buffer.from('2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n')]);
    const res = await post('/api/fileupload/multi', [
      { field: 'files', filename: 'ok.png', type: 'image/png', data: PNG },
      { field: 'files', filename: 'sheet.pdf', type: 'application/pdf', data: pdf },
    ]);
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json()).toMatchObject({ error: 'UNSUPPORTED_MEDIA_TYPE', reason: 'pdf_active', params: { name: 'sheet.pdf' } });
    expect(stored()).toEqual(before);
  });

  it('keeps a PDF whose compressed data only looks like names, and one that opens at a page', async () => {
    const page = Buffer.from(PDF.toString('latin1').replace('/Pages 2 0 R>>', '/Pages 2 0 R/OpenAction[3 0 R/Fit]>>'));
    const image = Buffer.concat([Buffer.from('4 0 obj<</Length 8/Filter/DCTDecode>>stream\n'), Buffer.from('/JS /AA '), Buffer.from('\nendstream\nendobj\n')]);
    const withStream = Buffer.concat([PDF.subarray(0, PDF.indexOf('trailer')), image, PDF.subarray(PDF.indexOf('trailer'))]);
    const res = await post('/api/fileupload/multi', [
      { field: 'files', filename: 'page.pdf', type: 'application/pdf', data: page },
      { field: 'files', filename: 'scan.pdf', type: 'application/pdf', data: withStream },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.map((f: { size: number }) => f.size)).toEqual([page.length, withStream.length]);
  });

  it('stores all or none: one executable among the files refuses the lot with 415', async () => {
    const before = stored();
    const res = await post('/api/fileupload/multi', [
      { field: 'files', filename: 'ok.png', type: 'image/png', data: PNG },
      { field: 'files', filename: 'run.pdf', type: 'application/pdf', data: ELF },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('"run.pdf" is not an accepted file type. Accepted: JPEG, PNG, WebP, GIF, PDF, DOCX, XLSX, PPTX, ODT, ODS, ODP, DOC, XLS, PPT.');
    expect(stored()).toEqual(before);
  });

  it(`refuses more than ${UPLOAD_LIMITS.files} files with 413 and stores none`, async () => {
    const before = stored();
    const parts = Array.from({ length: UPLOAD_LIMITS.files + 1 }, (_, i) => ({ field: 'files', filename: `p${i}.png`, type: 'image/png', data: PNG }));
    const res = await post('/api/fileupload/multi', parts);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error: 'PAYLOAD_TOO_LARGE',
      message: `At most ${UPLOAD_LIMITS.files} files can be uploaded at once.`,
      reason: 'too_many_files',
      params: { max: UPLOAD_LIMITS.files },
    });
    expect(stored()).toEqual(before);
  });

  it('refuses a file over the limit with 413 and stores none', async () => {
    const before = stored();
    const res = await post('/api/fileupload/multi', [
      { field: 'files', filename: 'ok.png', type: 'image/png', data: PNG },
      { field: 'files', filename: 'big.pdf', type: 'application/pdf', data: Buffer.concat([PDF, Buffer.alloc(UPLOAD_LIMITS.fileBytes)]) },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('"big.pdf" is larger than 10 MB, the most allowed.');
    expect(stored()).toEqual(before);
  });

  it('answers 400 without files and 401 without a session', async () => {
    expect((await post('/api/fileupload/multi', [{ field: 'note', data: 'x' }])).statusCode).toBe(400);
    const res = await post('/api/fileupload/multi', [{ field: 'files', filename: 'a.png', type: 'image/png', data: PNG }], null);
    expect(res.statusCode).toBe(401);
  });
});

const get = (name: string, t: string | null = token()) => env.app.inject({ url: `/api/uploads/${name}`, headers: t ? { token: t } : {} });

describe('GET /api/uploads/:name', () => {
  it('answers 404 for an unknown name and 400 for a malformed one', async () => {
    const unknown = await get(`${randomUUID()}.png`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'NOT_FOUND', message: 'File not found.' });
    expect((await get(`${randomUUID()}.exe`)).statusCode).toBe(404);
    for (const name of ['passwd', '..%2F..%2Fetc%2Fpasswd', `${randomUUID()}.PNG`, '.%2E%2Fx.png']) {
      const res = await get(name);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error).toBe('VALIDATION_ERROR');
    }
  });

  it('is private: 401 without a session, 404 for another school, the platform owner reads any', async () => {
    const up = await post('/api/fileupload', [{ field: 'file', filename: 'a.png', type: 'image/png', data: PNG }]);
    const name = up.json().result.imageName as string;
    const noSession = await get(name, null);
    expect(noSession.statusCode).toBe(401);
    expect(noSession.json().error).toBe('UNAUTHENTICATED');
    const other = await everyRole(env);
    const elsewhere = await get(name, other.users[113].token);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual({ error: 'NOT_FOUND', message: 'File not found.' });
    expect((await get(name, tokens[114].token)).statusCode).toBe(200);
    expect((await get(name, other.users[111].token)).statusCode).toBe(200);
  });

  it("attaches a school logo uploaded by the platform owner to that school, so the school's users can read it", async () => {
    const owner = tokens[111].token;
    const up = await post('/api/fileupload', [{ field: 'file', filename: 'logo.png', type: 'image/png', data: PNG }], owner);
    const name = up.json().result.imageName as string;
    const s = await env.f.school();
    const principal = await env.f.token(await env.f.user(113, s));
    expect((await get(name, principal)).statusCode).toBe(404);
    const saved = await env.app.inject({ method: 'PATCH', url: `/api/schools/${s.id}`, headers: { token: owner }, payload: { image: name } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await get(name, principal)).statusCode).toBe(200);
    expect((await get(name, token())).statusCode).toBe(404);
  });
});

describe('quota and orphans', () => {
  it(`refuses uploads beyond ${UPLOAD_LIMITS.userQuotaBytes / 1024 / 1024} MB per person with 413 and a clear message`, async () => {
    const s = await env.f.school();
    const teacher = await env.f.user(114, s);
    const t = await env.f.token(teacher);
    // The files already stored by this teacher fill the quota but for a few bytes.
    await env.db.insert(files).values({ name: `${randomUUID()}.pdf`, schoolId: s.id, ownerId: teacher.id, size: UPLOAD_LIMITS.userQuotaBytes - 10, mime: 'application/pdf' });
    const before = stored();
    const res = await post('/api/fileupload', [{ field: 'file', filename: 'a.png', type: 'image/png', data: PNG }], t);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      error: 'PAYLOAD_TOO_LARGE',
      reason: 'quota_exceeded',
      params: { maxMb: 50 },
      message: expect.stringContaining('50 MB, the most allowed per person'),
    });
    expect(stored()).toEqual(before);
    // Another person of the same school is not affected.
    expect((await post('/api/fileupload', [{ field: 'file', filename: 'a.png', type: 'image/png', data: PNG }])).statusCode).toBe(200);
  });

  it('removes files never attached to a record after a day, bytes and row; attached ones stay', async () => {
    const storage = env.app.deps.storage;
    const upload = async () => (await post('/api/fileupload', [{ field: 'file', filename: 'a.png', type: 'image/png', data: PNG }])).json().result.imageName as string;
    const [orphan, photo] = [await upload(), await upload()];
    const me = tokens[113];
    const saved = await env.app.inject({ method: 'PATCH', url: `/api/account/${me.id}`, headers: { token: me.token }, payload: { image: photo } });
    expect(saved.statusCode).toBe(200);
    await sweepOrphans(env.db, storage, new Date(Date.now() + 60_000));
    expect(stored()).toContain(orphan);
    await sweepOrphans(env.db, storage, new Date(Date.now() + ORPHAN_AFTER_MS + 60_000));
    expect(stored()).not.toContain(orphan);
    expect(stored()).toContain(photo);
    expect(await env.db.select().from(files).where(eq(files.name, orphan))).toEqual([]);
    expect((await get(photo)).statusCode).toBe(200);
    expect((await get(orphan)).statusCode).toBe(404);

    // A replaced photo is no longer attached: it goes at the next sweep and frees its bytes.
    const next = await upload();
    await env.app.inject({ method: 'PATCH', url: `/api/account/${me.id}`, headers: { token: me.token }, payload: { image: next } });
    await sweepOrphans(env.db, storage, new Date(Date.now() + ORPHAN_AFTER_MS + 60_000));
    expect(stored()).not.toContain(photo);
    expect(stored()).toContain(next);
  });
});

describe('over a real connection', () => {
  it('answers a refused upload while the client is still sending, and releases the connection', async () => {
    const own = await setupApp();
    try {
      const user = await own.f.user(114, await own.f.school());
      const address = await own.app.listen({ port: 0, host: '127.0.0.1' });
      for (const [url, field, data, status] of [
        ['/api/fileupload', 'file', Buffer.concat([ELF, Buffer.alloc(4 * 1024 * 1024)]), 415],
        ['/api/fileupload', 'file', Buffer.concat([PNG, Buffer.alloc(4 * 1024 * 1024)]), 413],
        ['/api/fileupload/multi', 'files', Buffer.concat([EXE, Buffer.alloc(4 * 1024 * 1024)]), 415],
      ] as const) {
        const body = new FormData();
        body.append(field, new Blob([data]), 'big.png');
        const res = await fetch(`${address}${url}`, { method: 'POST', body, headers: { token: await own.f.token(user) } });
        expect(res.status).toBe(status);
        expect((await res.json()).error).toBe(status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'PAYLOAD_TOO_LARGE');
      }
      expect(fs.readdirSync(path.join(own.dataDir, 'uploads'))).toEqual([]);
    } finally {
      // Hangs (and fails on the hook timeout) if a refused upload left its connection waiting.
      await own.close();
    }
  });
});
